import Dexie from "dexie";
import { IDBFactory, IDBKeyRange } from "fake-indexeddb";
import { afterEach, describe, expect, it, vi } from "vitest";
import * as Y from "yjs";
import type { EncounterNoteDoc } from "../../../../../sync/collections/index.ts";
import { syncPaths } from "../../../../../sync/protocol.ts";
import type { ApiClient } from "../../../lib/api/client.ts";
import { fillPath } from "../../../lib/api/typed.ts";
import { blobsDatabaseName, createBlobStore } from "./blob-store.ts";
import { type LocalData, openLocalData } from "./local-data.ts";
import { deriveLocalKeys } from "./local-keys.ts";
import { createNoteUpdateLog } from "./note-doc-store.ts";
import { createStatusStore } from "./status.ts";

const opened: LocalData[] = [];
afterEach(async () => {
  for (const local of opened.splice(0)) await local.close();
  vi.restoreAllMocks();
});

/** A typed call's path parameters and query, as the stubs below read them. */
type Call = { path?: Record<string, string>; query?: { updatedAt?: number; id?: string; limit?: number } };

/** The edge's `encounter_notes` as the sync protocol serves it: pages after a checkpoint; pushes accepted. */
function edge() {
  const notes = new Map<string, EncounterNoteDoc>();
  let seq = 0;
  const put = (doc: EncounterNoteDoc) => notes.set(doc.id, { ...doc, updatedAt: ++seq });
  const pull = (template: string, options?: Call) => {
    if (fillPath(template, options?.path) !== syncPaths.pull("encounter_notes")) return Promise.resolve({ documents: [], checkpoint: null });
    const after = options?.query?.updatedAt ?? 0;
    const documents = [...notes.values()].filter((n) => n.updatedAt > after).sort((a, b) => a.updatedAt - b.updatedAt)
      .slice(0, options?.query?.limit ?? 100);
    const last = documents.at(-1);
    return Promise.resolve({ documents, checkpoint: last ? { updatedAt: last.updatedAt, id: last.id } : null });
  };
  const api = {
    GET: pull,
    POST: () => Promise.resolve([]),
    refresh: () => Promise.resolve(),
  } as unknown as ApiClient;
  return { api, put, notes, pull };
}

const note = (patch: Partial<EncounterNoteDoc> = {}): EncounterNoteDoc => ({
  id: crypto.randomUUID(), encounterId: crypto.randomUUID(), patientId: crypto.randomUUID(), noteTypeId: crypto.randomUUID(),
  typeName: "SOAP", fieldNames: ["Plan"], isShared: false, authorId: crypto.randomUUID(), updatedBy: crypto.randomUUID(),
  createdAt: new Date().toISOString(), updatedAt: 0, _deleted: false, ...patch,
});

type Device = { indexedDB: IDBFactory; IDBKeyRange: typeof IDBKeyRange };

async function open(device: Device, userId: string, dataKey: Uint8Array<ArrayBuffer>, api: ApiClient) {
  const local = await openLocalData(userId, dataKey, {
    api, status: createStatusStore(true), getToken: () => "token", isOnline: () => true, onOutdated() {},
    idb: device, live: false, multiInstance: false,
  });
  opened.push(local);
  return local;
}

/** Writes a paragraph into a note's document through the data layer's store, as an open editor does. */
async function writeText(local: LocalData, noteId: string, text: string) {
  const doc = new Y.Doc();
  const persistence = await local.noteDocs.persist(noteId, doc);
  await persistence.whenSynced;
  const paragraph = new Y.XmlElement("paragraph");
  paragraph.insert(0, [new Y.XmlText(text)]);
  doc.getXmlFragment("Plan").insert(0, [paragraph]);
  await persistence.destroy();
}

/** The note ids of the sealed rows on the device, read from IndexedDB directly. */
async function storedNoteIds(device: Device, userId: string): Promise<string[]> {
  const raw = new Dexie(blobsDatabaseName(userId), { indexedDB: device.indexedDB, IDBKeyRange });
  await raw.open();
  try {
    const rows = await raw.table("noteUpdates").toArray() as { noteId: string }[];
    return [...new Set(rows.map((row) => row.noteId))].sort();
  } finally {
    raw.close();
  }
}

const waitForNote = (local: LocalData, id: string) =>
  vi.waitFor(async () => expect(await local.db.encounter_notes.findOne(id).exec()).not.toBeNull(), { timeout: 5000 });

describe("on-device text of notes the device no longer has", () => {
  it("is removed once the notes have caught up after opening; live notes keep theirs; a note deleted while open loses it at once", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const device: Device = { indexedDB: new IDBFactory(), IDBKeyRange };
    const userId = crypto.randomUUID();
    const dataKey = crypto.getRandomValues(new Uint8Array(32));
    const server = edge();
    const [kept, deletedElsewhere, deletedLater] = [note(), note(), note()];
    for (const n of [kept, deletedElsewhere, deletedLater]) server.put(n);

    // 1. The notes reach the device and their text is written (editors open).
    const first = await open(device, userId, dataKey, server.api);
    for (const n of [kept, deletedElsewhere, deletedLater]) await waitForNote(first, n.id);
    for (const n of [kept, deletedElsewhere, deletedLater]) await writeText(first, n.id, `text of ${n.id}`);
    await first.close();

    // 2. While the app is closed: a note is deleted on another device, and rows of a note this device never had
    //    (a write that raced its note's deletion) are on the device.
    server.put({ ...deletedElsewhere, _deleted: true });
    const stray = crypto.randomUUID();
    const keys = await deriveLocalKeys(dataKey);
    const blobs = createBlobStore({ userId, key: keys.bytes, idb: device });
    await createNoteUpdateLog({ rows: blobs.noteUpdates, key: keys.noteUpdates }).append(stray, Y.encodeStateAsUpdate(new Y.Doc()));
    blobs.close();
    expect(await storedNoteIds(device, userId)).toEqual([kept.id, deletedElsewhere.id, deletedLater.id, stray].sort());

    // 3. Opened again: once the pull has caught up, only the live notes' text is left.
    const second = await open(device, userId, dataKey, server.api);
    await vi.waitFor(async () => expect(await storedNoteIds(device, userId)).toEqual([kept.id, deletedLater.id].sort()), { timeout: 5000 });
    expect(await second.db.encounter_notes.findOne(deletedElsewhere.id).exec()).toBeNull();

    // 4. A note deleted on this device while no page shows it: its text goes at once; the other note's stays readable.
    await (await second.db.encounter_notes.findOne(deletedLater.id).exec())!.remove();
    await vi.waitFor(async () => expect(await storedNoteIds(device, userId)).toEqual([kept.id]), { timeout: 5000 });
    const reread = new Y.Doc();
    const persistence = await second.noteDocs.persist(kept.id, reread);
    await persistence.whenSynced;
    expect(reread.getXmlFragment("Plan").toString()).toBe(`<paragraph>text of ${kept.id}</paragraph>`);
    await persistence.destroy();
  });

  it("keeps the text of every note while the notes have not caught up with the server", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const device: Device = { indexedDB: new IDBFactory(), IDBKeyRange };
    const userId = crypto.randomUUID();
    const dataKey = crypto.getRandomValues(new Uint8Array(32));
    const server = edge();
    const earlier = note();
    server.put(earlier);
    const first = await open(device, userId, dataKey, server.api);
    await waitForNote(first, earlier.id);
    await first.close();

    // Text of two notes whose documents are not on the device yet (written by another tab as the app closed, say):
    // one the server has, one it does not.
    const keys = await deriveLocalKeys(dataKey);
    const blobs = createBlobStore({ userId, key: keys.bytes, idb: device });
    const log = createNoteUpdateLog({ rows: blobs.noteUpdates, key: keys.noteUpdates });
    const [noteId, gone] = [crypto.randomUUID(), crypto.randomUUID()];
    for (const id of [noteId, gone]) await log.append(id, Y.encodeStateAsUpdate(new Y.Doc()));
    blobs.close();
    server.put(note({ id: noteId }));

    let answer: (value: unknown) => void = () => {};
    let pulls = 0;
    const slow = {
      ...server.api,
      GET(template: string, options?: Call) {
        if (fillPath(template, options?.path) !== syncPaths.pull("encounter_notes")) return server.pull(template, options);
        pulls += 1;
        // The first pull takes its time; meanwhile nothing is swept.
        return pulls === 1 ? new Promise<unknown>((resolve) => (answer = () => resolve(server.pull(template, options)))) : server.pull(template, options);
      },
    } as ApiClient;
    const local = await open(device, userId, dataKey, slow);
    await vi.waitFor(() => expect(pulls).toBe(1), { timeout: 5000 });
    // Every other collection has caught up by now.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await storedNoteIds(device, userId)).toEqual([noteId, gone].sort());

    // The pull answers with the note: the other's text goes, the note's stays.
    answer(null);
    await vi.waitFor(async () => expect(await storedNoteIds(device, userId)).toEqual([noteId]), { timeout: 5000 });
    expect((await local.db.encounter_notes.findOne(noteId).exec())?.id).toBe(noteId);
  });
});
