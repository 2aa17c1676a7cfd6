/**
 * Inserting documents into an RxDB Dexie store without RxDB's per-document
 * read. RxDB's `bulkWrite` first reads every written id (one IndexedDB request
 * each) to detect conflicts; documents that must be new need no such read:
 * IndexedDB's own `add` refuses a key that exists, and one refused key aborts
 * the whole transaction (all or nothing). The change event is the one
 * `bulkWrite` emits for inserts, so the collection, its queries and the other
 * tabs see the documents as usual.
 *
 * `insertNew` is added to each storage instance this wrapper creates; the
 * storage wrappers above it (sealing) pass it on. Written against RxDB 17's
 * Dexie storage (`internals`: the Dexie table and the boolean indexes;
 * `changes$`), whose version the project pins.
 */
import {
  type EventBulk,
  randomToken,
  type RxStorage,
  type RxStorageChangeEvent,
  type RxStorageInstance,
  type RxStorageInstanceCreationParams,
} from "rxdb";
import { fromStorageToDexie } from "rxdb/plugins/storage-dexie";
import type { Subject } from "rxjs";

type Row = Record<string, unknown> & { _meta: { lwt: number } };

export type InsertNew = {
  /** Stores documents none of which exists yet; false (and nothing stored) when one does. */
  insertNew(docs: Row[], context: string): Promise<boolean>;
};

type DexieInternals = {
  dexieDb: { transaction<T>(mode: "rw", table: unknown, run: () => Promise<T>): Promise<T> };
  dexieTable: { bulkAdd(docs: unknown[]): Promise<unknown> };
  booleanIndexes: string[];
};
type DexieInstance = {
  internals: Promise<DexieInternals>;
  primaryPath: string;
  changes$: Subject<EventBulk<RxStorageChangeEvent<Row>, unknown>>;
};

export function hasInsertNew(instance: unknown): instance is InsertNew {
  return typeof (instance as Partial<InsertNew>).insertNew === "function";
}

export function withInsertNew<Internals, Options>(storage: RxStorage<Internals, Options>): RxStorage<Internals, Options> {
  return {
    ...storage,
    async createStorageInstance<D>(params: RxStorageInstanceCreationParams<D, Options>): Promise<RxStorageInstance<D, Internals, Options>> {
      const instance = await storage.createStorageInstance(params);
      const dexie = instance as unknown as DexieInstance;
      (instance as unknown as InsertNew).insertNew = async (docs, context) => {
        if (docs.length === 0) return true;
        const state = await dexie.internals;
        const rows = docs.map((doc) => fromStorageToDexie(state.booleanIndexes, doc as never));
        try {
          await state.dexieDb.transaction("rw", state.dexieTable, () => state.dexieTable.bulkAdd(rows));
        } catch (error) {
          if ((error as { name?: string }).name === "BulkError" || (error as { name?: string }).name === "ConstraintError") return false;
          throw error;
        }
        const last = docs[docs.length - 1];
        dexie.changes$.next({
          id: randomToken(10),
          context,
          checkpoint: { id: last[dexie.primaryPath], lwt: last._meta.lwt },
          events: docs.map((doc) => ({
            documentId: String(doc[dexie.primaryPath]),
            operation: "INSERT",
            documentData: doc as never,
            previousDocumentData: undefined,
          })),
        });
        return true;
      };
      return instance;
    },
  };
}
