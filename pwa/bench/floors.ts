/**
 * The benchmark's storage floors (what IndexedDB itself takes, without RxDB and sealing): the device's documents
 * put into a raw Dexie database, awaited single-document edits through Dexie and IndexedDB, and the stored rows
 * copied as they are into a fresh database.
 */
import Dexie from "dexie";
import type { CollectionName } from "../../sync/collections/index.ts";
import type { LocalData } from "../src/features/sync/lib/local-data.ts";
import { now } from "./clock.ts";

type RawDoc = Record<string, unknown> & { id: string };
/** The raw Dexie baseline's tables, one per collection, each with the index its screens query by. */
const RAW_INDEXES: Partial<Record<CollectionName, string>> = {
  note_drafts: "id, [patientId+updatedAt]",
  chart_entries: "id, [patientId+kind]",
  patients: "id",
};
let rawBulk: { collections: { name: CollectionName; docs: RawDoc[] }[]; raw: Dexie } | null = null;

export function createFloors(local: () => LocalData) {
  return {
  /**
     * Reads these collections' documents (as the device holds them, decrypted) once, and opens a fresh database
     * with a table per collection for `rawBulkPut` (again on each call: the bulkPut is taken three times).
     */
    async prepareRawBulkPut(names: CollectionName[]) {
      const same = rawBulk && rawBulk.collections.map((c) => c.name).join() === names.join();
      const collections = same ? rawBulk!.collections : await Promise.all(names.map(async (name) => {
        const found = await (local().db[name] as unknown as { find(): { exec(): Promise<{ toMutableJSON(): RawDoc }[]> } }).find().exec();
        return { name, docs: found.map((doc) => doc.toMutableJSON()) };
      }));
      rawBulk?.raw.close();
      await Dexie.delete("bench-raw-dexie");
      const raw = new Dexie("bench-raw-dexie");
      raw.version(1).stores(Object.fromEntries(names.map((name) => [name, RAW_INDEXES[name] ?? "id"])));
      await raw.open();
      rawBulk = { collections, raw };
    },

    /** A raw Dexie bulkPut of those documents into the fresh database, one collection after another. */
    async rawBulkPut() {
      if (!rawBulk) throw new Error("prepareRawBulkPut first");
      const { collections, raw } = rawBulk;
      rawBulk = null;
      const start = now();
      for (const { name, docs } of collections) await raw.table(name).bulkPut(docs);
      const ms = now() - start;
      let stored = 0;
      for (const { name } of collections) stored += await raw.table(name).count();
      rawBulk = { collections, raw };
      return { ms, docs: stored };
    },

    /** Closes and deletes the raw database (when `editFloors` does not). */
    async dropRawBulkPut() {
      rawBulk?.raw.close();
      rawBulk = null;
      await Dexie.delete("bench-raw-dexie");
    },

    async editFloors() {
      if (!rawBulk) throw new Error("rawBulkPut first");
      const { collections, raw } = rawBulk;
      rawBulk = null;
      const docs = collections.find((c) => c.name === "note_drafts")?.docs as (RawDoc & { title: string })[] | undefined;
      if (!docs) throw new Error("the raw bulkPut holds no note drafts");
      // The floor of an awaited edit (issue 19's "edits" figure): 1,000 single-document read-and-write
      // transactions one after another, through Dexie and through IndexedDB itself, on the same documents.
      const serialStart = now();
      for (const doc of docs.slice(0, 1000)) {
        await raw.transaction("rw", raw.table("note_drafts"), async () => {
          await raw.table("note_drafts").get(doc.id);
          await raw.table("note_drafts").put({ ...doc, title: `${doc.title}.` });
        });
      }
      const serialMs = now() - serialStart;
      const idb = raw.backendDB();
      const serialIdbStart = now();
      for (const doc of docs.slice(1000, 2000)) {
        await new Promise<void>((resolve, reject) => {
          const tx = idb.transaction("note_drafts", "readwrite");
          const store = tx.objectStore("note_drafts");
          store.get(doc.id).onsuccess = () => store.put({ ...doc, title: `${doc.title}.` });
          tx.oncomplete = () => resolve();
          tx.onerror = () => reject(tx.error);
        });
      }
      const serialIdbMs = now() - serialIdbStart;
      raw.close();
      await Dexie.delete("bench-raw-dexie");
      return { serialMs, serialIdbMs };
    },

    /**
     * The floor of the first pull's storage: the device's stored note-draft rows (sealed, as RxDB's Dexie
     * table holds them) copied into a fresh IndexedDB database with the same object store and indexes,
     * in transactions of 1,000 rows: awaited one after another, and all queued at once.
     */
    async storedShapeFloor() {
      const name = (await indexedDB.databases()).map((d) => d.name ?? "").find((n) => n.endsWith("--note_drafts"));
      if (!name) throw new Error("no note_drafts database");
      const open = (dbName: string, upgrade?: (db: IDBDatabase) => void) =>
        new Promise<IDBDatabase>((resolve, reject) => {
          const request = upgrade ? indexedDB.open(dbName, 1) : indexedDB.open(dbName);
          if (upgrade) request.onupgradeneeded = () => upgrade(request.result);
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error);
        });
      const source = await open(name);
      const storeName = "docs";
      const tx = source.transaction(storeName, "readonly");
      const store = tx.objectStore(storeName);
      const indexes = [...store.indexNames].map((i) => store.index(i)).map((i) => ({ name: i.name, keyPath: i.keyPath, unique: i.unique, multiEntry: i.multiEntry }));
      const keyPath = store.keyPath;
      const rows = await new Promise<unknown[]>((resolve, reject) => {
        const request = store.getAll();
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      source.close();
      const run = async (queued: boolean) => {
        const target = `bench-floor-${Date.now()}`;
        const db = await open(target, (d) => {
          const s = d.createObjectStore("docs", { keyPath });
          for (const i of indexes) s.createIndex(i.name, i.keyPath, { unique: i.unique, multiEntry: i.multiEntry });
        });
        const write = (page: unknown[]) =>
          new Promise<void>((resolve, reject) => {
            const t = db.transaction("docs", "readwrite");
            const s = t.objectStore("docs");
            for (const row of page) s.add(row);
            t.oncomplete = () => resolve();
            t.onerror = () => reject(t.error);
          });
        const start = now();
        const pages = Array.from({ length: Math.ceil(rows.length / 1000) }, (_, i) => rows.slice(i * 1000, i * 1000 + 1000));
        if (queued) await Promise.all(pages.map(write));
        else for (const page of pages) await write(page);
        const ms = now() - start;
        db.close();
        indexedDB.deleteDatabase(target);
        return ms;
      };
      const serialMs = await run(false);
      const queuedMs = await run(true);
      return { rows: rows.length, indexes: indexes.length, serialMs, queuedMs };
    },
  };
}
