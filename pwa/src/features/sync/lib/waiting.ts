/**
 * What is waiting on this device for the server, by kind: the waiting marks
 * (`collection/id`, `pending-marks.ts`), the text of encounter notes changed
 * while their connection was down (`note_text`), and file uploads not finished.
 * Read from the open data, or, when it is locked (no key in this tab), from
 * the blobs database, whose marks and upload rows are not sealed (ids only).
 */
import { blobsDatabaseName, type IndexedDbFactory } from "./blob-store.ts";

/** Marks of an encounter note's Yjs text changed on this device and not yet sent on a synced connection. */
export const NOTE_TEXT_MARKS = "note_text";

/** Waiting changes by kind: a synced collection's name, `note_text`, or `uploads`. */
export type WaitingSummary = { total: number; byKind: Record<string, number> };

export const NOTHING_WAITING: WaitingSummary = { total: 0, byKind: {} };

/** From the marks (`collection/id`) and the number of unfinished uploads. */
export function summarizeWaiting(keys: Iterable<string>, uploads: number): WaitingSummary {
  const byKind: Record<string, number> = {};
  let total = 0;
  for (const key of keys) {
    const kind = key.slice(0, key.indexOf("/"));
    byKind[kind] = (byKind[kind] ?? 0) + 1;
    total += 1;
  }
  if (uploads > 0) {
    byKind.uploads = uploads;
    total += uploads;
  }
  return { total, byKind };
}

/**
 * The same summary read from a user's blobs database without its key (signed out while locked, or a record
 * left by an account that never signed out). No such database: nothing waiting. Never creates one.
 */
export async function readWaitingStored(userId: string, idb?: IndexedDbFactory): Promise<WaitingSummary> {
  const factory = idb?.indexedDB ?? globalThis.indexedDB;
  if (!factory) return NOTHING_WAITING;
  const db = await new Promise<IDBDatabase | null>((resolve, reject) => {
    const request = factory.open(blobsDatabaseName(userId));
    request.onupgradeneeded = () => request.transaction?.abort();
    request.onsuccess = () => resolve(request.result);
    // Aborted above: the database did not exist (the abort deletes what the open created).
    request.onerror = () => request.error?.name === "AbortError" ? resolve(null) : reject(request.error);
    request.onblocked = () => resolve(null);
  });
  if (!db) return NOTHING_WAITING;
  try {
    const stores = ["pending", "uploads"].filter((name) => db.objectStoreNames.contains(name));
    if (stores.length === 0) return NOTHING_WAITING;
    const tx = db.transaction(stores, "readonly");
    const read = <T>(request: IDBRequest<T>) =>
      new Promise<T>((resolve, reject) => {
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
    const keys = stores.includes("pending") ? await read(tx.objectStore("pending").getAllKeys()) : [];
    const uploads = stores.includes("uploads")
      ? (await read(tx.objectStore("uploads").getAll()) as { state?: string }[])
        .filter((row) => row.state === "queued" || row.state === "uploading").length
      : 0;
    return summarizeWaiting(keys.map((key) => Array.isArray(key) ? `${String(key[0])}/${String(key[1])}` : String(key)), uploads);
  } finally {
    db.close();
  }
}
