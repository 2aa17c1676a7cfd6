import Dexie from "dexie";
import { IDBFactory, IDBKeyRange } from "fake-indexeddb";
import { afterEach, describe, expect, it } from "vitest";
import * as Y from "yjs";
import { blobsDatabaseName, createBlobStore, type BlobStore } from "./blob-store.ts";
import { wipeLocalData } from "./local-data.ts";
import { deriveLocalKeys } from "./local-keys.ts";
import { createNoteDocStore, createNoteUpdateLog } from "./note-doc-store.ts";

const newDevice = () => ({ indexedDB: new IDBFactory(), IDBKeyRange });
type Device = ReturnType<typeof newDevice>;
const dataKey = () => crypto.getRandomValues(new Uint8Array(32));

const opened: BlobStore[] = [];
afterEach(() => {
  for (const blobs of opened.splice(0)) blobs.close();
});

async function openStore(options: { idb: Device; userId: string; key: Uint8Array<ArrayBuffer>; compactAfter?: number }) {
  const keys = await deriveLocalKeys(options.key);
  const blobs = createBlobStore({ userId: options.userId, key: keys.bytes, idb: options.idb });
  opened.push(blobs);
  const log = createNoteUpdateLog({ rows: blobs.noteUpdates, key: keys.noteUpdates });
  return { blobs, log, store: createNoteDocStore(log, { compactAfter: options.compactAfter }) };
}

/** Types `text` into a field as Tiptap's Collaboration extension shapes it: a paragraph per call. */
function write(doc: Y.Doc, field: string, text: string) {
  const paragraph = new Y.XmlElement("paragraph");
  paragraph.insert(0, [new Y.XmlText(text)]);
  const fragment = doc.getXmlFragment(field);
  fragment.insert(fragment.length, [paragraph]);
}
const textOf = (doc: Y.Doc, field: string) =>
  doc.getXmlFragment(field).toArray().map((p) => (p as Y.XmlElement).toArray().map((t) => (t as Y.XmlText).toString()).join("")).join("\n");

async function rawRows(idb: Device, userId: string) {
  const raw = new Dexie(blobsDatabaseName(userId), { indexedDB: idb.indexedDB, IDBKeyRange });
  await raw.open();
  try {
    return await raw.table("noteUpdates").toArray() as { noteId: string; iv: Uint8Array; data: ArrayBuffer }[];
  } finally {
    raw.close();
  }
}

describe("encounter notes' Yjs documents on the device", () => {
  it("keeps every update sealed, and a reopened document has the text of local and remote updates", async () => {
    const idb = newDevice();
    const userId = crypto.randomUUID();
    const key = dataKey();
    const noteId = crypto.randomUUID();
    const { store } = await openStore({ idb, userId, key });

    const doc = new Y.Doc();
    const persistence = await store.persist(noteId, doc);
    await persistence.whenSynced;
    expect(persistence.synced).toBe(true);
    expect(persistence.storedOnOpen).toBe(0);
    write(doc, "Subjective", "Chest pain since Monday");
    // An update from the network (another editor) is kept too.
    const remote = new Y.Doc();
    Y.applyUpdate(remote, Y.encodeStateAsUpdate(doc));
    write(remote, "Plan", "ECG tomorrow");
    Y.applyUpdate(doc, Y.encodeStateAsUpdate(remote), "network");
    await persistence.destroy();

    const rows = await rawRows(idb, userId);
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row.noteId).toBe(noteId);
      expect(new TextDecoder().decode(row.data)).not.toContain("Chest pain");
      expect(new TextDecoder().decode(row.data)).not.toContain("ECG");
    }

    const again = new Y.Doc();
    const reopened = await store.persist(noteId, again);
    let syncedEvents = 0;
    reopened.on("synced", () => syncedEvents++);
    await reopened.whenSynced;
    expect(reopened.storedOnOpen).toBe(2);
    expect(textOf(again, "Subjective")).toBe("Chest pain since Monday");
    expect(textOf(again, "Plan")).toBe("ECG tomorrow");
    expect(syncedEvents).toBe(1);
    await reopened.destroy();
  });

  it("merges many updates into one row past the threshold and keeps the content; other notes are untouched", async () => {
    const idb = newDevice();
    const userId = crypto.randomUUID();
    const { store, log } = await openStore({ idb, userId, key: dataKey(), compactAfter: 5 });
    const noteId = crypto.randomUUID();
    const otherNote = crypto.randomUUID();

    const other = new Y.Doc();
    const otherPersistence = await store.persist(otherNote, other);
    await otherPersistence.whenSynced;
    write(other, "Plan", "untouched");
    await otherPersistence.destroy();

    const doc = new Y.Doc();
    const persistence = await store.persist(noteId, doc);
    await persistence.whenSynced;
    for (let i = 1; i <= 12; i++) write(doc, "Subjective", `line ${i}`);
    await persistence.destroy();
    // 12 appends with a merge each time the log passed 5 rows: never more than 6 rows, content whole.
    expect(await log.count(noteId)).toBeLessThanOrEqual(5);
    expect(await log.count(otherNote)).toBe(1);

    const again = new Y.Doc();
    const reopened = await store.persist(noteId, again);
    await reopened.whenSynced;
    expect(textOf(again, "Subjective")).toBe(Array.from({ length: 12 }, (_, i) => `line ${i + 1}`).join("\n"));
    await reopened.destroy();
  });

  it("keeps a row another tab stored while this one merged", async () => {
    const idb = newDevice();
    const userId = crypto.randomUUID();
    const key = dataKey();
    const noteId = crypto.randomUUID();
    const tabA = await openStore({ idb, userId, key, compactAfter: 3 });
    const tabB = await openStore({ idb, userId, key, compactAfter: 1000 });

    const docA = new Y.Doc();
    const a = await tabA.store.persist(noteId, docA);
    await a.whenSynced;
    const docB = new Y.Doc();
    const b = await tabB.store.persist(noteId, docB);
    await b.whenSynced;
    write(docB, "Plan", "from tab B");
    await b.destroy();
    for (let i = 1; i <= 4; i++) write(docA, "Subjective", `A ${i}`);
    await a.destroy();
    expect(await tabA.log.count(noteId)).toBe(1);

    const fresh = new Y.Doc();
    const reopened = await tabA.store.persist(noteId, fresh);
    await reopened.whenSynced;
    expect(textOf(fresh, "Plan")).toBe("from tab B");
    expect(textOf(fresh, "Subjective")).toBe("A 1\nA 2\nA 3\nA 4");
    await reopened.destroy();
  });

  it("cannot be read with another data key, nor as another note", async () => {
    const idb = newDevice();
    const userId = crypto.randomUUID();
    const noteId = crypto.randomUUID();
    const { store, blobs, log } = await openStore({ idb, userId, key: dataKey() });
    const doc = new Y.Doc();
    const persistence = await store.persist(noteId, doc);
    await persistence.whenSynced;
    write(doc, "Subjective", "secret");
    await persistence.destroy();

    const intruder = await openStore({ idb, userId, key: dataKey() });
    const stranger = new Y.Doc();
    const failed = await intruder.store.persist(noteId, stranger);
    const errors: unknown[] = [];
    failed.on("error", (error) => errors.push(error));
    await expect(failed.whenSynced).rejects.toThrow();
    expect(failed.synced).toBe(false);
    expect(textOf(stranger, "Subjective")).toBe("");
    // Nothing is stored beside rows it cannot read.
    write(stranger, "Subjective", "overwrite");
    await failed.destroy();
    expect(await rawRows(idb, userId)).toHaveLength(1);
    expect(errors).toHaveLength(1);

    // The right key, but the row copied under another note's id: the note id is authenticated with it.
    const [row] = await rawRows(idb, userId);
    const otherNote = crypto.randomUUID();
    await blobs.noteUpdates.add({ noteId: otherNote, iv: row.iv as Uint8Array<ArrayBuffer>, data: row.data });
    await expect(log.load(noteId)).resolves.toHaveLength(1);
    await expect(log.load(otherNote)).rejects.toThrow();
  });

  it("is gone after the logout wipe", async () => {
    const idb = newDevice();
    const userId = crypto.randomUUID();
    const key = dataKey();
    const noteId = crypto.randomUUID();
    const first = await openStore({ idb, userId, key });
    const doc = new Y.Doc();
    const persistence = await first.store.persist(noteId, doc);
    await persistence.whenSynced;
    write(doc, "Subjective", "to be wiped");
    await persistence.destroy();
    first.blobs.close();

    await wipeLocalData(userId, idb);

    const after = await openStore({ idb, userId, key });
    expect(await after.log.count(noteId)).toBe(0);
    const fresh = new Y.Doc();
    const reopened = await after.store.persist(noteId, fresh);
    await reopened.whenSynced;
    expect(reopened.storedOnOpen).toBe(0);
    expect(textOf(fresh, "Subjective")).toBe("");
    await reopened.destroy();
  });

  it("clearData deletes one note's updates", async () => {
    const idb = newDevice();
    const { store, log } = await openStore({ idb, userId: crypto.randomUUID(), key: dataKey() });
    const noteId = crypto.randomUUID();
    const doc = new Y.Doc();
    const persistence = await store.persist(noteId, doc);
    await persistence.whenSynced;
    write(doc, "Subjective", "deleted note");
    await persistence.clearData();
    expect(await log.count(noteId)).toBe(0);
  });
});
