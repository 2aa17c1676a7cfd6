import Dexie from "dexie";
import { IDBKeyRange } from "fake-indexeddb";
import { Subject } from "rxjs";
import { afterEach, describe, expect, it } from "vitest";
import { sameValue } from "../../../../../sync/collections/index.ts";
import { PULL_BULK_LIMIT_MAX, PULL_LIMIT_MAX } from "../../../../../sync/protocol.ts";
import { databaseName } from "./database.ts";
import { pullInitial } from "./initial-pull.ts";
import { closeAll, content, fakeServer, metaRows, newDevice, open, replicate, stored, until, userId } from "./initial-pull.fixtures.ts";
import type { PullStreamItem } from "./replication.ts";

afterEach(closeAll);

describe("the bulk first pull", () => {
  it("stores an empty collection page by page, asking for the next page while it writes, with no copy per document", async () => {
    const idb = newDevice();
    const db = await open(idb);
    const server = fakeServer(5);
    let inserted = 0;
    db.note_drafts.insert$.subscribe(() => (inserted += 1));
    server.countStored(() => inserted);

    expect(await pullInitial({ db, name: "note_drafts", api: server.api, pageSize: 2 })).toBe(5);
    // Each next page was asked for before the page just received was stored.
    expect(server.storedAtPull[1]).toBe(0);
    expect(server.storedAtPull.every((n, i) => n <= Math.max(0, i - 1) * 2)).toBe(true);

    const ordered = [...server.docs.values()].sort((a, b) => a.updatedAt - b.updatedAt);
    expect(server.pulls).toEqual([null, { updatedAt: ordered[1].updatedAt, id: ordered[1].id }, {
      updatedAt: ordered[3].updatedAt,
      id: ordered[3].id,
    }]);
    expect((await stored(db)).sort((a, b) => a.updatedAt - b.updatedAt)).toEqual(ordered);
    expect(await metaRows(idb, db)).toEqual([]);
  });

  it("skips a document the shared schema refuses, stores the rest and goes on past it", async () => {
    const db = await open();
    const server = fakeServer(6);
    const ordered = [...server.docs.values()].sort((a, b) => a.updatedAt - b.updatedAt);
    // The second page's first document and the whole third page are refused (a field of the wrong type).
    for (const doc of [ordered[2], ordered[4], ordered[5]]) server.docs.set(doc.id, { ...doc, title: 42 as unknown as string });
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => errors.push(args[0]);
    try {
      expect(await pullInitial({ db, name: "note_drafts", api: server.api, pageSize: 2 })).toBe(3);
    } finally {
      console.error = original;
    }
    expect(errors).toHaveLength(3);
    expect((await stored(db)).map((d) => d.id).sort()).toEqual([ordered[0], ordered[1], ordered[3]].map((d) => d.id).sort());
    // Past the refused page: the replication started afterwards asks for what comes after the last document.
    const state = replicate(db, server.api);
    await state.awaitInitialReplication();
    expect(server.pulls.at(-1)).toEqual({ updatedAt: ordered[5].updatedAt, id: ordered[5].id });
  });

  it("goes on past a page ended early for its size whose documents are all refused", async () => {
    const db = await open();
    const server = fakeServer(6);
    server.endPagesAfter(2);
    const ordered = [...server.docs.values()].sort((a, b) => a.updatedAt - b.updatedAt);
    for (const doc of [ordered[2], ordered[3]]) server.docs.set(doc.id, { ...doc, title: 42 as unknown as string });
    const original = console.error;
    console.error = () => {};
    try {
      expect(await pullInitial({ db, name: "note_drafts", api: server.api, pageSize: 5 })).toBe(4);
    } finally {
      console.error = original;
    }
    // [0, 1] more, [2, 3] more (both refused), [4, 5] the last: each page asked for once.
    expect(server.pulls).toHaveLength(3);
    expect((await stored(db)).map((d) => d.id).sort()).toEqual([ordered[0], ordered[1], ordered[4], ordered[5]].map((d) => d.id).sort());
  });

  it("RxDB's replication goes on past full pages whose documents are partly or wholly refused", async () => {
    const db = await open();
    const server = fakeServer(7);
    const ordered = [...server.docs.values()].sort((a, b) => a.updatedAt - b.updatedAt);
    // Pages of 3: [0, 1r, 2r] one valid, [3r, 4r, 5r] none, [6] the last.
    for (const doc of [ordered[1], ordered[2], ordered[3], ordered[4], ordered[5]]) {
      server.docs.set(doc.id, { ...doc, title: 42 as unknown as string });
    }
    // No bulk first pull here: RxDB's replication pulls every page.
    const original = console.error;
    console.error = () => {};
    try {
      const state = replicate(db, server.api, new Subject<PullStreamItem>(), 3);
      await state.awaitInitialReplication();
    } finally {
      console.error = original;
    }
    expect((await stored(db)).map((d) => d.id).sort()).toEqual([ordered[0], ordered[6]].map((d) => d.id).sort());
  });

  it("goes on past a page the server ended early for its size (more), to the last page", async () => {
    const db = await open();
    const server = fakeServer(7);
    server.endPagesAfter(2);
    expect(await pullInitial({ db, name: "note_drafts", api: server.api, pageSize: 5 })).toBe(7);
    // 2 + 2 + 2 (each ended early, saying more) + 1 (shorter than asked, without more: the last).
    expect(server.pulls).toHaveLength(4);
    expect((await stored(db)).map((d) => d.id).sort()).toEqual([...server.docs.keys()].sort());
  });

  it("asks for bulk pages (above RxDB's page of 1,000); RxDB's replication asks for ordinary ones", async () => {
    const db = await open();
    const server = fakeServer(3);
    await pullInitial({ db, name: "note_drafts", api: server.api });
    expect(server.limits).toEqual([PULL_BULK_LIMIT_MAX]);
    const state = replicate(db, server.api);
    await state.awaitInitialReplication();
    expect(server.limits.slice(1).length).toBeGreaterThan(0);
    expect(server.limits.slice(1).every((limit) => limit <= PULL_LIMIT_MAX)).toBe(true);
  });

  it("hands RxDB's replication its checkpoints: it goes on after the last page and pushes nothing", async () => {
    const db = await open();
    const server = fakeServer(3);
    await pullInitial({ db, name: "note_drafts", api: server.api });
    const last = [...server.docs.values()].sort((a, b) => a.updatedAt - b.updatedAt).at(-1)!;

    const state = replicate(db, server.api);
    await state.awaitInitialReplication();
    expect(server.pulls.slice(1)).toEqual([{ updatedAt: last.updatedAt, id: last.id }]);
    await state.awaitInSync();
    expect(server.pushes).toEqual([]);
  });

  it("does nothing when the collection holds documents, or the replication has run before", async () => {
    const db = await open();
    const server = fakeServer(2);
    await db.note_drafts.insert({ ...content([...server.docs.values()][0]), updatedAt: 0 } as never);
    expect(await pullInitial({ db, name: "note_drafts", api: server.api })).toBe(0);
    expect(server.pulls).toEqual([]);

    const other = await open(newDevice(), crypto.randomUUID());
    await pullInitial({ db: other, name: "note_drafts", api: server.api });
    await other.note_drafts.find().remove();
    expect(await pullInitial({ db: other, name: "note_drafts", api: server.api })).toBe(0);
  });

  it("pushes an edit of a document stored in bulk against the server's copy it replaced", async () => {
    const idb = newDevice();
    const db = await open(idb);
    const server = fakeServer(3);
    await pullInitial({ db, name: "note_drafts", api: server.api });
    const state = replicate(db, server.api);
    await state.awaitInitialReplication();
    const [before] = [...server.docs.values()];

    const doc = await db.note_drafts.findOne(before.id).exec();
    await doc!.incrementalPatch({ title: "Edited on the device" });
    await until(() => server.pushes.length > 0, "the push");

    expect(server.pushes).toEqual([[{ assumedMasterState: before, newDocumentState: { ...before, title: "Edited on the device" } }]]);
    expect(server.docs.get(before.id)!.title).toBe("Edited on the device");
    expect(await metaRows(idb, db)).toHaveLength(1);
  });

  it("keeps the server's copy in the edit's own write, sealed, and pushes against it", async () => {
    const idb = newDevice();
    const db = await open(idb);
    const server = fakeServer(2);
    await pullInitial({ db, name: "note_drafts", api: server.api });
    const [before] = [...server.docs.values()];
    const doc = await db.note_drafts.findOne(before.id).exec();
    await doc!.incrementalPatch({ title: "First edit" });
    await (await db.note_drafts.findOne(before.id).exec())!.incrementalPatch({ title: "Second edit" });

    // No second write: no meta row yet, and the stored document shows neither the old title nor the new one.
    expect(await metaRows(idb, db)).toEqual([]);
    const raw = new Dexie(`rxdb-dexie-${databaseName(userId)}--0--note_drafts`, { indexedDB: idb.indexedDB, IDBKeyRange });
    await raw.open();
    const rows = JSON.stringify(await raw.table("docs").toArray());
    raw.close();
    expect(rows).not.toContain(before.title as string);
    expect(rows).not.toContain("Second edit");
    // What screens read holds no bookkeeping, so the strict schemas still accept it.
    expect(Object.keys((await db.note_drafts.findOne(before.id).exec())!.toJSON()).sort())
      .toEqual(Object.keys(before).filter((key) => key !== "_deleted").sort());

    const state = replicate(db, server.api);
    await until(() => server.pushes.length > 0, "the push");
    await state.awaitInSync();
    expect(server.pushes[0]).toEqual([{ assumedMasterState: before, newDocumentState: { ...before, title: "Second edit" } }]);
    expect(server.docs.get(before.id)!.title).toBe("Second edit");
  });

  it("merges a conflicting edit field by field, the server's copy from the bulk pull being the common base", async () => {
    const db = await open();
    const server = fakeServer(2);
    await pullInitial({ db, name: "note_drafts", api: server.api });
    const [before] = [...server.docs.values()];
    // Another device changes the plan; this device, not yet told, changes the text.
    server.edit(before.id, { fields: { ...(before.fields as object), plan: "their plan" } });
    const doc = await db.note_drafts.findOne(before.id).exec();
    await doc!.incrementalPatch({ fields: { ...(before.fields as Record<string, string>), text: "my text" } });

    const state = replicate(db, server.api);
    await state.awaitInitialReplication();
    await until(() => sameValue(server.docs.get(before.id)!.fields, { text: "my text", plan: "their plan" }), "the merged draft on the server");
    await state.awaitInSync();
    const local = (await db.note_drafts.findOne(before.id).exec())!.toMutableJSON();
    expect(local.fields).toEqual({ text: "my text", plan: "their plan" });
  });

  it("replaces an untouched document stored in bulk with the server's newer copy", async () => {
    const db = await open();
    const server = fakeServer(2);
    await pullInitial({ db, name: "note_drafts", api: server.api });
    const stream$ = new Subject<PullStreamItem>();
    const state = replicate(db, server.api, stream$);
    await state.awaitInitialReplication();

    const [first] = [...server.docs.values()];
    const changed = server.edit(first.id, { title: "Renamed elsewhere" });
    stream$.next({ documents: [changed], checkpoint: { updatedAt: changed.updatedAt, id: changed.id } });
    await until(async () => (await db.note_drafts.findOne(first.id).exec())?.title === "Renamed elsewhere", "the live change");
    await state.awaitInSync();
    expect(server.pushes).toEqual([]);
  });
});
