/**
 * The sync benchmark's page: the real on-device data layer (the engine the app
 * creates, its RxDB/Dexie database with field encryption, replication, live
 * channel and upload queue, and the screens' own write hooks), driven from
 * `sync.bench.mjs` through `window.bench`. Times are taken in the page. The chart opened offline
 * (`openChartsOffline`) is rendered by the chart page's own components (`ChartHeader`, `MedicalCardSection` with
 * `deviceChart`) fed by the sync hooks the page uses (`usePanelPatient`, `useChartEntries`).
 */
import Dexie from "dexie";
import { type ReactNode, useLayoutEffect, useRef } from "react";
import { createRoot } from "react-dom/client";
import { createRxDatabase, type RxJsonSchema } from "rxdb";
import { getRxStorageDexie } from "rxdb/plugins/storage-dexie";
import { combineLatest, filter, firstValueFrom, map, Subject, throwError, timeout } from "rxjs";
import { CHART_ENTRY_KINDS, type ChartEntryKind, type CollectionName, collectionOf, SYNC_COLLECTIONS } from "../../sync/collections/index.ts";
import { PULL_BULK_LIMIT_MAX, syncPaths } from "../../sync/protocol.ts";
import { createSessionActions } from "../src/features/auth/session-actions.ts";
import { ChartHeader } from "../src/features/chart/components/ChartHeader.tsx";
import { MedicalCardSection } from "../src/features/chart/components/MedicalCardSection.tsx";
import { DeviceCopyNotice } from "../src/features/chart/components/NeedsConnection.tsx";
import { deviceChart } from "../src/features/chart/lib/device-chart.ts";
import {
  createSyncEngine,
  SyncProvider,
  useChartEntries,
  usePanelPatient,
  useSaveNoteDraft,
  useSendMessage,
} from "../src/features/sync/index.ts";
import type { SyncEngine } from "../src/features/sync/index.ts";
import { AppDepsProvider, createAppDeps, createMemoryStorage } from "../src/lib/app-deps.tsx";
import { SnackbarProvider } from "../src/ui/index.ts";
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

type RawDoc = Record<string, unknown> & { id: string };
/** The raw Dexie baseline's tables, one per collection, each with the index its screens query by. */
const RAW_INDEXES: Partial<Record<CollectionName, string>> = {
  note_drafts: "id, [patientId+updatedAt]",
  chart_entries: "id, [patientId+kind]",
  patients: "id",
};
let rawBulk: { collections: { name: CollectionName; docs: RawDoc[] }[]; raw: Dexie } | null = null;

/** What the chart shows once rendered: the time of the commit, the entries read by kind, and what the DOM holds. */
type ChartShown = {
  at: number;
  entries: Record<ChartEntryKind, number>;
  name: string;
  allergies: { expected: number; shown: number };
  medications: { expected: number; shown: number };
};

/**
 * The chart as the chart page shows it offline (PatientChartPage.tsx): the header from the panel's copy, the
 * medical card from `deviceChart`, with the page's own components; and, as the chart's other sections would, the
 * patient's chart entries of each kind read through `useChartEntries`. Tells `onShown` at the first commit (a layout
 * effect: the DOM holds it) where the panel doc and every kind is read and the header and card are rendered.
 */
function OfflineChart({ patientId, onShown }: { patientId: string; onShown: (shown: ChartShown) => void }) {
  const { patient, loading } = usePanelPatient(patientId);
  const lists = {
    encounter: useChartEntries(patientId, "encounter"),
    diagnosis: useChartEntries(patientId, "diagnosis"),
    problem: useChartEntries(patientId, "problem"),
    vitals: useChartEntries(patientId, "vitals"),
    lab: useChartEntries(patientId, "lab"),
    imaging: useChartEntries(patientId, "imaging"),
    referral: useChartEntries(patientId, "referral"),
    prescription: useChartEntries(patientId, "prescription"),
    intake: useChartEntries(patientId, "intake"),
  };
  const chart = patient ? deviceChart(patient) : null;
  const ready = chart !== null && !loading && CHART_ENTRY_KINDS.every((kind) => !lists[kind].loading);
  const ref = useRef<HTMLDivElement>(null);
  const told = useRef(false);
  useLayoutEffect(() => {
    if (!ready || told.current || !ref.current) return;
    told.current = true;
    const at = now();
    const shownIn = (list: string) => ref.current!.querySelectorAll(`[aria-labelledby="card-${list}-title"] li`).length;
    onShown({
      at,
      entries: Object.fromEntries(CHART_ENTRY_KINDS.map((kind) => [kind, lists[kind].items.length])) as Record<ChartEntryKind, number>,
      name: ref.current.querySelector("h1")?.textContent ?? "",
      allergies: { expected: chart.medicalCard.allergies.length, shown: shownIn("allergies") },
      medications: { expected: chart.medicalCard.medications.length, shown: shownIn("medications") },
    });
  });
  return (
    <div ref={ref}>
      <ChartHeader patient={patient} />
      {chart && (
        <MedicalCardSection patientId={patientId} card={chart.medicalCard} canEdit={false} onCard={() => {}} notice={<DeviceCopyNotice />} />
      )}
    </div>
  );
}

/** The providers the chart's components need (the API for their edit dialogs, the snackbar), and the sync engine. */
function ChartProviders({ children }: { children: ReactNode }) {
  return (
    <AppDepsProvider deps={deps}>
      <SnackbarProvider>
        <SyncProvider engine={engine}>{children}</SyncProvider>
      </SnackbarProvider>
    </AppDepsProvider>
  );
}

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
   * Reads these collections' documents (as the device holds them, decrypted) once, and opens a fresh database
   * with a table per collection for `rawBulkPut` (again on each call: the bulkPut is taken three times).
   */
  async prepareRawBulkPut(names: CollectionName[]) {
    const same = rawBulk && rawBulk.collections.map((c) => c.name).join() === names.join();
    const collections = same ? rawBulk!.collections : await Promise.all(names.map(async (name) => {
      const found = await (local().db[name] as unknown as { find(): { exec(): Promise<{ toMutableJSON(): RawDoc }[]> } }).find().exec();
      return { name, docs: found.map((doc) => doc.toMutableJSON()) };
    }));
    rawBulk?.raw.close();
    await Dexie.delete("bench-raw-dexie");
    const raw = new Dexie("bench-raw-dexie");
    raw.version(1).stores(Object.fromEntries(names.map((name) => [name, RAW_INDEXES[name] ?? "id"])));
    await raw.open();
    rawBulk = { collections, raw };
  },

  /** A raw Dexie bulkPut of those documents into the fresh database, one collection after another. */
  async rawBulkPut() {
    if (!rawBulk) throw new Error("prepareRawBulkPut first");
    const { collections, raw } = rawBulk;
    rawBulk = null;
    const start = now();
    for (const { name, docs } of collections) await raw.table(name).bulkPut(docs);
    const ms = now() - start;
    let stored = 0;
    for (const { name } of collections) stored += await raw.table(name).count();
    rawBulk = { collections, raw };
    return { ms, docs: stored };
  },

  /** Closes and deletes the raw database (when `editFloors` does not). */
  async dropRawBulkPut() {
    rawBulk?.raw.close();
    rawBulk = null;
    await Dexie.delete("bench-raw-dexie");
  },

  async editFloors() {
    if (!rawBulk) throw new Error("rawBulkPut first");
    const { collections, raw } = rawBulk;
    rawBulk = null;
    const docs = collections.find((c) => c.name === "note_drafts")?.docs as (RawDoc & { title: string })[] | undefined;
    if (!docs) throw new Error("the raw bulkPut holds no note drafts");
    // The floor of an awaited edit (issue 19's "edits" figure): 1,000 single-document read-and-write
    // transactions one after another, through Dexie and through IndexedDB itself, on the same documents.
    const serialStart = now();
    for (const doc of docs.slice(0, 1000)) {
      await raw.transaction("rw", raw.table("note_drafts"), async () => {
        await raw.table("note_drafts").get(doc.id);
        await raw.table("note_drafts").put({ ...doc, title: `${doc.title}.` });
      });
    }
    const serialMs = now() - serialStart;
    const idb = raw.backendDB();
    const serialIdbStart = now();
    for (const doc of docs.slice(1000, 2000)) {
      await new Promise<void>((resolve, reject) => {
        const tx = idb.transaction("note_drafts", "readwrite");
        const store = tx.objectStore("note_drafts");
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

  /**
   * The chart opened with no network, one patient after another: from the render of the patient's chart (as a
   * navigation to it renders the page) until a commit where the panel doc and the patient's entries of all four
   * kinds are read and decrypted (the hooks' queries, `{patientId, kind}` on the index) and the header and the
   * medical card are in the DOM. `warmup` is opened first, untimed (the app has rendered the patient list first).
   */
  async openChartsOffline(patientIds: string[], warmup: string, perChartTimeoutMs = 10_000) {
    if (navigator.onLine) throw new Error("still online: cut the network first");
    const host = document.body.appendChild(document.createElement("div"));
    const root = createRoot(host);
    const open = (patientId: string) =>
      new Promise<ChartShown & { ms: number; patientId: string }>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`the chart of ${patientId} was not shown within ${perChartTimeoutMs} ms`)), perChartTimeoutMs);
        const start = now();
        root.render(
          <ChartProviders>
            <OfflineChart
              key={patientId}
              patientId={patientId}
              onShown={(shown) => (clearTimeout(timer), resolve({ ...shown, ms: shown.at - start, patientId }))}
            />
          </ChartProviders>,
        );
      });
    try {
      await open(warmup);
      const opened = [];
      for (const id of patientIds) opened.push(await open(id));
      return opened;
    } finally {
      root.unmount();
      host.remove();
    }
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
