import Dexie from "dexie";
import { IDBFactory, IDBKeyRange } from "fake-indexeddb";
import { createRevision, fillWithDefaultSettings, getChangedDocumentsSince, normalizeMangoQuery, prepareQuery, randomToken, type RxStorage, type RxStorageInstance } from "rxdb";
import { getRxStorageDexie } from "rxdb/plugins/storage-dexie";
import { afterEach, describe, expect, it } from "vitest";
import { getLeanRxStorageDexie, leanDocsTable } from "./dexie-indexes.ts";

type Doc = Record<string, unknown> & { id: string; _rev: string; _deleted: boolean; _meta: { lwt: number }; _attachments: Record<string, never> };

const withIndexes = fillWithDefaultSettings({
  version: 0,
  primaryKey: "id",
  type: "object",
  properties: { id: { type: "string", maxLength: 40 }, patientId: { type: "string", maxLength: 40 }, updatedAt: { type: "number", minimum: 0, maximum: 1e15, multipleOf: 1 } },
  required: ["id", "patientId", "updatedAt"],
  indexes: [["patientId", "updatedAt"]],
} as never);
const withoutIndexes = fillWithDefaultSettings({
  version: 0,
  primaryKey: "id",
  type: "object",
  properties: { id: { type: "string", maxLength: 40 }, title: { type: "string" } },
  required: ["id"],
} as never);

const token = randomToken(10);
const open: RxStorageInstance<Doc, unknown, unknown>[] = [];
afterEach(async () => {
  for (const instance of open.splice(0)) await instance.close();
});

async function instance(storage: RxStorage<unknown, unknown>, databaseName: string, schema = withIndexes) {
  const created = await storage.createStorageInstance<Doc>({
    databaseInstanceToken: token,
    databaseName,
    collectionName: "items",
    schema: schema as never,
    options: {},
    multiInstance: false,
    devMode: false,
  });
  open.push(created as never);
  return created as unknown as RxStorageInstance<Doc, unknown, unknown>;
}

/** The documents table as IndexedDB itself holds it. */
async function docsTable(idb: IDBFactory, databaseName: string) {
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const request = idb.open(`rxdb-dexie-${databaseName}--0--items`);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  const store = db.transaction("docs").objectStore("docs");
  const table = { version: db.version, indexes: [...store.indexNames].sort() };
  db.close();
  return table;
}

function doc(id: string, patientId: string, updatedAt: number, lwt: number, deleted = false): Doc {
  return { id, patientId, updatedAt, _deleted: deleted, _attachments: {}, _meta: { lwt }, _rev: createRevision(token) };
}

describe("RxDB's Dexie storage with only the indexes RxDB uses", () => {
  it("declares the primary key and the schema's own indexes (with RxDB's `[_meta.lwt+id]`), nothing else", async () => {
    const idb = new IDBFactory();
    const name = `lean-${randomToken(6)}`;
    await instance(getLeanRxStorageDexie({ indexedDB: idb, IDBKeyRange }), name);
    expect((await docsTable(idb, name)).indexes).toEqual(["[_deleted+patientId+updatedAt+id]", "[_meta.lwt+id]"]);
  });

  it("keeps RxDB's default index when the schema declares none", async () => {
    const idb = new IDBFactory();
    const name = `lean-${randomToken(6)}`;
    await instance(getLeanRxStorageDexie({ indexedDB: idb, IDBKeyRange }), name, withoutIndexes);
    expect((await docsTable(idb, name)).indexes).toEqual(["[_deleted+id]", "[_meta.lwt+id]"]);
  });

  it("answers queries, changes since a checkpoint and the cleanup of deleted documents without the dropped indexes", async () => {
    const idb = new IDBFactory();
    const store = await instance(getLeanRxStorageDexie({ indexedDB: idb, IDBKeyRange }), `lean-${randomToken(6)}`);
    const rows = [doc("a", "p1", 3, 10), doc("b", "p1", 1, 20), doc("c", "p2", 2, 30), doc("d", "p1", 2, 40, true)];
    expect((await store.bulkWrite(rows.map((document) => ({ document })), "test")).error).toEqual([]);

    const query = normalizeMangoQuery<Doc>(withIndexes as never, { selector: { patientId: "p1", _deleted: false } as never, sort: [{ updatedAt: "asc" }] });
    const found = await store.query(prepareQuery(withIndexes as never, query));
    expect(found.documents.map((d) => d.id)).toEqual(["b", "a"]);

    const changed = await getChangedDocumentsSince(store, 10, { id: "a", lwt: 10 });
    expect(changed.documents.map((d) => d.id)).toEqual(["b", "c", "d"]);

    // Documents deleted more than the given time ago are purged (read through `[_meta.lwt+id]`).
    expect(await store.cleanup(Date.now() - 35)).toBe(true);
    expect((await store.findDocumentsById(["d"], true)).map((d) => d.id)).toEqual(["d"]);
    expect(await store.cleanup(0)).toBe(true);
    expect((await store.findDocumentsById(["a", "d"], true)).map((d) => d.id)).toEqual(["a"]);
  });

  it("opens a database created with all of the storage's indexes as it is, and writes through them", async () => {
    const idb = new IDBFactory();
    const name = `lean-${randomToken(6)}`;
    const before = await instance(getRxStorageDexie({ indexedDB: idb, IDBKeyRange }) as RxStorage<unknown, unknown>, name);
    await before.bulkWrite([{ document: doc("a", "p1", 1, 10) }], "test");
    await before.close();
    open.splice(0);
    const created = await docsTable(idb, name);
    expect(created.indexes).toEqual(["[_deleted+id]", "[_deleted+patientId+updatedAt+id]", "[_meta.lwt+id]", "_meta.lwt"]);

    const after = await instance(getLeanRxStorageDexie({ indexedDB: idb, IDBKeyRange }), name);
    expect((await after.bulkWrite([{ document: doc("b", "p1", 2, 20) }], "test")).error).toEqual([]);
    expect((await after.findDocumentsById(["a", "b"], false)).map((d) => d.id).sort()).toEqual(["a", "b"]);
    // No upgrade: the same IndexedDB version and indexes, maintained for the new row too.
    await after.close();
    open.splice(0);
    expect(await docsTable(idb, name)).toEqual(created);
    const lwtEntries = await new Promise<number>((resolve, reject) => {
      const request = idb.open(`rxdb-dexie-${name}--0--items`);
      request.onerror = () => reject(request.error);
      request.onsuccess = () => {
        const db = request.result;
        const count = db.transaction("docs").objectStore("docs").index("_meta.lwt").count();
        count.onsuccess = () => {
          resolve(count.result);
          db.close();
        };
      };
    });
    expect(lwtEntries).toBe(2);
  });

  it("keeps working when a tab of the earlier code opens the database and adds the indexes back", async () => {
    const idb = new IDBFactory();
    const name = `lean-${randomToken(6)}`;
    const lean = await instance(getLeanRxStorageDexie({ indexedDB: idb, IDBKeyRange }), name);
    await lean.bulkWrite([{ document: doc("a", "p1", 1, 10) }], "test");
    const created = await docsTable(idb, name);
    // The earlier code in another tab: its own connection, declaring the tables as RxDB's Dexie storage does.
    const earlier = new Dexie(`rxdb-dexie-${name}--0--items`, { indexedDB: idb, IDBKeyRange });
    earlier.version(1).stores({
      docs: "id, [_deleted+id], [_deleted+patientId+updatedAt+id], [_meta.lwt+id], _meta.lwt", changes: "++sequence, id", attachments: "id",
    });
    expect((await earlier.table("docs").toArray()).map((d) => d.id)).toEqual(["a"]);
    earlier.close();
    // This tab goes on writing and reading.
    expect((await lean.bulkWrite([{ document: doc("b", "p1", 2, 20) }], "test")).error).toEqual([]);
    expect((await lean.findDocumentsById(["a", "b"], false)).map((d) => d.id).sort()).toEqual(["a", "b"]);
    await Promise.all(open.splice(0).map((store) => store.close()));
    const upgraded = await docsTable(idb, name);
    expect(upgraded.version).toBeGreaterThan(created.version);
    expect(upgraded.indexes).toEqual(["[_deleted+id]", "[_deleted+patientId+updatedAt+id]", "[_meta.lwt+id]", "_meta.lwt"]);
  });

  it("leaves out only `_meta.lwt` and an undeclared `[_deleted+id]`", () => {
    const schema = { primaryKey: "id", version: 0, indexes: [["_deleted", "status", "id"], ["_meta.lwt", "id"]] };
    expect(leanDocsTable("id, [_deleted+id], [_deleted+status+id], [_meta.lwt+id], _meta.lwt", schema as never))
      .toBe("id, [_deleted+status+id], [_meta.lwt+id]");
    expect(leanDocsTable("id, [_deleted+id], [_meta.lwt+id], _meta.lwt", { primaryKey: "id", version: 0, indexes: [] } as never))
      .toBe("id, [_deleted+id], [_meta.lwt+id], _meta.lwt");
    // A schema whose indexes RxDB has not filled (no `[_meta.lwt+id]` among them) keeps the storage's own.
    expect(leanDocsTable("key, [_deleted+key], [_deleted+a+key], [_meta.lwt+key], _meta.lwt", { primaryKey: { key: "key" }, version: 0, indexes: [["_deleted", "a", "key"]] } as never))
      .toBe("key, [_deleted+a+key], [_meta.lwt+key]");
    // RxDB's default index declared by the schema itself stays.
    expect(leanDocsTable("id, [_deleted+id], [_meta.lwt+id], _meta.lwt", { primaryKey: "id", version: 0, indexes: [["_deleted", "id"], ["_meta.lwt", "id"]] } as never))
      .toBe("id, [_deleted+id], [_meta.lwt+id]");
  });
});
