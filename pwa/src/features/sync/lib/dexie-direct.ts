/**
 * RxDB's Dexie storage, written through IndexedDB itself.
 *
 * - `insertNew` (the first pull): documents that must be new are added
 *   without RxDB's per-document read, straight through IndexedDB (no handler
 *   per row). IndexedDB's own `add` refuses a key that exists, and one refused
 *   key aborts the whole transaction (all or nothing).
 * - `bulkWrite` (every other write: edits, pulled pages, acknowledgements):
 *   RxDB's own algorithm — read the stored copies, `categorizeBulkWriteRows`
 *   (revision conflicts, inserts, updates, the change event), put — in one
 *   IndexedDB transaction on the documents' object store, issued directly
 *   instead of through Dexie's transaction, promise and middleware layers
 *   (measured in `edge/docs/benchmarks.md`: a single-document read-and-write
 *   transaction costs about twice as much through Dexie). Collections with
 *   attachments, and a database Dexie has not opened or has closed, keep
 *   Dexie's path.
 *
 * Both commit as soon as their last request is issued (`IDBTransaction.commit()`), not when the
 * answers are back: a single-document edit is then one round trip to IndexedDB's backend less
 * (get, put, commit: 0.44 ms against 0.55–0.96 ms in Chromium 156 here). A request that fails after
 * `commit()` still aborts the whole transaction (checked in Chromium: a refused `add` among three
 * leaves none stored; `dexie-direct.test.ts` checks it in fake-indexeddb).
 *
 * Both emit the change event `bulkWrite` emits, so the collection, its queries
 * and the other tabs see the documents as usual; nothing else uses Dexie's
 * own change tracking on these tables (RxDB reads them through Dexie, which
 * caches no query results outside its live queries).
 *
 * Written against RxDB 17's Dexie storage (`internals`: the Dexie database and
 * table and the boolean indexes; `changes$`), whose version the project pins.
 */
import {
  categorizeBulkWriteRows,
  newRxError,
  randomToken,
  type RxStorage,
  type RxStorageBulkWriteResponse,
  type RxStorageInstance,
  type RxStorageInstanceCreationParams,
} from "rxdb";
import { fromDexieToStorage, fromStorageToDexie } from "rxdb/plugins/storage-dexie";
import type { Subject } from "rxjs";
import { type ChangeBulk, idsOnlyInserts, type TabEventsInstance } from "./tab-events.ts";
import { traceWrite } from "./write-trace.ts";

type Row = Record<string, unknown> & { _meta: { lwt: number }; _rev: string };
type WriteRow = { document: Row; previous?: Row };
type Bulk = ChangeBulk<Row>;

export type InsertNew = {
  /** Stores documents none of which exists yet; false (and nothing stored) when one does. */
  insertNew(docs: Row[], context: string): Promise<boolean>;
};

type DexieInternals = {
  dexieDb: {
    transaction<T>(mode: "rw", table: unknown, run: () => Promise<T>): Promise<T>;
    isOpen(): boolean;
    backendDB(): IDBDatabase;
    _options?: { chromeTransactionDurability?: IDBTransactionDurability };
  };
  dexieTable: { name: string; bulkAdd(docs: unknown[]): Promise<unknown> };
  booleanIndexes: string[];
};
type DexieInstance = {
  internals: Promise<DexieInternals>;
  primaryPath: string;
  schema: { attachments?: unknown };
  closed?: unknown;
  changes$: Subject<Bulk>;
  bulkWrite(rows: WriteRow[], context: string): Promise<RxStorageBulkWriteResponse<Row>>;
};

export function hasInsertNew(instance: unknown): instance is InsertNew {
  return typeof (instance as Partial<InsertNew>).insertNew === "function";
}

export function withDirectWrites<Internals, Options>(storage: RxStorage<Internals, Options>): RxStorage<Internals, Options> {
  return {
    ...storage,
    async createStorageInstance<D>(params: RxStorageInstanceCreationParams<D, Options>): Promise<RxStorageInstance<D, Internals, Options>> {
      const instance = await storage.createStorageInstance(params);
      const dexie = instance as unknown as DexieInstance;
      // The other tabs are told of a bulk insert by ids (`tab-events.ts`).
      const emitInserted = idsOnlyInserts(dexie as unknown as TabEventsInstance, params.multiInstance);
      (instance as unknown as InsertNew).insertNew = (docs, context) => insertNew(dexie, docs, context, emitInserted);
      if (!dexie.schema.attachments) {
        const viaDexie = dexie.bulkWrite.bind(dexie);
        dexie.bulkWrite = async (rows, context) => (await directWrite(dexie, rows, context)) ?? viaDexie(rows, context);
      }
      return instance;
    },
  };
}

async function insertNew(dexie: DexieInstance, docs: Row[], context: string, emit: (bulk: Bulk) => void): Promise<boolean> {
  if (docs.length === 0) return true;
  const state = await dexie.internals;
  const rows = docs.map((doc) => toDexieRow(state.booleanIndexes, doc));
  const added = await addAll(state, rows);
  if (!added) return false;
  const last = docs[docs.length - 1];
  // As RxDB's own write: a document inserted already deleted (a first pull's tombstone) is stored with no event,
  // which live queries would otherwise take for a document to show.
  const shown = docs.filter((doc) => !doc._deleted);
  if (shown.length === 0) return true;
  emit({
    id: randomToken(10),
    context,
    checkpoint: { id: last[dexie.primaryPath], lwt: last._meta.lwt },
    events: shown.map((doc) => ({
      documentId: String(doc[dexie.primaryPath]),
      operation: "INSERT",
      documentData: doc as never,
      previousDocumentData: undefined,
    })),
  } as Bulk);
  return true;
}

/**
 * Adds the rows in one IndexedDB transaction, with no handler per row (a first pull's page is a
 * thousand rows; Dexie's `bulkAdd` wraps each request). False when a key exists: its `add` fails,
 * which aborts the transaction, so nothing of the batch is stored.
 */
async function addAll(state: DexieInternals, rows: unknown[]): Promise<boolean> {
  const transaction = readwrite(state);
  if (!transaction) {
    try {
      await state.dexieDb.transaction("rw", state.dexieTable, () => state.dexieTable.bulkAdd(rows));
      return true;
    } catch (error) {
      if ((error as { name?: string }).name === "BulkError" || (error as { name?: string }).name === "ConstraintError") return false;
      throw error;
    }
  }
  let failure: unknown = null;
  const done = new Promise<boolean>((resolve, reject) => {
    transaction.oncomplete = () => resolve(true);
    transaction.onabort = () => {
      const error = failure ?? transaction.error;
      if ((error as { name?: string } | null)?.name === "ConstraintError") resolve(false);
      else reject(error ?? new DOMException("The write was aborted", "AbortError"));
    };
  });
  try {
    const store = transaction.objectStore(state.dexieTable.name);
    for (const row of rows) store.add(row);
    commitNow(transaction);
  } catch (error) {
    // A row IndexedDB cannot store (a clone or key error is thrown at once): nothing of the batch is.
    failure = error;
    transaction.abort();
  }
  return done;
}

/**
 * A read-write IndexedDB transaction on the documents' store, with Dexie's durability; null when Dexie has not
 * opened the database or has closed it under a version change: Dexie's own path then answers as it would.
 */
function readwrite(state: DexieInternals): IDBTransaction | null {
  if (!state.dexieDb.isOpen()) return null;
  try {
    const durability = state.dexieDb._options?.chromeTransactionDurability;
    return state.dexieDb.backendDB().transaction(state.dexieTable.name, "readwrite", durability ? { durability } : undefined);
  } catch {
    return null;
  }
}

/**
 * The row Dexie's storage would store for a document: RxDB's `fromStorageToDexie` rebuilds every object
 * of the document to rename keys that start with `|` and writes boolean indexes as "1"/"0". A document
 * with no such key at any depth (all of this app's: the schemas' fields and RxDB's own never start with
 * `|`) needs only a shallow copy with the boolean indexes rewritten; IndexedDB copies the row anyway.
 * Anything else goes through RxDB's function.
 */
export function toDexieRow(booleanIndexes: readonly string[], doc: Row): Record<string, unknown> {
  if (hasPipeKey(doc) || booleanIndexes.some((index) => index.includes(".") || index.includes("|"))) {
    return fromStorageToDexie(booleanIndexes as string[], doc as never) as Record<string, unknown>;
  }
  const row: Record<string, unknown> = { ...doc };
  for (const index of booleanIndexes) row[index] = doc[index] ? "1" : "0";
  return row;
}

function hasPipeKey(value: unknown): boolean {
  if (value === null || typeof value !== "object") return false;
  if (Array.isArray(value)) return value.some(hasPipeKey);
  for (const key in value) {
    // Anywhere in the key: RxDB renames each dot-separated part that starts with one.
    if (key.includes("|") || hasPipeKey((value as Record<string, unknown>)[key])) return true;
  }
  return false;
}

/** `IDBTransaction.commit()` where the browser has it (all current ones; fake-indexeddb too). */
function commitNow(transaction: IDBTransaction) {
  if (typeof transaction.commit === "function") transaction.commit();
}

type Categorized = ReturnType<typeof categorizeBulkWriteRows<Row>>;

/** RxDB's Dexie `bulkWrite` in one IndexedDB transaction: the reads, then the puts; null when Dexie's own path must take it. */
async function directWrite(dexie: DexieInstance, rows: WriteRow[], context: string): Promise<RxStorageBulkWriteResponse<Row> | null> {
  if (dexie.closed) return null;
  for (const row of rows) {
    // The storage's own check that RxDB never writes without revisions.
    if (!row.document._rev || (row.previous && !row.previous._rev)) throw newRxError("SNH", { args: { row } });
  }
  const state = await dexie.internals;
  const transaction = readwrite(state);
  if (!transaction) return null;
  const traced = traceWrite("idb");
  const store = transaction.objectStore(state.dexieTable.name);
  let categorized: Categorized | null = null;
  let failure: unknown = null;
  const done = new Promise<void>((resolve, reject) => {
    transaction.oncomplete = () => resolve();
    transaction.onabort = () => reject(failure ?? transaction.error ?? new DOMException("The write was aborted", "AbortError"));
  });
  const inDb = new Map<string, Row>();
  let unread = rows.length;
  const afterReads = () => {
    try {
      categorized = categorizeBulkWriteRows(dexie as never, dexie.primaryPath as never, inDb as never, rows as never, context);
      for (const row of [...categorized.bulkInsertDocs, ...categorized.bulkUpdateDocs]) {
        store.put(toDexieRow(state.booleanIndexes, row.document));
      }
      // Nothing more comes: commit now rather than when the puts' answers are back (one round trip to
      // IndexedDB's backend less per write; a failed put still aborts the transaction).
      commitNow(transaction);
    } catch (error) {
      // A document IndexedDB cannot store (a clone error is thrown at once): nothing of the batch is.
      failure = error;
      transaction.abort();
    }
  };
  if (unread === 0) afterReads();
  for (const row of rows) {
    const id = row.document[dexie.primaryPath] as string;
    const request = store.get(id);
    request.onsuccess = () => {
      if (request.result) inDb.set(id, fromDexieToStorage(state.booleanIndexes, request.result) as Row);
      if (--unread === 0) afterReads();
    };
  }
  try {
    await done;
  } finally {
    traced();
  }
  const result = categorized as Categorized | null;
  if (!result) throw new Error("The write was not categorized");
  if (result.eventBulk.events.length > 0 && result.newestRow) {
    const last = result.newestRow.document;
    result.eventBulk.checkpoint = { id: last[dexie.primaryPath], lwt: last._meta.lwt };
    const emitted = traceWrite("emit");
    dexie.changes$.next(result.eventBulk as never);
    emitted();
  }
  return { error: result.errors as never };
}
