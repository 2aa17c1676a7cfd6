/**
 * A plain Dexie database beside RxDB (`dpc-blobs-<userId>`): file bytes
 * encrypted with AES-GCM in 1 MB pieces (the upload chunk size, so a chunk is
 * read and decrypted alone), the upload queue, the ids of local changes
 * not yet acknowledged, and the sealed Yjs updates of encounter notes
 * (`note-doc-store.ts` seals them; version 2). Kept out of RxDB: no collection slots used, and bytes
 * never pass through RxDB's JSON documents.
 */
import { Dexie, liveQuery, type Observable } from "dexie";
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
/** One sealed Yjs update of a note (`seq` grows across notes: the order updates were stored). */
export type NoteUpdateRow = { seq?: number; noteId: string; iv: Uint8Array<ArrayBuffer>; data: ArrayBuffer };

export type IndexedDbFactory = { indexedDB: IDBFactory; IDBKeyRange: typeof IDBKeyRange };

export type BlobStore = ReturnType<typeof createBlobStore>;

export function createBlobStore(options: { userId: string; key: CryptoKey; idb?: IndexedDbFactory; pieceBytes?: number }) {
  const { key } = options;
  const BYTES_PIECE = options.pieceBytes ?? PIECE_BYTES;
  const db = new Dexie(blobsDatabaseName(options.userId), options.idb ?? {});
  db.version(1).stores({ pieces: "[fileId+index]", files: "fileId", uploads: "fileId", pending: "[collection+id]" });
  db.version(2).stores({ noteUpdates: "++seq, [noteId+seq]" });
  const pieces = db.table<PieceRow, [string, number]>("pieces");
  const files = db.table<FileRow, string>("files");
  const uploads = db.table<UploadRow, string>("uploads");
  const pending = db.table<PendingRow, [string, string]>("pending");
  const noteUpdates = db.table<NoteUpdateRow, number>("noteUpdates");
  const ofNote = (noteId: string, upToSeq?: number) =>
    noteUpdates.where("[noteId+seq]").between([noteId, Dexie.minKey], [noteId, upToSeq ?? Dexie.maxKey], true, true);
  const context = (fileId: string, index: number) => `${fileId}:${index}`;

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
      add: (collection: string, ids: string[]) => pending.bulkPut(ids.map((id) => ({ collection, id }))),
      remove: (collection: string, ids: string[]) => pending.bulkDelete(ids.map((id): [string, string] => [collection, id])),
      /** Every waiting change as `collection/id`, live across this origin's tabs. */
      keys$: (): Observable<Set<string>> =>
        liveQuery(async () => new Set((await pending.toArray()).map((row) => `${row.collection}/${row.id}`))),
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

    close: () => db.close(),
  };
}

export async function deleteBlobStore(userId: string, idb?: IndexedDbFactory): Promise<void> {
  await new Dexie(blobsDatabaseName(userId), idb ?? {}).delete();
}
