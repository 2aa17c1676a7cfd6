import { IDBFactory, IDBKeyRange } from "fake-indexeddb";
import { createRevision, fillWithDefaultSettings, now, prepareQuery, randomToken, type RxStorageInstance } from "rxdb";
import { getRxStorageDexie } from "rxdb/plugins/storage-dexie";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fromStorageToDexie } from "rxdb/plugins/storage-dexie";
import { hasInsertNew, toDexieRow, withDirectWrites } from "./dexie-direct.ts";

type Doc = Record<string, unknown> & { id: string; _rev: string; _deleted: boolean; _meta: { lwt: number }; _attachments: Record<string, never> };

const schema = fillWithDefaultSettings({
  version: 0,
  primaryKey: "id",
  type: "object",
  properties: { id: { type: "string", maxLength: 40 }, title: { type: "string" }, done: { type: "boolean" } },
  required: ["id", "title", "done"],
  indexes: ["done"],
} as never);

const token = randomToken(10);
const open: RxStorageInstance<Doc, unknown, unknown>[] = [];
afterEach(async () => {
  for (const instance of open.splice(0)) await instance.remove();
});

async function instance(storage = withDirectWrites(getRxStorageDexie({ indexedDB: new IDBFactory(), IDBKeyRange }))) {
  const created = await storage.createStorageInstance<Doc>({
    databaseInstanceToken: token,
    databaseName: `direct-${randomToken(6)}`,
    collectionName: "items",
    schema: schema as never,
    options: {},
    multiInstance: false,
    devMode: false,
  });
  open.push(created as never);
  return created as unknown as RxStorageInstance<Doc, unknown, unknown>;
}

function doc(id: string, title: string, previous?: Doc, deleted = false): Doc {
  const base = { id, title, done: title.startsWith("done"), _deleted: deleted, _attachments: {}, _meta: { lwt: now() } };
  return { ...base, _rev: createRevision(token, previous as never) };
}

function events(store: RxStorageInstance<Doc, unknown, unknown>) {
  const seen: { operation: string; id: string; title?: unknown }[] = [];
  const subscription = store.changeStream().subscribe((bulk) => {
    for (const event of bulk.events) seen.push({ operation: event.operation, id: event.documentId, title: event.documentData?.title });
  });
  return { seen, stop: () => subscription.unsubscribe() };
}

describe("writes through IndexedDB itself", () => {
  it("inserts and updates a document, emitting RxDB's change events, readable through Dexie's path", async () => {
    const store = await instance();
    // Not through Dexie's transactions: its path would call this.
    const { dexieDb } = await (store as unknown as { internals: Promise<{ dexieDb: { transaction: (...args: unknown[]) => unknown } }> }).internals;
    const viaDexie = vi.spyOn(dexieDb, "transaction");
    const watch = events(store);
    const first = doc("a", "draft");
    expect((await store.bulkWrite([{ document: first }], "test")).error).toEqual([]);
    const second = doc("a", "done: signed", first);
    expect((await store.bulkWrite([{ document: second, previous: first }], "test")).error).toEqual([]);

    const [stored] = await store.findDocumentsById(["a"], false);
    expect(stored).toMatchObject({ id: "a", title: "done: signed", done: true, _rev: second._rev });
    expect(watch.seen).toEqual([
      { operation: "INSERT", id: "a", title: "draft" },
      { operation: "UPDATE", id: "a", title: "done: signed" },
    ]);
    expect(viaDexie.mock.calls.filter(([mode]) => mode === "rw")).toEqual([]);
    watch.stop();
  });

  it("commits each write as soon as its last request is issued, not when the answers are back", async () => {
    const store = await instance();
    const { dexieDb } = await (store as unknown as { internals: Promise<{ dexieDb: { backendDB(): IDBDatabase } }> }).internals;
    const prototype = Object.getPrototypeOf(dexieDb.backendDB().transaction([...dexieDb.backendDB().objectStoreNames], "readonly"));
    const commit = vi.spyOn(prototype, "commit");
    const first = doc("a", "draft");
    expect((await store.bulkWrite([{ document: first }], "test")).error).toEqual([]);
    expect((await store.bulkWrite([{ document: doc("a", "edited", first), previous: first }], "test")).error).toEqual([]);
    if (!hasInsertNew(store)) throw new Error("no insertNew");
    expect(await store.insertNew([doc("b", "one"), doc("c", "two")] as never, "test")).toBe(true);
    expect(commit).toHaveBeenCalledTimes(3);
    commit.mockRestore();
  });

  it("refuses a write from a stale revision with the stored document, and stores nothing of it", async () => {
    const store = await instance();
    const first = doc("a", "draft");
    await store.bulkWrite([{ document: first }], "test");
    const mine = doc("a", "mine", first);
    await store.bulkWrite([{ document: mine, previous: first }], "test");
    const watch = events(store);

    const theirs = doc("a", "theirs", first);
    const fresh = doc("b", "new one");
    const result = await store.bulkWrite([{ document: theirs, previous: first }, { document: fresh }], "test");
    expect(result.error).toHaveLength(1);
    expect(result.error[0]).toMatchObject({ status: 409, documentId: "a", documentInDb: { title: "mine", _rev: mine._rev } });
    expect((await store.findDocumentsById(["a", "b"], false)).map((d) => d.title).sort()).toEqual(["mine", "new one"]);
    expect(watch.seen).toEqual([{ operation: "INSERT", id: "b", title: "new one" }]);

    // An insert of an id that exists is a conflict too.
    const again = await store.bulkWrite([{ document: doc("b", "again") }], "test");
    expect(again.error[0]).toMatchObject({ status: 409, documentId: "b" });
    watch.stop();
  });

  it("stores boolean index fields and deletions the way Dexie's path reads them", async () => {
    const store = await instance();
    const first = doc("a", "done: yes");
    await store.bulkWrite([{ document: first }], "test");
    const gone = doc("a", "done: yes", first, true);
    await store.bulkWrite([{ document: gone, previous: first }], "test");

    expect(await store.findDocumentsById(["a"], false)).toEqual([]);
    const [deleted] = await store.findDocumentsById(["a"], true);
    expect(deleted).toMatchObject({ _deleted: true, done: true });
    expect(typeof deleted.done).toBe("boolean");
  });

  it("keeps the order of writes issued one after another without waiting", async () => {
    const store = await instance();
    const first = doc("a", "one");
    const second = doc("a", "two", first);
    const third = doc("a", "three", second);
    const results = await Promise.all([
      store.bulkWrite([{ document: first }], "test"),
      store.bulkWrite([{ document: second, previous: first }], "test"),
      store.bulkWrite([{ document: third, previous: second }], "test"),
    ]);
    expect(results.map((r) => r.error)).toEqual([[], [], []]);
    expect((await store.findDocumentsById(["a"], false))[0].title).toBe("three");
  });

  it("stores nothing of a batch IndexedDB cannot store, and emits no event", async () => {
    const store = await instance();
    const watch = events(store);
    const good = doc("a", "fine");
    const bad = { ...doc("b", "not cloneable"), title: () => "a function" } as unknown as Doc;
    await expect(store.bulkWrite([{ document: good }, { document: bad }], "test")).rejects.toThrow();
    expect(await store.findDocumentsById(["a", "b"], true)).toEqual([]);
    expect(watch.seen).toEqual([]);
    watch.stop();
  });

  it("refuses a row without a revision, as the storage does", async () => {
    const store = await instance();
    const row = { ...doc("a", "x"), _rev: "" };
    await expect(store.bulkWrite([{ document: row }], "test")).rejects.toThrow();
    expect(await store.findDocumentsById(["a"], true)).toEqual([]);
  });

  it("adds a batch of new documents in one write and one change event, readable through Dexie's path", async () => {
    const store = await instance();
    if (!hasInsertNew(store)) throw new Error("no insertNew");
    const watch = events(store);
    const docs = [doc("a", "done one"), doc("b", "two"), doc("c", "three", undefined, true)];
    expect(await store.insertNew(docs as never, "test")).toBe(true);
    // The deleted one is stored with no event, as RxDB's own write does (a live list would show it).
    expect(watch.seen).toEqual([
      { operation: "INSERT", id: "a", title: "done one" },
      { operation: "INSERT", id: "b", title: "two" },
    ]);
    const viaRxdb = await instance(getRxStorageDexie({ indexedDB: new IDBFactory(), IDBKeyRange }));
    const rxdbSeen = events(viaRxdb);
    await viaRxdb.bulkWrite([{ document: doc("d", "four", undefined, true) }, { document: doc("e", "five") }], "test");
    expect(rxdbSeen.seen.map((e) => e.id)).toEqual(["e"]);
    rxdbSeen.stop();
    expect(await store.insertNew([doc("f", "six", undefined, true)] as never, "test")).toBe(true);
    expect(watch.seen).toHaveLength(2);
    const stored = await store.findDocumentsById(["a", "b", "c"], true);
    expect(stored.map((d) => [d.id, d.done, d._deleted]).sort()).toEqual([["a", true, false], ["b", false, false], ["c", false, true]]);
    // The boolean index is stored as Dexie's path stores it: a query on it finds the document.
    const done = await store.query(prepareQuery(schema as never, { selector: { done: true, _deleted: false }, sort: [{ id: "asc" }], skip: 0 }));
    expect(done.documents.map((d) => d.id)).toEqual(["a"]);
    watch.stop();
  });

  it("adds through IndexedDB itself while the database is open, not through Dexie's bulkAdd", async () => {
    const store = await instance();
    if (!hasInsertNew(store)) throw new Error("no insertNew");
    const state = await (store as unknown as { internals: Promise<{ dexieTable: { bulkAdd: (...args: unknown[]) => unknown } }> }).internals;
    const bulkAdd = vi.spyOn(state.dexieTable, "bulkAdd");
    expect(await store.insertNew([doc("a", "one"), doc("b", "two")] as never, "test")).toBe(true);
    expect(bulkAdd).not.toHaveBeenCalled();
    expect((await store.findDocumentsById(["a", "b"], false)).map((d) => d.id).sort()).toEqual(["a", "b"]);
  });

  it("adds nothing of a batch when one of its documents exists, and says so", async () => {
    const store = await instance();
    if (!hasInsertNew(store)) throw new Error("no insertNew");
    await store.bulkWrite([{ document: doc("b", "already here") }], "test");
    const watch = events(store);
    expect(await store.insertNew([doc("a", "new"), doc("b", "pulled"), doc("c", "new")] as never, "test")).toBe(false);
    expect((await store.findDocumentsById(["a", "b", "c"], true)).map((d) => [d.id, d.title])).toEqual([["b", "already here"]]);
    expect(watch.seen).toEqual([]);
    watch.stop();
  });

  it("adds nothing of a batch IndexedDB cannot store, and fails", async () => {
    const store = await instance();
    if (!hasInsertNew(store)) throw new Error("no insertNew");
    const bad = { ...doc("b", "not cloneable"), title: () => "a function" } as unknown as Doc;
    await expect(store.insertNew([doc("a", "fine"), bad] as never, "test")).rejects.toThrow();
    expect(await store.findDocumentsById(["a", "b"], true)).toEqual([]);
  });
});

describe("toDexieRow", () => {
  it("is the row RxDB's fromStorageToDexie makes, with or without keys Dexie must rename", () => {
    const plain = { id: "a", done: true, _deleted: false, _meta: { lwt: 5, o: { _rev: 1, hash: "h" } }, _attachments: {}, _rev: "1-x", tags: ["x", { y: 1 }], note: null };
    const piped = { ...plain, nested: { "|odd": 1, list: [{ "|deep": 2 }] } };
    for (const doc of [plain, piped, { ...plain, done: false, _deleted: true }]) {
      for (const indexes of [["done", "_deleted"], [], ["_deleted"]]) {
        expect(toDexieRow(indexes, doc as never)).toEqual(fromStorageToDexie(indexes, doc as never));
      }
    }
    // The document itself is left as it was.
    expect(plain.done).toBe(true);
  });
});
