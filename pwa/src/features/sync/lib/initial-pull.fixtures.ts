/** What the bulk first pull's tests share: a device database, an edge of note drafts in memory, RxDB's replication. */
import Dexie from "dexie";
import { IDBFactory, IDBKeyRange } from "fake-indexeddb";
import { Subject } from "rxjs";
import { sameValue } from "../../../../../sync/collections/index.ts";
import type { Checkpoint } from "../../../../../sync/protocol.ts";
import type { ApiClient } from "../../../lib/api/client.ts";
import { databaseName, type DpcDatabase, openDatabase } from "./database.ts";
import { deriveLocalKeys } from "./local-keys.ts";
import { type PullStreamItem, replicateCollection } from "./replication.ts";
import { replicationNames } from "./replication-meta.ts";

export type Doc = Record<string, unknown> & { id: string; updatedAt: number; _deleted: boolean };
export type PushRow = { assumedMasterState: Doc | null; newDocumentState: Doc };

const opened: DpcDatabase[] = [];
const stops: (() => Promise<unknown>)[] = [];
/** Closes what the last test opened: the test files call it from `afterEach`. */
export async function closeAll() {
  for (const stop of stops.splice(0)) await stop();
  for (const db of opened.splice(0)) await db.close();
}

export const userId = crypto.randomUUID();
const patientId = crypto.randomUUID();
export const newDevice = () => ({ indexedDB: new IDBFactory(), IDBKeyRange });

export async function open(idb = newDevice(), user = userId) {
  const keys = await deriveLocalKeys(crypto.getRandomValues(new Uint8Array(32)));
  // Only the collection under test: two devices open at once stay under RxDB's 13 open collections.
  const db = await openDatabase({ userId: user, password: keys.rxdbPassword, key: keys.fields, idb, multiInstance: false, collections: ["note_drafts"] });
  opened.push(db);
  return db;
}

export const content = ({ updatedAt: _u, ...rest }: Doc) => rest;

/**
 * A push as the edge answers it, with the stale check of `service.ts`: a change is kept under the next
 * `updatedAt`; one made on an older copy than the server's is refused, answered with the server's copy.
 */
export function applyPush(docs: Map<string, Doc>, rows: PushRow[], nextUpdatedAt: () => number): Doc[] {
  const conflicts: Doc[] = [];
  for (const { assumedMasterState: assumed, newDocumentState: next } of rows) {
    const master = docs.get(next.id);
    if (master && sameValue(content(master), content(next))) continue;
    if (master && (!assumed || (assumed.updatedAt !== master.updatedAt && !sameValue(content(assumed), content(master))))) {
      conflicts.push(structuredClone(master));
      continue;
    }
    docs.set(next.id, { ...structuredClone(next), updatedAt: nextUpdatedAt() });
  }
  return conflicts;
}

/** The edge's note drafts in memory: pull by checkpoint, push with the stale check of `service.ts`. */
export function fakeServer(count: number) {
  let seq = 100;
  const docs = new Map<string, Doc>();
  for (let i = 0; i < count; i++) {
    const id = crypto.randomUUID();
    docs.set(id, {
      id,
      patientId,
      encounterId: null,
      noteTypeId: null,
      title: `Note ${i}`,
      fields: { text: `text ${i}`, plan: `plan ${i}` },
      authorId: userId,
      updatedBy: userId,
      updatedAt: ++seq,
      _deleted: false,
    });
  }
  const pulls: (Checkpoint | null)[] = [];
  /** The `limit` of each pull. */
  const limits: number[] = [];
  /** What `storedSoFar()` said when each pull was asked for. */
  const storedAtPull: number[] = [];
  let storedSoFar = () => 0;
  const pushes: PushRow[][] = [];
  let failPull = (_n: number) => false;
  /** Pages end early (as for their size) after this many documents, saying `more`. */
  let cutAt = Infinity;
  const api = {
    GET(_path: string, options: { query: { updatedAt?: number; id?: string; limit: number } }) {
      const { updatedAt, id, limit } = options.query;
      const checkpoint = updatedAt === undefined ? null : { updatedAt, id: id! };
      pulls.push(checkpoint);
      limits.push(limit);
      storedAtPull.push(storedSoFar());
      if (failPull(pulls.length)) return Promise.reject(new Error("offline"));
      const after = [...docs.values()]
        .filter((d) => !checkpoint || d.updatedAt > checkpoint.updatedAt || (d.updatedAt === checkpoint.updatedAt && d.id > checkpoint.id))
        .sort((a, b) => a.updatedAt - b.updatedAt || (a.id < b.id ? -1 : 1))
        .slice(0, limit);
      const cut = after.length > cutAt;
      const page = cut ? after.slice(0, cutAt) : after;
      const last = page.at(-1);
      return Promise.resolve({
        documents: structuredClone(page),
        checkpoint: last ? { updatedAt: last.updatedAt, id: last.id } : null,
        ...(cut ? { more: true } : {}),
      });
    },
    POST(_path: string, options: { body: unknown }) {
      const rows = options.body as PushRow[];
      pushes.push(structuredClone(rows));
      return Promise.resolve(applyPush(docs, rows, () => ++seq));
    },
  } as unknown as ApiClient;
  return {
    api,
    docs,
    pulls,
    limits,
    storedAtPull,
    countStored(count: () => number) {
      storedSoFar = count;
    },
    pushes,
    failPullNumber(n: number) {
      failPull = (k) => k === n;
    },
    endPagesAfter(n: number) {
      cutAt = n;
    },
    /** Another device changes a draft on the server. */
    edit(id: string, change: Partial<Doc>) {
      const doc = { ...docs.get(id)!, ...change, updatedAt: ++seq };
      docs.set(id, doc);
      return structuredClone(doc);
    },
  };
}

export function replicate(db: DpcDatabase, api: ApiClient, stream$ = new Subject<PullStreamItem>(), pullBatchSize?: number) {
  const state = replicateCollection({ db, name: "note_drafts", api, stream$, pullBatchSize, events: { synced() {}, outdated() {}, settled() {} } });
  state.error$.subscribe(() => {});
  stops.push(() => state.cancel());
  return state;
}

export const until = async (test: () => boolean | Promise<boolean>, what: string) => {
  for (let i = 0; i < 300 && !(await test()); i++) await new Promise((resolve) => setTimeout(resolve, 10));
  if (!(await test())) throw new Error(`timed out waiting for ${what}`);
};

export const stored = async (db: DpcDatabase) =>
  (await db.note_drafts.find().exec()).map((doc) => ({ ...doc.toMutableJSON(), _deleted: false }) as unknown as Doc);

/** Meta rows RxDB's replication keeps (server copies, not checkpoints), read with Dexie past RxDB. */
export async function metaRows(idb: ReturnType<typeof newDevice>, db: DpcDatabase) {
  const names = await replicationNames("note_drafts", db.name);
  const raw = new Dexie(`rxdb-dexie-${databaseName(userId)}--0--${names.metaCollection}`, { indexedDB: idb.indexedDB, IDBKeyRange });
  await raw.open();
  try {
    return (await raw.table("docs").toArray() as { isCheckpoint: string; _enc?: string }[]).filter((row) => row.isCheckpoint === "0");
  } finally {
    raw.close();
  }
}

/**
 * The database as `pullInitial` sees it, with its replication meta store's writes failing once `fails` says so
 * (the first time only; with `dead`, every write after it too): writes lost as a tab closing would lose them.
 */
export function withFailingMetaWrite(
  db: DpcDatabase,
  fails: (rows: Record<string, unknown>[]) => boolean,
  options: { dead?: boolean } = {},
): DpcDatabase {
  let failed = false;
  const storage = {
    ...db.storage,
    async createStorageInstance(params: Parameters<DpcDatabase["storage"]["createStorageInstance"]>[0]) {
      const instance = await db.storage.createStorageInstance(params);
      const bulkWrite = instance.bulkWrite.bind(instance);
      instance.bulkWrite = (rows, context) => {
        if ((failed && options.dead) || (!failed && fails(rows.map((row) => row.document as Record<string, unknown>)))) {
          failed = true;
          return Promise.reject(new Error("the tab closed"));
        }
        return bulkWrite(rows, context);
      };
      return instance;
    },
  };
  return new Proxy(db, { get: (target, key) => (key === "storage" ? storage : Reflect.get(target, key)) });
}
