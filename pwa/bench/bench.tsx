/**
 * The sync benchmark's page: the real on-device data layer (the engine the app
 * creates, its RxDB/Dexie database with field encryption, replication, live
 * channel and upload queue, and the screens' own write hooks), driven from
 * `sync.bench.mjs` through `window.bench`. Times are taken in the page.
 */
import Dexie from "dexie";
import { createRoot } from "react-dom/client";
import { createRxDatabase, type RxJsonSchema } from "rxdb";
import { getRxStorageDexie } from "rxdb/plugins/storage-dexie";
import { combineLatest, filter, firstValueFrom, map, Subject, throwError, timeout } from "rxjs";
import { type CollectionName, collectionOf, SYNC_COLLECTIONS } from "../../sync/collections/index.ts";
import { PULL_BULK_LIMIT_MAX, syncPaths } from "../../sync/protocol.ts";
import { createSessionActions } from "../src/features/auth/session-actions.ts";
import { createSyncEngine, SyncProvider, useSaveNoteDraft, useSendMessage } from "../src/features/sync/index.ts";
import type { SyncEngine } from "../src/features/sync/index.ts";
import { createAppDeps, createMemoryStorage } from "../src/lib/app-deps.tsx";
import { toRxConflictHandler } from "../src/features/sync/lib/conflict-handlers.ts";
import { type PullStreamItem, replicateCollection } from "../src/features/sync/lib/replication.ts";
import { validDocuments } from "../src/features/sync/lib/validate-docs.ts";
import type { WriteTrace } from "../src/features/sync/lib/write-trace.ts";

type Hooks = { saveDraft: ReturnType<typeof useSaveNoteDraft>; sendMessage: ReturnType<typeof useSendMessage> };

/** An absolute time comparable between pages of one browser (ms since the epoch, sub-millisecond). */
const now = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

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

async function waitUntil(test: () => boolean | Promise<boolean>, timeoutMs: number, what: string, everyMs = 20) {
  const until = now() + timeoutMs;
  while (!(await test())) {
    if (now() > until) throw new Error(`timed out waiting for ${what}`);
    await sleep(everyMs);
  }
}

/** What the pull pages of a collection took on the wire (compressed) and as JSON, from Resource Timing. */
function pulledBytes(name: CollectionName) {
  const pages = (performance.getEntriesByType("resource") as PerformanceResourceTiming[])
    .filter((entry) => entry.name.includes(`/${name}/pull`));
  const sum = (pick: (entry: PerformanceResourceTiming) => number) => pages.reduce((total, entry) => total + pick(entry), 0);
  return { pages: pages.length, wireBytes: sum((e) => e.encodedBodySize), jsonBytes: sum((e) => e.decodedBodySize) };
}

let rawBulk: { docs: (Record<string, unknown> & { id: string; title: string })[]; raw: Dexie } | null = null;

const benchApi = {
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
  async initialSync(expected: Record<string, number>) {
    await waitUntil(() => readyAt !== null, 60_000, "the local data to open");
    const start = readyAt!;
    const { db } = local();
    // Counted as a screen would: a live count per collection, updated by each stored batch (no polling).
    const counts$ = combineLatest(
      Object.keys(expected).map((name) => db[name as CollectionName].count().$.pipe(map((n) => [name, n] as const))),
    ).pipe(map((pairs) => Object.fromEntries(pairs) as Record<string, number>));
    const last = await firstValueFrom(counts$.pipe(
      filter((counts) => Object.entries(expected).every(([name, n]) => counts[name] >= n)),
      timeout({ first: 300_000, with: () => throwError(() => new Error("timed out waiting for the initial replication")) }),
    ));
    const stored = now();
    const ms = stored - start;
    const docs = Object.values(last).reduce((a, b) => a + b, 0);
    // Each note-draft page of this pull: asked, first byte, last byte (ms from the start).
    const base = start - performance.timeOrigin;
    const timeline = (performance.getEntriesByType("resource") as PerformanceResourceTiming[])
      .filter((entry) => entry.name.includes("/note_drafts/pull") && entry.startTime >= base - 1)
      .map((e) => `${(e.startTime - base).toFixed(0)}→${(e.responseStart - base).toFixed(0)}→${(e.responseEnd - base).toFixed(0)}`).join(" ");
    return { ms, docs, timeline, byCollection: Object.entries(last).map(([n, c]) => `${n} ${c}`).join(", "), ...pulledBytes("note_drafts") };
  },

  /**
   * Reads the note drafts (as the device holds them, decrypted) once, and opens a fresh database for
   * `rawBulkPut` (again on each call: the bulkPut is taken three times).
   */
  async prepareRawBulkPut() {
    const docs = rawBulk?.docs ?? (await local().db.note_drafts.find().exec()).map((doc) => doc.toMutableJSON());
    rawBulk?.raw.close();
    await Dexie.delete("bench-raw-dexie");
    const raw = new Dexie("bench-raw-dexie");
    raw.version(1).stores({ docs: "id, [patientId+updatedAt]" });
    await raw.open();
    rawBulk = { docs, raw };
  },

  /** A raw Dexie bulkPut of those note drafts into the fresh database. */
  async rawBulkPut() {
    if (!rawBulk) throw new Error("prepareRawBulkPut first");
    const { docs, raw } = rawBulk;
    rawBulk = null;
    const start = now();
    await raw.table("docs").bulkPut(docs);
    const ms = now() - start;
    const stored = await raw.table("docs").count();
    rawBulk = { docs, raw };
    return { ms, docs: stored };
  },

  async editFloors() {
    if (!rawBulk) throw new Error("rawBulkPut first");
    const { docs, raw } = rawBulk;
    rawBulk = null;
    // The floor of an awaited edit (issue 19's "edits" figure): 1,000 single-document read-and-write
    // transactions one after another, through Dexie and through IndexedDB itself, on the same documents.
    const serialStart = now();
    for (const doc of docs.slice(0, 1000)) {
      await raw.transaction("rw", raw.table("docs"), async () => {
        await raw.table("docs").get(doc.id);
        await raw.table("docs").put({ ...doc, title: `${doc.title}.` });
      });
    }
    const serialMs = now() - serialStart;
    const idb = raw.backendDB();
    const serialIdbStart = now();
    for (const doc of docs.slice(1000, 2000)) {
      await new Promise<void>((resolve, reject) => {
        const tx = idb.transaction("docs", "readwrite");
        const store = tx.objectStore("docs");
        store.get(doc.id).onsuccess = () => store.put({ ...doc, title: `${doc.title}.` });
        tx.oncomplete = () => resolve();
        tx.onerror = () => reject(tx.error);
      });
    }
    const serialIdbMs = now() - serialIdbStart;
    raw.close();
    await Dexie.delete("bench-raw-dexie");
    return { serialMs, serialIdbMs };
  },

  /**
   * The floor of the first pull's storage: the device's stored note-draft rows (sealed, as RxDB's Dexie
   * table holds them) copied into a fresh IndexedDB database with the same object store and indexes,
   * in transactions of 1,000 rows: awaited one after another, and all queued at once.
   */
  async storedShapeFloor() {
    const name = (await indexedDB.databases()).map((d) => d.name ?? "").find((n) => n.endsWith("--note_drafts"));
    if (!name) throw new Error("no note_drafts database");
    const open = (dbName: string, upgrade?: (db: IDBDatabase) => void) =>
      new Promise<IDBDatabase>((resolve, reject) => {
        const request = upgrade ? indexedDB.open(dbName, 1) : indexedDB.open(dbName);
        if (upgrade) request.onupgradeneeded = () => upgrade(request.result);
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
    const source = await open(name);
    const storeName = "docs";
    const tx = source.transaction(storeName, "readonly");
    const store = tx.objectStore(storeName);
    const indexes = [...store.indexNames].map((i) => store.index(i)).map((i) => ({ name: i.name, keyPath: i.keyPath, unique: i.unique, multiEntry: i.multiEntry }));
    const keyPath = store.keyPath;
    const rows = await new Promise<unknown[]>((resolve, reject) => {
      const request = store.getAll();
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    source.close();
    const run = async (queued: boolean) => {
      const target = `bench-floor-${Date.now()}`;
      const db = await open(target, (d) => {
        const s = d.createObjectStore("docs", { keyPath });
        for (const i of indexes) s.createIndex(i.name, i.keyPath, { unique: i.unique, multiEntry: i.multiEntry });
      });
      const write = (page: unknown[]) =>
        new Promise<void>((resolve, reject) => {
          const t = db.transaction("docs", "readwrite");
          const s = t.objectStore("docs");
          for (const row of page) s.add(row);
          t.oncomplete = () => resolve();
          t.onerror = () => reject(t.error);
        });
      const start = now();
      const pages = Array.from({ length: Math.ceil(rows.length / 1000) }, (_, i) => rows.slice(i * 1000, i * 1000 + 1000));
      if (queued) await Promise.all(pages.map(write));
      else for (const page of pages) await write(page);
      const ms = now() - start;
      db.close();
      indexedDB.deleteDatabase(target);
      return ms;
    };
    const serialMs = await run(false);
    const queuedMs = await run(true);
    return { rows: rows.length, indexes: indexes.length, serialMs, queuedMs };
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
      const page: { documents: unknown[]; checkpoint: typeof checkpoint } = await deps.api.get(syncPaths.pull("note_drafts"), {
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
