import Dexie from "dexie";
import { IDBFactory, IDBKeyRange } from "fake-indexeddb";
import { afterEach, describe, expect, it, vi } from "vitest";
import { databaseName, type DpcDatabase, openDatabase } from "./database.ts";
import { deriveLocalKeys } from "./local-keys.ts";
import { SEALED } from "./sealed-storage.ts";

const opened: DpcDatabase[] = [];
afterEach(async () => {
  for (const db of opened.splice(0)) await db.close();
});

const newDevice = () => ({ indexedDB: new IDBFactory(), IDBKeyRange });
const dataKey = () => crypto.getRandomValues(new Uint8Array(32));
const userId = crypto.randomUUID();
const patientId = crypto.randomUUID();

async function open(idb: ReturnType<typeof newDevice>, key: Uint8Array<ArrayBuffer>) {
  const keys = await deriveLocalKeys(key);
  const db = await openDatabase({ userId, password: keys.rxdbPassword, key: keys.fields, idb, multiInstance: false });
  opened.push(db);
  return db;
}

function draft(title: string, updatedAt: number, patient = patientId) {
  return {
    id: crypto.randomUUID(),
    patientId: patient,
    encounterId: null,
    noteTypeId: null,
    title,
    fields: { text: `secret text of ${title}` },
    authorId: userId,
    updatedBy: userId,
    updatedAt,
  };
}

/** What IndexedDB holds, read with Dexie past RxDB. */
async function rawRows(idb: ReturnType<typeof newDevice>, collection: string) {
  const raw = new Dexie(`rxdb-dexie-${databaseName(userId)}--0--${collection}`, { indexedDB: idb.indexedDB, IDBKeyRange });
  await raw.open();
  try {
    return await raw.table("docs").toArray() as Record<string, unknown>[];
  } finally {
    raw.close();
  }
}

describe("the device database", () => {
  it("stores the sealed fields as one ciphertext per document and reads them back", async () => {
    const idb = newDevice();
    const db = await open(idb, dataKey());
    const doc = draft("Chest pain follow-up", 7);
    await db.note_drafts.insert(doc);

    const rows = await rawRows(idb, "note_drafts");
    expect(rows).toHaveLength(1);
    const text = JSON.stringify(rows[0]);
    expect(text).not.toContain("Chest pain");
    expect(text).not.toContain("secret text");
    expect(rows[0]).not.toHaveProperty("title");
    expect(rows[0]).not.toHaveProperty("fields");
    expect(typeof rows[0][SEALED]).toBe("string");
    // Indexed and scope fields stay plain.
    expect(rows[0]).toMatchObject({ id: doc.id, patientId, updatedAt: 7, authorId: userId });

    const back = await db.note_drafts.findOne(doc.id).exec();
    expect(back?.toJSON()).toMatchObject(doc);
    await back!.incrementalPatch({ title: "Renamed" });
    expect((await db.note_drafts.findOne(doc.id).exec())?.title).toBe("Renamed");
    expect(JSON.stringify(await rawRows(idb, "note_drafts"))).not.toContain("Renamed");
  });

  it("stores each ciphertext as base64 of the IV and AES-GCM of the sealed fields' JSON, bound to the collection and id", async () => {
    const idb = newDevice();
    const raw = dataKey();
    const db = await open(idb, raw);
    const docs = [draft("Plain title", 1), draft("Ünïcödé — 😀 title", 2), { ...draft("Long", 3), fields: { text: "é€😀x".repeat(3000) } }];
    await db.note_drafts.bulkInsert(docs);
    const { fields: key } = await deriveLocalKeys(raw);
    const rows = await rawRows(idb, "note_drafts");
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      const bytes = Uint8Array.from(atob(row[SEALED] as string), (c) => c.charCodeAt(0));
      const plain = await crypto.subtle.decrypt(
        { name: "AES-GCM", iv: bytes.subarray(0, 12), additionalData: new TextEncoder().encode(`dpc/rxdb/note_drafts/${row.id as string}`) },
        key,
        bytes.subarray(12),
      );
      const doc = docs.find((d) => d.id === row.id)!;
      expect(JSON.parse(new TextDecoder().decode(plain))).toEqual({ title: doc.title, fields: doc.fields });
    }
    // Each document has its own IV.
    expect(new Set(rows.map((row) => (row[SEALED] as string).slice(0, 16))).size).toBe(3);
  });

  it("reopens with the same key, and refuses another key", async () => {
    const idb = newDevice();
    const key = dataKey();
    const db = await open(idb, key);
    const doc = draft("Kept", 1);
    await db.note_drafts.insert(doc);
    await db.close();

    const again = await open(idb, key);
    expect((await again.note_drafts.findOne(doc.id).exec())?.fields).toEqual(doc.fields);
    await again.close();

    await expect(open(idb, dataKey())).rejects.toThrow(/DB1|password/i);
  });

  it("a ciphertext moved to another document does not open", async () => {
    const idb = newDevice();
    const key = dataKey();
    const db = await open(idb, key);
    const a = draft("A", 1);
    const b = draft("B", 2);
    await db.note_drafts.bulkInsert([a, b]);
    await db.close();

    const raw = new Dexie(`rxdb-dexie-${databaseName(userId)}--0--note_drafts`, { indexedDB: idb.indexedDB, IDBKeyRange });
    await raw.open();
    const rows = await raw.table("docs").toArray() as Record<string, unknown>[];
    const rowA = rows.find((row) => row.id === a.id)!;
    const rowB = rows.find((row) => row.id === b.id)!;
    await raw.table("docs").put({ ...rowB, [SEALED]: rowA[SEALED] });
    raw.close();

    const again = await open(idb, key);
    await expect(again.note_drafts.findOne(b.id).exec()).rejects.toThrow();
    expect((await again.note_drafts.findOne(a.id).exec())?.title).toBe("A");
  });

  it("seals each written document once: a write's previous state is not sealed again, nor its change event unsealed", async () => {
    const idb = newDevice();
    const key = dataKey();
    const db = await open(idb, key);
    const encrypt = vi.spyOn(crypto.subtle, "encrypt");
    const decrypt = vi.spyOn(crypto.subtle, "decrypt");
    try {
      const doc = await db.note_drafts.insert(draft("First title", 7));
      await doc.incrementalPatch({ title: "Second title" });
      await (await db.note_drafts.findOne(doc.id).exec())!.incrementalPatch({ title: "Third title" });
      expect(encrypt).toHaveBeenCalledTimes(3);
      expect(decrypt).not.toHaveBeenCalled();
    } finally {
      encrypt.mockRestore();
      decrypt.mockRestore();
    }
    // What was stored is the last state, sealed: a fresh database opens it.
    await db.close();
    opened.splice(opened.indexOf(db), 1);
    const again = await open(idb, key);
    expect((await again.note_drafts.find().exec()).map((d) => d.title)).toEqual(["Third title"]);
  });

  it("queries and sorts on the plain indexed fields", async () => {
    const db = await open(newDevice(), dataKey());
    const other = crypto.randomUUID();
    await db.note_drafts.bulkInsert([draft("one", 3), draft("two", 1), draft("three", 2), draft("elsewhere", 4, other)]);
    const found = await db.note_drafts.find({ selector: { patientId }, sort: [{ updatedAt: "asc" }] }).exec();
    expect(found.map((doc) => doc.title)).toEqual(["two", "three", "one"]);
    expect(await db.note_drafts.count({ selector: { patientId: other } }).exec()).toBe(1);
    const newer = await db.note_drafts.find({ selector: { patientId, updatedAt: { $gt: 1 } } }).exec();
    expect(newer.map((doc) => doc.fields.text).sort()).toEqual(["secret text of one", "secret text of three"]);
  });
});

describe("the practice's panel (patients)", () => {
  const panelPatient = (patch: Record<string, unknown> = {}) => ({
    id: crypto.randomUUID(), doctorId: userId, firstName: "Pat", middleName: null, lastName: "Patient", email: "pat@example.com",
    phoneNumber: "+17025550103", birthDate: "1980-07-02", gender: "Male", state: "NV", city: "Reno",
    card: { allergies: [{ name: "Penicillin", reaction: "Hives" }], medications: [{ _id: "m1", name: "Lisinopril" }], socialHistory: null },
    updatedAt: 3, ...patch,
  });

  it("accepts a card object or null, and seals everything but the ids and updatedAt", async () => {
    const idb = newDevice();
    const db = await open(idb, dataKey());
    const withCard = panelPatient();
    const noCard = panelPatient({ card: null, gender: null, firstName: "Ann", lastName: "Other" });
    await db.patients.bulkInsert([withCard, noCard] as never);

    const rows = await rawRows(idb, "patients");
    expect(rows).toHaveLength(2);
    const text = JSON.stringify(rows);
    for (const secret of ["Penicillin", "Lisinopril", "Patient", "pat@example.com", "1980-07-02", "Reno", "+1702"]) {
      expect(text).not.toContain(secret);
    }
    for (const row of rows) {
      expect(Object.keys(row).filter((k) => !k.startsWith("_")).sort()).toEqual(["doctorId", "id", "updatedAt"]);
    }
    expect((await db.patients.findOne(withCard.id).exec())?.toJSON()).toMatchObject(withCard);
    expect((await db.patients.findOne(noCard.id).exec())?.toJSON()).toMatchObject(noCard);
  });
});

describe("a database of the previous version (crypto-js fields)", () => {
  it("is deleted when the new one opens", async () => {
    const idb = newDevice();
    const old = new Dexie(`rxdb-dexie-dpc-${userId}--0--note_drafts`, { indexedDB: idb.indexedDB, IDBKeyRange });
    old.version(1).stores({ docs: "id" });
    await old.open();
    await old.table("docs").put({ id: "x", title: "U2FsdGVkX1..." });
    old.close();
    const blobs = new Dexie(`dpc-blobs-${userId}`, { indexedDB: idb.indexedDB, IDBKeyRange });
    blobs.version(1).stores({ pending: "id" });
    await blobs.open();
    blobs.close();

    await open(idb, dataKey());
    const names = (await idb.indexedDB.databases()).map((d) => d.name);
    expect(names).not.toContain(`rxdb-dexie-dpc-${userId}--0--note_drafts`);
    expect(names).toContain(`dpc-blobs-${userId}`);
    expect(names).toContain(`rxdb-dexie-${databaseName(userId)}--0--note_drafts`);
  });
});

describe("the replication's meta store", () => {
  it("keeps its copy of each pulled document sealed too", async () => {
    const { replicateRxCollection } = await import("rxdb/plugins/replication");
    const idb = newDevice();
    const db = await open(idb, dataKey());
    const doc = { ...draft("Pulled diagnosis", 5), _deleted: false };
    const mine = draft("Pushed diagnosis", 0);
    await db.note_drafts.insert(mine);
    let served = false;
    const state = replicateRxCollection({
      collection: db.note_drafts as never,
      replicationIdentifier: "test-meta",
      live: false,
      push: { handler: () => Promise.resolve([]) },
      pull: {
        handler() {
          const page = served ? [] : [doc];
          served = true;
          return Promise.resolve({ documents: page, checkpoint: { updatedAt: 5, id: doc.id } });
        },
      },
    });
    await state.awaitInitialReplication();
    expect((await db.note_drafts.findOne(doc.id).exec())?.title).toBe("Pulled diagnosis");

    const metaRows = async () => {
      const metaNames = (await idb.indexedDB.databases()).map((d) => d.name ?? "").filter((name) => name.includes("rx-replication-meta"));
      expect(metaNames.length).toBe(1);
      const raw = new Dexie(metaNames[0], { indexedDB: idb.indexedDB, IDBKeyRange });
      await raw.open();
      const rows = await raw.table("docs").toArray() as Record<string, unknown>[];
      raw.close();
      return rows;
    };
    let rows = await metaRows();
    const hasMeta = () => rows.some((row) => row.itemId === doc.id || row.itemId === mine.id);
    for (let i = 0; i < 50 && !hasMeta(); i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      rows = await metaRows();
    }
    await state.cancel();
    expect(hasMeta()).toBe(true);
    for (const row of rows) expect(row).not.toHaveProperty("docData");
    expect(JSON.stringify(rows)).not.toContain("Pulled diagnosis");
    expect(JSON.stringify(rows)).not.toContain("Pushed diagnosis");
    expect(JSON.stringify(rows)).not.toContain("secret text");
  });
});
