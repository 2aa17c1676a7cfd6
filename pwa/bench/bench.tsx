/**
 * The sync benchmark's page: the real on-device data layer (the engine the app
 * creates, its RxDB/Dexie database with field encryption, replication, live
 * channel and upload queue, and the screens' own write hooks), driven from
 * `sync.bench.mjs` through `window.bench`. Times are taken in the page (clock.ts). The chart opened offline is
 * chart-phase.tsx; the storage floors without RxDB and sealing are floors.ts.
 */
import { createRoot } from "react-dom/client";
import { createRxDatabase, type RxJsonSchema } from "rxdb";
import { getRxStorageDexie } from "rxdb/plugins/storage-dexie";
import { combineLatest, filter, firstValueFrom, map, Subject, throwError, timeout } from "rxjs";
import { type CollectionName, collectionOf, SYNC_COLLECTIONS } from "../../sync/collections/index.ts";
import { PULL_BULK_LIMIT_MAX } from "../../sync/protocol.ts";
import { syncVersion } from "../src/features/sync/lib/sync-api.ts";
import { createSessionActions } from "../src/features/auth/session-actions.ts";
import { createSyncEngine, SyncProvider, useSaveNoteDraft, useSendMessage } from "../src/features/sync/index.ts";
import type { SyncEngine } from "../src/features/sync/index.ts";
import { createAppDeps, createMemoryStorage } from "../src/lib/app-deps.tsx";
import { toRxConflictHandler } from "../src/features/sync/lib/conflict-handlers.ts";
import { type PullStreamItem, replicateCollection } from "../src/features/sync/lib/replication.ts";
import { validDocuments } from "../src/features/sync/lib/validate-docs.ts";
import type { WriteTrace } from "../src/features/sync/lib/write-trace.ts";
import { createChartPhase } from "./chart-phase.tsx";
import { now, waitUntil } from "./clock.ts";
import { createFloors } from "./floors.ts";

type Hooks = { saveDraft: ReturnType<typeof useSaveNoteDraft>; sendMessage: ReturnType<typeof useSendMessage> };


// Every pull page's transfer is read back (`pulledBytes`): keep more than the default 250 entries.
performance.setResourceTimingBufferSize(5000);

const storage = createMemoryStorage();
const tabStorage = createMemoryStorage();
const deps = createAppDeps({ storage, tabFlags: tabStorage });
const engine: SyncEngine = createSyncEngine({ ...deps, storage, tabStorage });
let hooks: Hooks | null = null;
let readyAt: number | null = null;
const seen = new Map<string, number>();

engine.status.subscribe(() => {
  if (readyAt === null && engine.status.get().state === "ready") readyAt = now();
});

/** Renders nothing: hands the screens' write hooks to the benchmark. */
function Hooks() {
  hooks = { saveDraft: useSaveNoteDraft(), sendMessage: useSendMessage() };
  return null;
}
createRoot(document.body.appendChild(document.createElement("div"))).render(
  <SyncProvider engine={engine}>
    <Hooks />
  </SyncProvider>,
);

function local() {
  const data = engine.local();
  if (!data) throw new Error(`the local data is not open (state ${engine.status.get().state})`);
  return data;
}

function write(): Hooks {
  if (!hooks) throw new Error("the hooks are not rendered");
  return hooks;
}

/** What the pull pages of a collection took on the wire (compressed) and as JSON, from Resource Timing. */
function pulledBytes(name: CollectionName) {
  const pages = (performance.getEntriesByType("resource") as PerformanceResourceTiming[])
    .filter((entry) => entry.name.includes(`/${name}/pull`));
  const sum = (pick: (entry: PerformanceResourceTiming) => number) => pages.reduce((total, entry) => total + pick(entry), 0);
  return { pages: pages.length, wireBytes: sum((e) => e.encodedBodySize), jsonBytes: sum((e) => e.decodedBodySize) };
}

const benchApi = {
  ...createFloors(local),
  ...createChartPhase(deps, engine),
  async signIn(email: string, password: string) {
    await engine.start();
    await createSessionActions(deps).login({ email, password });
  },

  /** Resolves when the local data is open and replication starts (where the initial sync's time starts). */
  async waitReady() {
    await waitUntil(() => readyAt !== null, 60_000, "the local data to open", 1);
  },

  /**
   * From the moment the empty database is open and replication starts until
   * every document the server holds for this user is on the device.
   */
  async initialSync(expected: Record<string, number>, detail: CollectionName = "note_drafts", timeoutMs = 300_000) {
    await waitUntil(() => readyAt !== null, 60_000, "the local data to open");
    const start = readyAt!;
    const { db } = local();
    // Counted as a screen would: a live count per collection, updated by each stored batch (no polling).
    const counts$ = combineLatest(
      Object.keys(expected).map((name) => db[name as CollectionName].count().$.pipe(map((n) => [name, n] as const))),
    ).pipe(map((pairs) => Object.fromEntries(pairs) as Record<string, number>));
    const last = await firstValueFrom(counts$.pipe(
      filter((counts) => Object.entries(expected).every(([name, n]) => counts[name] >= n)),
      timeout({ first: timeoutMs, with: () => throwError(() => new Error("timed out waiting for the initial replication")) }),
    ));
    const stored = now();
    const ms = stored - start;
    const docs = Object.values(last).reduce((a, b) => a + b, 0);
    // Each page of `detail` (note drafts) in this pull: asked, first byte, last byte (ms from the start).
    const base = start - performance.timeOrigin;
    const timeline = (performance.getEntriesByType("resource") as PerformanceResourceTiming[])
      .filter((entry) => entry.name.includes(`/${detail}/pull`) && entry.startTime >= base - 1)
      .map((e) => `${(e.startTime - base).toFixed(0)}→${(e.responseStart - base).toFixed(0)}→${(e.responseEnd - base).toFixed(0)}`).join(" ");
    return { ms, docs, timeline, byCollection: Object.entries(last).map(([n, c]) => `${n} ${c}`).join(", "), ...pulledBytes(detail) };
  },

  /**
   * Where the initial sync's time goes (diagnostics, not the headline figures):
   * the same pages fetched and validated with nothing stored; then the real
   * replication of note drafts into an RxDB/Dexie database without field encryption,
   * RxDB's per-document path (`replicateCollection` alone, no bulk first pull).
   */
  async breakdown() {
    const collection = collectionOf("note_drafts");
    let fetchMs = 0;
    let validateMs = 0;
    let pages = 0;
    let checkpoint = null as { updatedAt: number; id: string } | null;
    for (;;) {
      const t0 = now();
      const page = await deps.api.GET("/sync/{version}/{collection}/pull", {
        path: { version: syncVersion, collection: "note_drafts" },
        query: { updatedAt: checkpoint?.updatedAt, id: checkpoint?.id, limit: PULL_BULK_LIMIT_MAX },
      });
      const t1 = now();
      validDocuments(collection, page.documents);
      validateMs += now() - t1;
      fetchMs += t1 - t0;
      if (!page.checkpoint) break;
      pages += 1;
      checkpoint = page.checkpoint;
    }

    const name = `bench-plain-${Date.now()}`;
    const db = await createRxDatabase({ name, storage: getRxStorageDexie(), multiInstance: false });
    const schema = { ...SYNC_COLLECTIONS.note_drafts.rxSchema } as unknown as RxJsonSchema<unknown>;
    await db.addCollections({ note_drafts: { schema, conflictHandler: toRxConflictHandler(collection) as never } });
    const t0 = now();
    const state = replicateCollection({
      db: db as never,
      name: "note_drafts",
      api: deps.api,
      stream$: new Subject<PullStreamItem>(),
      events: { synced() {}, outdated() {}, settled() {} },
    });
    await state.awaitInitialReplication();
    const plainMs = now() - t0;
    const plainDocs = await db.note_drafts.count().exec();
    await state.cancel();
    await db.remove();
    return { pages, fetchMs, validateMs, plainMs, plainDocs };
  },

  /** `n` drafts edited through the screens' save hook while offline; resolves when all are written locally. */
  async editOffline(n: number) {
    const marker = `offline-edit-${Date.now()}`;
    // Each draft keeps its RxDB document until the edits are done, as the editing screen's live list does: RxDB keeps a
    // document only while something references it (its query cache lets unused queries go, its document cache is
    // weak), and once they were collected every edit's read went to IndexedDB (hook read 395–582 ms instead of
    // 44–51 ms in 2 runs of 6; 856 ms with the query dropped and a garbage collection forced).
    const drafts = (await local().db.note_drafts.find({ limit: n }).exec()).map((doc) => ({ doc, ...doc.toMutableJSON() }));
    if (drafts.length < n) throw new Error(`only ${drafts.length} drafts to edit`);
    const each: number[] = [];
    const trace: WriteTrace = {};
    (globalThis as { __dpcWriteTrace?: WriteTrace }).__dpcWriteTrace = trace;
    const start = now();
    for (const draft of drafts) {
      const at = now();
      await write().saveDraft({
        id: draft.id,
        patientId: draft.patientId,
        title: draft.title,
        fields: { ...draft.fields, text: `${draft.fields.text ?? ""} ${marker}` },
      });
      each.push(now() - at);
    }
    const ms = now() - start;
    // The waiting marks are written behind the edits (`pending-marks.ts`): the last ones, outside the timing.
    await local().flushPending?.();
    delete (globalThis as { __dpcWriteTrace?: WriteTrace }).__dpcWriteTrace;
    each.sort((a, b) => a - b);
    const p = (q: number) => each[Math.min(each.length - 1, Math.floor((q / 100) * each.length))];
    return { changes: drafts.length, ms, p50: p(50), p95: p(95), pending: engine.status.get().pending, marker, trace };
  },

  /** Waits for the network, then until the server has acknowledged every local change. */
  async awaitPushedAfterOnline() {
    if (navigator.onLine) throw new Error("already online: call this before going back online");
    const onlineAt = await new Promise<number>((resolve) => addEventListener("online", () => resolve(now()), { once: true }));
    await waitUntil(() => engine.status.get().pending === 0, 120_000, "the offline changes to be acknowledged", 5);
    return { ms: now() - onlineAt };
  },

  /** Remembers when each new message of the chat arrives in this device's database. */
  watchMessages(chatId: string) {
    local().db.chat_messages.insert$.subscribe((event) => {
      const doc = event.documentData as { chatId?: string } | undefined;
      if (doc?.chatId === chatId) seen.set(event.documentId, now());
    });
  },

  async sendMessage(chatId: string, text: string) {
    const at = now();
    const id = await write().sendMessage({ chatId, text });
    return { id, at };
  },

  async seenAt(id: string, timeoutMs: number) {
    await waitUntil(() => seen.has(id), timeoutMs, `message ${id}`, 1);
    return seen.get(id)!;
  },
};

declare global {
  var bench: typeof benchApi;
}
globalThis.bench = benchApi;
