/**
 * A plain Dexie database beside RxDB (`dpc-blobs-<userId>`): file bytes
 * encrypted with AES-GCM in 1 MB pieces (the upload chunk size, so a chunk is
 * read and decrypted alone), the upload queue, the ids of local changes
 * not yet acknowledged, the sealed Yjs updates of encounter notes
 * (`note-doc-store.ts` seals them; version 2) and the sealed changes the server refused (`refusals.ts`; version 3). Kept out of RxDB: no collection slots used, and bytes
 * never pass through RxDB's JSON documents.
 */
import { Dexie, liveQuery, type Observable } from "dexie";
import { Observable as RxObservable } from "rxjs";
import { UPLOAD_CHUNK_MAX_BYTES } from "../../../../../sync/protocol.ts";
import type { UploadProgress } from "../contract.ts";
import { decryptBytes, encryptBytes } from "./local-keys.ts";

export const blobsDatabaseName = (userId: string) => `dpc-blobs-${userId}`;
/** Bytes per encrypted piece: one upload chunk. */
export const PIECE_BYTES = UPLOAD_CHUNK_MAX_BYTES;

type PieceRow = { fileId: string; index: number; iv: Uint8Array<ArrayBuffer>; data: ArrayBuffer };
type FileRow = { fileId: string; size: number; pieces: number };
export type UploadRow = {
  fileId: string;
  size: number;
  /** Bytes the server had at the last answer (a hint for progress; the server's status decides). */
  offset: number;
  state: UploadProgress["state"];
  error?: string;
  queuedAt: number;
};
type PendingRow = { collection: string; id: string };
/** A committed change of the pending table, in commit order. */
type PendingDelta = { op: "add" | "remove"; keys: string[] };
const pendingKey = (collection: string, id: string) => `${collection}/${id}`;
/** One sealed Yjs update of a note (`seq` grows across notes: the order updates were stored). */
export type NoteUpdateRow = { seq?: number; noteId: string; iv: Uint8Array<ArrayBuffer>; data: ArrayBuffer };
/** A change the server refused, sealed (`refusals.ts`): kept until the user has read it. */
export type RefusedRow = { collection: string; id: string; at: string; iv: string; data: string; outcome?: "reverted" };

export type IndexedDbFactory = { indexedDB: IDBFactory; IDBKeyRange: typeof IDBKeyRange };

export type BlobStore = ReturnType<typeof createBlobStore>;

export function createBlobStore(options: { userId: string; key: CryptoKey; idb?: IndexedDbFactory; pieceBytes?: number }) {
  const { key } = options;
  const BYTES_PIECE = options.pieceBytes ?? PIECE_BYTES;
  const db = new Dexie(blobsDatabaseName(options.userId), options.idb ?? {});
  db.version(1).stores({ pieces: "[fileId+index]", files: "fileId", uploads: "fileId", pending: "[collection+id]" });
  db.version(2).stores({ noteUpdates: "++seq, [noteId+seq]" });
  db.version(3).stores({ refused: "[collection+id]" });
  const pieces = db.table<PieceRow, [string, number]>("pieces");
  const files = db.table<FileRow, string>("files");
  const uploads = db.table<UploadRow, string>("uploads");
  const pending = db.table<PendingRow, [string, string]>("pending");
  const noteUpdates = db.table<NoteUpdateRow, number>("noteUpdates");
  const refused = db.table<RefusedRow, [string, string]>("refused");
  const ofNote = (noteId: string, upToSeq?: number) =>
    noteUpdates.where("[noteId+seq]").between([noteId, Dexie.minKey], [noteId, upToSeq ?? Dexie.maxKey], true, true);
  const context = (fileId: string, index: number) => `${fileId}:${index}`;

  const refusedChannel = typeof BroadcastChannel === "function" ? new BroadcastChannel(`${blobsDatabaseName(options.userId)}/refused`) : null;
  const refusedListeners = new Set<() => void>();
  const refusedChanged = () => {
    for (const listener of [...refusedListeners]) listener();
    if (!storeClosed) refusedChannel?.postMessage("changed");
  };

  // The pending set is read once and then follows this store's own commits as deltas (issue 19: a live
  // query re-read the whole table after every edit, O(n) per edit with n changes waiting). Another tab's
  // (or another store's) commits arrive as a message on this channel and are answered by a full re-read,
  // so cross-tab interleavings are settled by the table itself, as before.
  const pendingChannelName = `${blobsDatabaseName(options.userId)}/pending`;
  const pendingSender = typeof BroadcastChannel === "function" ? new BroadcastChannel(pendingChannelName) : null;
  const pendingListeners = new Set<(delta: PendingDelta) => void>();
  let storeClosed = false;
  /** This store's own messages reach its own receivers too (another channel object): they are skipped. */
  const storeId = crypto.randomUUID();
  /** One message per tick however many commits (the other tabs re-read the table on it). */
  let announcing = false;
  function committed(delta: PendingDelta) {
    for (const listener of [...pendingListeners]) listener(delta);
    if (storeClosed || !pendingSender || announcing) return;
    announcing = true;
    setTimeout(() => {
      announcing = false;
      if (!storeClosed) pendingSender.postMessage({ from: storeId });
    });
  }

  /** Every waiting change as `collection/id`: one read, then deltas; a full re-read on others' changes. */
  function pendingKeys$(): RxObservable<Set<string>> {
    return new RxObservable<Set<string>>((subscriber) => {
      let keys: Set<string> | null = null;
      let queued: PendingDelta[] = [];
      let reading = false;
      let again = false;
      let closed = false;
      const apply = (set: Set<string>, delta: PendingDelta) => {
        for (const key of delta.keys) delta.op === "add" ? set.add(key) : set.delete(key);
      };
      async function read() {
        if (reading) {
          again = true;
          return;
        }
        reading = true;
        try {
          do {
            again = false;
            // Deltas that resolve while the table is read are replayed on it, in order (idempotent per key).
            queued = [];
            const rows = await pending.toArray();
            if (closed) return;
            keys = new Set(rows.map((row) => pendingKey(row.collection, row.id)));
            for (const delta of queued) apply(keys, delta);
            queued = [];
          } while (again);
          subscriber.next(new Set(keys));
        } catch (error) {
          if (!closed) subscriber.error(error);
        } finally {
          reading = false;
        }
      }
      const onLocal = (delta: PendingDelta) => {
        if (!keys || reading) {
          queued.push(delta);
          return;
        }
        apply(keys, delta);
        subscriber.next(new Set(keys));
      };
      pendingListeners.add(onLocal);
      const receiver = typeof BroadcastChannel === "function" ? new BroadcastChannel(pendingChannelName) : null;
      if (receiver) {
        receiver.onmessage = (event: MessageEvent<{ from?: string }>) => {
          if (event.data?.from !== storeId) void read();
        };
      }
      void read();
      return () => {
        closed = true;
        pendingListeners.delete(onLocal);
        receiver?.close();
      };
    });
  }

  async function readPiece(fileId: string, index: number): Promise<Uint8Array> {
    const row = await pieces.get([fileId, index]);
    if (!row) throw new Error("The file's bytes are not on this device");
    return decryptBytes(key, row, context(fileId, index));
  }

  return {
    /** Encrypts and stores the bytes; the file row is written last, so a file is present only when complete. */
    async putFile(fileId: string, bytes: Uint8Array<ArrayBuffer>): Promise<void> {
      const count = Math.max(1, Math.ceil(bytes.length / BYTES_PIECE));
      for (let index = 0; index < count; index++) {
        const slice = bytes.subarray(index * BYTES_PIECE, (index + 1) * BYTES_PIECE);
        const sealed = await encryptBytes(key, slice, context(fileId, index));
        await pieces.put({ fileId, index, iv: sealed.iv, data: sealed.data });
      }
      await files.put({ fileId, size: bytes.length, pieces: count });
    },
    hasFile: async (fileId: string) => (await files.get(fileId)) !== undefined,
    /** Bytes `start` (inclusive) to `end` (exclusive), decrypting only the pieces they span. */
    async readRange(fileId: string, start: number, end: number): Promise<Uint8Array> {
      const out = new Uint8Array(end - start);
      for (let index = Math.floor(start / BYTES_PIECE); index * BYTES_PIECE < end; index++) {
        const piece = await readPiece(fileId, index);
        const from = Math.max(start, index * BYTES_PIECE);
        const to = Math.min(end, index * BYTES_PIECE + piece.length);
        out.set(piece.subarray(from - index * BYTES_PIECE, to - index * BYTES_PIECE), from - start);
      }
      return out;
    },
    async readFile(fileId: string): Promise<Uint8Array<ArrayBuffer> | null> {
      const file = await files.get(fileId);
      if (!file) return null;
      const out = new Uint8Array(file.size);
      for (let index = 0; index < file.pieces; index++) out.set(await readPiece(fileId, index), index * BYTES_PIECE);
      return out;
    },
    async deleteFile(fileId: string): Promise<void> {
      await db.transaction("rw", files, pieces, async () => {
        await files.delete(fileId);
        await pieces.where("[fileId+index]").between([fileId, Dexie.minKey], [fileId, Dexie.maxKey]).delete();
      });
    },

    uploads: {
      put: (row: UploadRow) => uploads.put(row),
      get: (fileId: string) => uploads.get(fileId),
      list: () => uploads.toArray(),
      update: (fileId: string, patch: Partial<UploadRow>) => uploads.update(fileId, patch),
      delete: (fileId: string) => uploads.delete(fileId),
      /** The queue, live across this origin's tabs. */
      rows$: (): Observable<UploadRow[]> => liveQuery(() => uploads.toArray()),
    },

    pending: {
      async add(collection: string, ids: string[]): Promise<void> {
        await pending.bulkPut(ids.map((id) => ({ collection, id })));
        committed({ op: "add", keys: ids.map((id) => pendingKey(collection, id)) });
      },
      async remove(collection: string, ids: string[]): Promise<void> {
        await pending.bulkDelete(ids.map((id): [string, string] => [collection, id]));
        committed({ op: "remove", keys: ids.map((id) => pendingKey(collection, id)) });
      },
      /** Every waiting change as `collection/id`, live across this origin's tabs. */
      keys$: pendingKeys$,
    },

    /** Sealed rows only: `note-doc-store.ts` encrypts and decrypts them. */
    noteUpdates: {
      add: (row: Omit<NoteUpdateRow, "seq">): Promise<number> => noteUpdates.add(row as NoteUpdateRow),
      /** The note's rows after `afterSeq`, oldest first. */
      list: (noteId: string, afterSeq = 0): Promise<NoteUpdateRow[]> =>
        noteUpdates.where("[noteId+seq]").between([noteId, afterSeq], [noteId, Dexie.maxKey], false, true).toArray(),
      count: (noteId: string): Promise<number> => ofNote(noteId).count(),
      /** Adds `row` and deletes the note's rows up to `upToSeq`, in one transaction: a compaction. */
      replace: (row: Omit<NoteUpdateRow, "seq">, upToSeq: number): Promise<number> =>
        db.transaction("rw", noteUpdates, async () => {
          await ofNote(row.noteId, upToSeq).delete();
          return noteUpdates.add(row as NoteUpdateRow);
        }),
      remove: (noteId: string): Promise<number> => ofNote(noteId).delete(),
      /** The notes that have rows (read from the index alone: nothing is decrypted). */
      async noteIds(): Promise<string[]> {
        const keys = await noteUpdates.orderBy("[noteId+seq]").keys() as unknown as [string, number][];
        return [...new Set(keys.map(([noteId]) => noteId))];
      },
    },

    /** Sealed rows only: `refusals.ts` encrypts and decrypts them. */
    refused: {
      async put(row: RefusedRow): Promise<void> {
        await refused.put(row);
        refusedChanged();
      },
      async remove(collection: string, id: string): Promise<void> {
        await refused.delete([collection, id]);
        refusedChanged();
      },
      /** The rows, read again after each change of this store or another tab's (a message on a channel). */
      rows$: (): RxObservable<RefusedRow[]> =>
        new RxObservable<RefusedRow[]>((subscriber) => {
          let stopped = false;
          const read = () => void refused.toArray().then((rows) => !stopped && subscriber.next(rows), (e) => !stopped && subscriber.error(e));
          refusedListeners.add(read);
          refusedChannel?.addEventListener("message", read);
          read();
          return () => {
            stopped = true;
            refusedListeners.delete(read);
            refusedChannel?.removeEventListener("message", read);
          };
        }),
    },

    close: () => {
      storeClosed = true;
      refusedChannel?.close();
      pendingSender?.close();
      db.close();
    },
  };
}

export async function deleteBlobStore(userId: string, idb?: IndexedDbFactory): Promise<void> {
  await new Dexie(blobsDatabaseName(userId), idb ?? {}).delete();
}
