import { IDBFactory, IDBKeyRange } from "fake-indexeddb";
import { Subject } from "rxjs";
import { afterEach, describe, expect, it } from "vitest";
import type { Checkpoint } from "../../../../../sync/protocol.ts";
import type { ApiClient } from "../../../lib/api/client.ts";
import { type DpcDatabase, openDatabase } from "./database.ts";
import { pullInitial } from "./initial-pull.ts";
import { applyPush, content, type Doc, type PushRow } from "./initial-pull.fixtures.ts";
import { deriveLocalKeys } from "./local-keys.ts";
import { rebuildPendingMarks, unpushedChanges } from "./pending-rebuild.ts";
import { type PullStreamItem, replicateCollection } from "./replication.ts";


const opened: DpcDatabase[] = [];
afterEach(async () => {
  for (const db of opened.splice(0)) if (!db.closed) await db.close();
});

const userId = crypto.randomUUID();
const patientId = crypto.randomUUID();

/** One device: the same IndexedDB and key at every open (a reload). */
function device() {
  const idb = { indexedDB: new IDBFactory(), IDBKeyRange };
  const dataKey = crypto.getRandomValues(new Uint8Array(32));
  return async () => {
    const keys = await deriveLocalKeys(dataKey);
    const db = await openDatabase({ userId, password: keys.rxdbPassword, key: keys.fields, idb, multiInstance: false, collections: ["note_drafts"] });
    opened.push(db);
    return db;
  };
}

const draft = (title: string): Doc => ({
  id: crypto.randomUUID(),
  patientId,
  encounterId: null,
  noteTypeId: null,
  title,
  fields: { text: title },
  authorId: userId,
  updatedBy: userId,
  updatedAt: 0,
  _deleted: false,
});

/** The edge's note drafts in memory: pull by checkpoint, push with the stale check of `service.ts`. */
function fakeServer(count: number) {
  let seq = 100;
  const docs = new Map<string, Doc>();
  for (let i = 0; i < count; i++) {
    const doc = { ...draft(`Note ${i}`), updatedAt: ++seq };
    docs.set(doc.id, doc);
  }
  const pushes: PushRow[][] = [];
  const api = {
    GET(_path: string, options: { query: { updatedAt?: number; id?: string; limit: number } }) {
      const { updatedAt, id, limit } = options.query;
      const checkpoint: Checkpoint | null = updatedAt === undefined ? null : { updatedAt, id: id! };
      const after = [...docs.values()]
        .filter((d) => !checkpoint || d.updatedAt > checkpoint.updatedAt || (d.updatedAt === checkpoint.updatedAt && d.id > checkpoint.id))
        .sort((a, b) => a.updatedAt - b.updatedAt || (a.id < b.id ? -1 : 1))
        .slice(0, limit);
      const last = after.at(-1);
      return Promise.resolve({ documents: structuredClone(after), checkpoint: last ? { updatedAt: last.updatedAt, id: last.id } : null });
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
    pushes,
    edit(id: string, change: Partial<Doc>) {
      docs.set(id, { ...docs.get(id)!, ...change, updatedAt: ++seq });
    },
  };
}

async function replicateUntilInSync(db: DpcDatabase, api: ApiClient) {
  const state = replicateCollection({ db, name: "note_drafts", api, stream$: new Subject<PullStreamItem>(), events: { synced() {}, outdated() {}, settled() {} } });
  state.error$.subscribe(() => {});
  await state.awaitInitialReplication();
  await state.awaitInSync();
  await state.cancel();
}

const patch = async (db: DpcDatabase, id: string, title: string) => (await db.note_drafts.findOne(id).exec())!.incrementalPatch({ title });

describe("waiting marks rebuilt at open", () => {
  it("marks exactly what RxDB's upstream would push: changes stored with their marks lost, not pulled, pristine or acknowledged ones", async () => {
    const open = device();
    let db = await open();
    const server = fakeServer(5);
    const [pristine, pulled, acknowledged, lost, resolved] = [...server.docs.keys()];
    await pullInitial({ db, name: "note_drafts", api: server.api });
    expect(await unpushedChanges({ db, name: "note_drafts" })).toEqual([]);

    // Pulled the ordinary way (a newer server copy); edited here and acknowledged; edited back to the server's copy.
    server.edit(pulled, { title: "Renamed elsewhere" });
    await patch(db, acknowledged, "Sent and acknowledged");
    await patch(db, resolved, "Changed");
    await patch(db, resolved, server.docs.get(resolved)!.title as string);
    await replicateUntilInSync(db, server.api);
    expect(server.docs.get(acknowledged)!.title).toBe("Sent and acknowledged");
    expect(await unpushedChanges({ db, name: "note_drafts" })).toEqual([]);

    // Offline: an edit of a pulled document, and a new draft; the tab dies before their marks are written.
    await patch(db, lost, "Edited offline");
    const created = draft("Made offline");
    await db.note_drafts.insert(content(created) as never);
    await db.close();

    db = await open();
    expect((await unpushedChanges({ db, name: "note_drafts" })).sort()).toEqual([lost, created.id].sort());
    const marked = new Set([`note_drafts/${created.id}`]);
    const added: string[][] = [];
    const restored = await rebuildPendingMarks({
      db,
      name: "note_drafts",
      marks: {
        ready: Promise.resolve(),
        has: (collection, id) => marked.has(`${collection}/${id}`),
        add: (_collection, ids) => void added.push(ids),
      },
    });
    expect(restored).toEqual([lost]);
    expect(added).toEqual([[lost]]);
    expect(pristine).toBeDefined();

    // Once pushed and acknowledged, nothing is waiting any more.
    await replicateUntilInSync(db, server.api);
    expect(server.docs.get(lost)!.title).toBe("Edited offline");
    expect(await unpushedChanges({ db, name: "note_drafts" })).toEqual([]);
  });

  it("reads past one batch, and a deleted document not yet pushed is waiting too", async () => {
    const open = device();
    const db = await open();
    const server = fakeServer(3);
    await pullInitial({ db, name: "note_drafts", api: server.api });
    const [gone] = [...server.docs.keys()];
    const made = Array.from({ length: 7 }, (_, i) => draft(`Local ${i}`));
    await db.note_drafts.bulkInsert(made.map((doc) => content(doc)) as never);
    await (await db.note_drafts.findOne(gone).exec())!.incrementalRemove();
    expect((await unpushedChanges({ db, name: "note_drafts", batchSize: 3 })).sort())
      .toEqual([gone, ...made.map((doc) => doc.id)].sort());
  });
});
