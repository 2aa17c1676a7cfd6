import { IDBFactory, IDBKeyRange } from "fake-indexeddb";
import { Subject } from "rxjs";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ApiClient } from "../../../lib/api/client.ts";
import { type DpcDatabase, openDatabase } from "./database.ts";
import { deriveLocalKeys } from "./local-keys.ts";
import { type PullStreamItem, replicateCollection } from "./replication.ts";

const opened: DpcDatabase[] = [];
afterEach(async () => {
  for (const db of opened.splice(0)) await db.close();
});

const userId = crypto.randomUUID();

async function open() {
  const keys = await deriveLocalKeys(crypto.getRandomValues(new Uint8Array(32)));
  const db = await openDatabase({
    userId,
    password: keys.rxdbPassword,
    key: keys.fields,
    idb: { indexedDB: new IDBFactory(), IDBKeyRange },
    multiInstance: false,
  });
  opened.push(db);
  return db;
}

const until = async (test: () => boolean, what: string) => {
  for (let i = 0; i < 200 && !test(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
  if (!test()) throw new Error(`timed out waiting for ${what}`);
};

describe("pending marks", () => {
  it("settle when the server's copy of a pending draft arrives by pull (or live event) before any push is acknowledged", async () => {
    const db = await open();
    const draft = {
      id: crypto.randomUUID(),
      patientId: crypto.randomUUID(),
      encounterId: null,
      noteTypeId: null,
      title: "Made offline",
      fields: { text: "Seen today" },
      authorId: userId,
      updatedBy: userId,
      updatedAt: 0,
    };
    const edited = { ...draft, id: crypto.randomUUID(), title: "Edited since" };
    await db.note_drafts.bulkInsert([draft, edited]);
    const pending = new Set([`note_drafts/${draft.id}`, `note_drafts/${edited.id}`]);
    const settled: string[] = [];
    let pulls = 0;
    const api = {
      GET: () => {
        pulls += 1;
        // The server has the draft (its push's answer was lost), and an older title of the other.
        const documents = pulls === 1
          ? [{ ...draft, updatedAt: 7, _deleted: false }, { ...edited, title: "Older", updatedAt: 8, _deleted: false }]
          : [];
        return Promise.resolve({ documents, checkpoint: pulls === 1 ? { updatedAt: 8, id: edited.id } : null });
      },
      // Every push fails: nothing is acknowledged by push.
      POST: () => Promise.reject(new Error("offline")),
    } as unknown as ApiClient;
    const stream$ = new Subject<PullStreamItem>();
    const state = replicateCollection({
      db,
      name: "note_drafts",
      api,
      stream$,
      events: {
        synced() {},
        outdated() {},
        isPending: (collection, id) => pending.has(`${collection}/${id}`),
        settled(collection, ids) {
          for (const id of ids) {
            pending.delete(`${collection}/${id}`);
            settled.push(id);
          }
        },
      },
    });
    state.error$.subscribe(() => {});
    await until(() => settled.length > 0, "the pulled draft to settle");
    expect(settled).toEqual([draft.id]);
    expect(pending.has(`note_drafts/${edited.id}`)).toBe(true);

    // A live event with the same content settles the other one.
    await db.note_drafts.findOne(edited.id).exec().then((doc) => doc!.incrementalPatch({ title: "Live" }));
    stream$.next({ documents: [{ ...edited, title: "Live", updatedAt: 9, _deleted: false }], checkpoint: { updatedAt: 9, id: edited.id } });
    await until(() => settled.length > 1, "the streamed draft to settle");
    expect(settled).toEqual([draft.id, edited.id]);
    await state.cancel();
  });
});

describe("a push and a pull crossing", () => {
  it("the server's copy of a pushed draft pulled before the push is answered still reaches the device", async () => {
    const db = await open();
    const draft = {
      id: crypto.randomUUID(),
      patientId: crypto.randomUUID(),
      encounterId: null,
      noteTypeId: null,
      title: "Made offline",
      fields: { text: "Seen today" },
      authorId: userId,
      updatedBy: userId,
      updatedAt: 0,
    };
    await db.note_drafts.insert(draft);
    // The server stores the push at once but its answer is late; the pull that crosses it sees the draft.
    let pushArrived!: () => void;
    const arrived = new Promise<void>((resolve) => (pushArrived = resolve));
    let answerPush!: () => void;
    const answered = new Promise<void>((resolve) => (answerPush = resolve));
    let pulledDraft = false;
    const server: Record<string, unknown>[] = [];
    const api = {
      async GET(_path: string, options: { query: { updatedAt?: number } }) {
        if (options.query.updatedAt === undefined) await arrived;
        const documents = server.filter((doc) => (doc.updatedAt as number) > (options.query.updatedAt ?? 0));
        if (documents.length > 0) pulledDraft = true;
        const last = documents.at(-1);
        return { documents, checkpoint: last ? { updatedAt: last.updatedAt, id: last.id } : null };
      },
      async POST(_path: string, options: { body: unknown }) {
        const rows = options.body as { newDocumentState: Record<string, unknown> }[];
        for (const row of rows) server.push({ ...row.newDocumentState, updatedAt: 7 });
        pushArrived();
        await answered;
        return [];
      },
    } as unknown as ApiClient;
    const settled: string[] = [];
    const state = replicateCollection({
      db,
      name: "note_drafts",
      api,
      stream$: new Subject<PullStreamItem>(),
      events: { synced() {}, outdated() {}, isPending: () => true, settled: (_c, ids) => settled.push(...ids) },
    });
    state.error$.subscribe(() => {});
    await until(() => pulledDraft, "the pull that crosses the push");
    await new Promise((resolve) => setTimeout(resolve, 50));
    answerPush();
    let local = 0;
    await until(() => {
      void db.note_drafts.findOne(draft.id).exec().then((doc) => (local = doc?.updatedAt ?? 0));
      return local === 7;
    }, "the server's numbering on the device");
    expect(settled).toContain(draft.id);
    await state.cancel();
  });
});

describe("pushed documents the server stored", () => {
  it("are told as soon as the push is answered, before they are settled; a conflict is not among them", async () => {
    const db = await open();
    const draft = (title: string) => ({
      id: crypto.randomUUID(),
      patientId: crypto.randomUUID(),
      encounterId: null,
      noteTypeId: null,
      title,
      fields: {},
      authorId: userId,
      updatedBy: userId,
      updatedAt: 0,
    });
    const [kept, refused, garbled] = [draft("Kept"), draft("Refused"), draft("Answered with a copy the schema refuses")];
    await db.note_drafts.bulkInsert([kept, refused, garbled]);
    const told: string[] = [];
    const api = {
      GET: () => Promise.resolve({ documents: [], checkpoint: null }),
      // The server stores the first and answers the second with its own, newer copy (a conflict); its copy of
      // the third is one the shared schema refuses (dropped on the device, and not stored by the server either).
      POST: () =>
        Promise.resolve([
          { ...refused, title: "The server's", updatedAt: 9, _deleted: false },
          { id: garbled.id, title: 42 },
        ]),
    } as unknown as ApiClient;
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const state = replicateCollection({
      db,
      name: "note_drafts",
      api,
      stream$: new Subject<PullStreamItem>(),
      events: {
        synced() {},
        outdated() {},
        stored: (collection, ids) => told.push(...ids.map((id) => `stored ${collection} ${id}`)),
        settled: (_collection, ids) => told.push(...ids.map((id) => `settled ${id}`)),
      },
    });
    state.error$.subscribe(() => {});
    await until(() => told.some((line) => line === `settled ${kept.id}`), "the kept draft to settle");
    expect(told.filter((line) => line.startsWith("stored"))).toEqual([`stored note_drafts ${kept.id}`]);
    expect(told.indexOf(`stored note_drafts ${kept.id}`)).toBeLessThan(told.indexOf(`settled ${kept.id}`));
    await state.cancel();
  });
});

describe("a newer edit made while an older one's push is on its way", () => {
  it.each([["an edit", false], ["a deletion", true]])("%s still waits when the older one is answered; its own push settles it", async (_what, deletes) => {
    const db = await open();
    const draft = {
      id: crypto.randomUUID(), patientId: crypto.randomUUID(), encounterId: null, noteTypeId: null, title: "E1",
      fields: {}, authorId: userId, updatedBy: userId, updatedAt: 0,
    };
    const pushed: string[] = [];
    const gates: (() => void)[] = [];
    const api = {
      GET: () => Promise.resolve({ documents: [], checkpoint: null }),
      async POST(_path: string, options: { body: unknown }) {
        const rows = options.body as { newDocumentState: { title: string } }[];
        pushed.push(...rows.map((row) => row.newDocumentState.title));
        await new Promise<void>((resolve) => gates.push(resolve));
        return [];
      },
    } as unknown as ApiClient;
    const settled: string[] = [];
    const state = replicateCollection({
      db,
      name: "note_drafts",
      api,
      stream$: new Subject<PullStreamItem>(),
      events: { synced() {}, outdated() {}, settled: (_c, ids) => settled.push(...ids) },
    });
    state.error$.subscribe(() => {});
    await db.note_drafts.insert(draft);
    await until(() => pushed.length === 1, "the first push");
    const doc = (await db.note_drafts.findOne(draft.id).exec())!;
    await (deletes ? doc.remove() : doc.incrementalPatch({ title: "E2" }));
    gates.shift()!();
    await until(() => pushed.length === 2, "the second push");
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(pushed).toEqual(["E1", deletes ? "E1" : "E2"]);
    // E1's answer did not settle the draft: E2 is still on its way.
    expect(settled).toEqual([]);
    gates.shift()!();
    await until(() => settled.length > 0, "E2 to settle");
    expect(settled).toEqual([draft.id]);
    await state.cancel();
  });
});
