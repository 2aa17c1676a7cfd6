import { BroadcastChannel } from "broadcast-channel";
import { IDBFactory, IDBKeyRange } from "fake-indexeddb";
import { createRevision, fillWithDefaultSettings, now, randomToken, type RxStorageInstance } from "rxdb";
import { getRxStorageDexie } from "rxdb/plugins/storage-dexie";
import { filter, firstValueFrom, merge, Subject, timeout } from "rxjs";
import { afterEach, describe, expect, it, vi } from "vitest";
import { hasInsertNew, withDirectWrites } from "./dexie-direct.ts";
import { IDS_ONLY, idsOnlyInserts, readBack } from "./tab-events.ts";

type Doc = Record<string, unknown> & { id: string; _rev: string; _deleted: boolean; _meta: { lwt: number }; _attachments: Record<string, never> };
type Bulk = { context: string; events: { operation: string; documentId: string; documentData?: Doc }[] };

const schema = fillWithDefaultSettings({
  version: 0,
  primaryKey: "id",
  type: "object",
  properties: { id: { type: "string", maxLength: 40 }, title: { type: "string" } },
  required: ["id", "title"],
} as never);

const open: RxStorageInstance<Doc, unknown, unknown>[] = [];
afterEach(async () => {
  for (const instance of open.splice(0)) await instance.close();
  vi.restoreAllMocks();
});

/** Two tabs of one browser: the same IndexedDB, each its own storage instance and token. */
async function twoTabs(multiInstance = true) {
  const idb = { indexedDB: new IDBFactory(), IDBKeyRange };
  const databaseName = `tabs-${randomToken(6)}`;
  const tab = async () => {
    const created = await withDirectWrites(getRxStorageDexie(idb)).createStorageInstance<Doc>({
      databaseInstanceToken: randomToken(10),
      databaseName,
      collectionName: "items",
      schema: schema as never,
      options: {},
      multiInstance,
      devMode: false,
    });
    open.push(created as never);
    return created as unknown as RxStorageInstance<Doc, unknown, unknown>;
  };
  return [await tab(), await tab()] as const;
}

const doc = (id: string, title: string, previous?: Doc): Doc => ({
  id, title, _deleted: false, _attachments: {}, _meta: { lwt: now() }, _rev: createRevision(randomToken(10), previous as never),
});

function watch(instance: RxStorageInstance<Doc, unknown, unknown>) {
  const bulks: Bulk[] = [];
  const subscription = instance.changeStream().subscribe((bulk) => bulks.push(bulk as never));
  return { bulks, stop: () => subscription.unsubscribe() };
}

const bulkOf = (instance: RxStorageInstance<Doc, unknown, unknown>, context: string) =>
  firstValueFrom(instance.changeStream().pipe(filter((bulk) => bulk.context === context), timeout(5_000))) as Promise<Bulk>;

describe("the other tabs told of a bulk insert", () => {
  it("get the documents read from the shared database, while the channel carries only their ids", async () => {
    const posted: { eventBulk?: Bulk & { [IDS_ONLY]?: { ids: string[] } } }[] = [];
    const post = BroadcastChannel.prototype.postMessage;
    vi.spyOn(BroadcastChannel.prototype, "postMessage").mockImplementation(function (this: BroadcastChannel, message: unknown) {
      posted.push(message as never);
      return post.call(this, message);
    });
    const [inserting, other] = await twoTabs();
    const own = watch(inserting);
    const arrived = bulkOf(other, "first-pull");
    if (!hasInsertNew(inserting)) throw new Error("no insertNew");
    const docs = [doc("a", "one"), doc("b", "two"), doc("c", "three")];
    expect(await inserting.insertNew(docs as never, "first-pull")).toBe(true);

    const received = await arrived;
    expect(received.events.map((event) => [event.operation, event.documentId, event.documentData?.title])).toEqual([
      ["INSERT", "a", "one"], ["INSERT", "b", "two"], ["INSERT", "c", "three"],
    ]);
    expect(received.events[0].documentData).toMatchObject({ id: "a", _rev: docs[0]._rev });
    // The inserting tab's listeners had the whole bulk, once.
    expect(own.bulks.filter((bulk) => bulk.context === "first-pull").map((bulk) => bulk.events.length)).toEqual([3]);
    // The channel carried the ids and no document.
    const told = posted.filter((message) => message.eventBulk?.context === "first-pull");
    expect(told).toHaveLength(1);
    expect(told[0].eventBulk!.events).toEqual([]);
    expect(told[0].eventBulk![IDS_ONLY]!.ids).toEqual(["a", "b", "c"]);
    own.stop();
  });

  it("keep the order of a bulk insert and a later edit of the same document; edits go out whole", async () => {
    const [inserting, other] = await twoTabs();
    const seen = watch(other);
    if (!hasInsertNew(inserting)) throw new Error("no insertNew");
    const first = doc("a", "pulled");
    await inserting.insertNew([first] as never, "first-pull");
    const edited = doc("a", "edited", first);
    const arrived = bulkOf(other, "edit");
    expect((await inserting.bulkWrite([{ document: edited, previous: first }], "edit")).error).toEqual([]);
    await arrived;
    expect(seen.bulks.map((bulk) => [bulk.context, bulk.events[0].operation, bulk.events[0].documentData?.title])).toEqual([
      // Read back after the edit was stored: the newer copy, still as the insert it was.
      ["first-pull", "INSERT", expect.stringMatching(/^(pulled|edited)$/)],
      ["edit", "UPDATE", "edited"],
    ]);
    seen.stop();
  });

  it("without other tabs, a bulk insert is emitted whole through the instance's own stream", async () => {
    const [inserting] = await twoTabs(false);
    const own = watch(inserting);
    if (!hasInsertNew(inserting)) throw new Error("no insertNew");
    await inserting.insertNew([doc("a", "one")] as never, "first-pull");
    expect(own.bulks.map((bulk) => [bulk.context, bulk.events.length, bulk.events[0].documentData?.title])).toEqual([["first-pull", 1, "one"]]);
    own.stop();
  });
});

describe("reading back another tab's inserts", () => {
  /** An instance as RxDB's multi-instance support leaves it: its stream merges the other tabs' bulks with its own. */
  function fakeInstance(find: (ids: string[]) => Promise<Record<string, unknown>[]>) {
    const changes$ = new Subject<never>();
    const fromOtherTabs$ = new Subject<never>();
    const instance = {
      changes$,
      changeStream: () => merge(fromOtherTabs$, changes$),
      findDocumentsById: (ids: string[]) => find(ids),
      primaryPath: "id",
      closed: false as unknown,
    };
    return { instance, fromOtherTabs$ };
  }
  const idsOnly = (ids: string[]) => ({ id: "b", context: "first-pull", checkpoint: null, events: [], [IDS_ONLY]: { ids } });

  it("hands on this tab's own writes at once, while another tab's inserts are still being read", () => {
    const { instance, fromOtherTabs$ } = fakeInstance(() => new Promise(() => {}));
    idsOnlyInserts(instance as never, true);
    const seen: string[] = [];
    const subscription = instance.changeStream().subscribe((bulk) => seen.push((bulk as { context: string }).context));
    fromOtherTabs$.next(idsOnly(["a"]) as never);
    instance.changes$.next({ id: "e", context: "edit", checkpoint: null, events: [{ documentId: "x", operation: "UPDATE" }] } as never);
    expect(seen).toEqual(["edit"]);
    subscription.unsubscribe();
  });

  it("tries a failed read again while the database is open; gives up once it is closed", async () => {
    let calls = 0;
    const { instance } = fakeInstance((ids) => {
      calls += 1;
      if (calls === 1) return Promise.reject(new Error("DatabaseClosedError: reopening"));
      return Promise.resolve(ids.map((id) => ({ id, title: "t" })));
    });
    const read = await readBack(instance as never, idsOnly(["a", "b"]) as never, 1);
    expect(calls).toBe(2);
    expect(read.events.map((event) => [event.operation, event.documentId])).toEqual([["INSERT", "a"], ["INSERT", "b"]]);
    expect(IDS_ONLY in read).toBe(false);

    const closed = fakeInstance(() => Promise.reject(new Error("closed")));
    closed.instance.closed = true;
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    expect((await readBack(closed.instance as never, idsOnly(["a"]) as never, 1)).events).toEqual([]);
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it("leaves out a document removed before it was read", async () => {
    const { instance } = fakeInstance(() => Promise.resolve([{ id: "b", title: "kept" }]));
    const read = await readBack(instance as never, idsOnly(["a", "b"]) as never, 1);
    expect(read.events.map((event) => event.documentId)).toEqual(["b"]);
  });

  it("leaves out a document deleted before it was read (its deletion follows; a deleted document is no insert)", async () => {
    const { instance } = fakeInstance(() => Promise.resolve([{ id: "a", title: "gone", _deleted: true }, { id: "b", title: "kept", _deleted: false }]));
    const read = await readBack(instance as never, idsOnly(["a", "b"]) as never, 1);
    expect(read.events.map((event) => event.documentId)).toEqual(["b"]);
  });
});
