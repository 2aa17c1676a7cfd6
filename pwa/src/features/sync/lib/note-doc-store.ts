/**
 * Encounter notes' Yjs documents on the device (issue 7), encrypted at rest
 * (issue 3): each update is sealed with AES-GCM under a key derived from the
 * data key, the note id authenticated with it (a row moved to another note
 * does not open), and kept in the user's blobs database, so logout's wipe
 * removes it and another user's key cannot read it. y-indexeddb would keep
 * the same updates in the clear.
 *
 * This file knows nothing of Yjs (it stays in the data layer's chunk); the
 * provider that binds a `Y.Doc` to the log (`note-doc-persistence.ts`) is
 * loaded with the first note opened.
 */
import type { Doc } from "yjs";
import type { NoteDocPersistence, NoteDocStore } from "../contract.ts";
import type { BlobStore } from "./blob-store.ts";
import { decryptBytes, encryptBytes } from "./local-keys.ts";

export type StoredUpdate = { seq: number; update: Uint8Array };

/** One note's sealed update log: append, read, replace by a merged update (compaction), remove. */
export type NoteUpdateLog = {
  append(noteId: string, update: Uint8Array): Promise<number>;
  /** The note's updates stored after `afterSeq`, oldest first. Rejects when one cannot be opened (another key). */
  load(noteId: string, afterSeq?: number): Promise<StoredUpdate[]>;
  /** Stores `merged` and deletes the note's updates up to `upToSeq` in one transaction; answers the new seq. */
  compact(noteId: string, merged: Uint8Array, upToSeq: number): Promise<number>;
  count(noteId: string): Promise<number>;
  remove(noteId: string): Promise<void>;
  /** The notes with stored updates. */
  noteIds(): Promise<string[]>;
};

const context = (noteId: string) => `note-update:${noteId}`;

export function createNoteUpdateLog(options: { rows: BlobStore["noteUpdates"]; key: CryptoKey }): NoteUpdateLog {
  const { rows, key } = options;
  const seal = async (noteId: string, update: Uint8Array) => {
    const { iv, data } = await encryptBytes(key, update as Uint8Array<ArrayBuffer>, context(noteId));
    return { noteId, iv, data };
  };
  return {
    append: async (noteId, update) => rows.add(await seal(noteId, update)),
    async load(noteId, afterSeq = 0) {
      const stored = await rows.list(noteId, afterSeq);
      return Promise.all(stored.map(async (row) => ({ seq: row.seq!, update: await decryptBytes(key, row, context(noteId)) })));
    },
    compact: async (noteId, merged, upToSeq) => rows.replace(await seal(noteId, merged), upToSeq),
    count: (noteId) => rows.count(noteId),
    remove: async (noteId) => void (await rows.remove(noteId)),
    noteIds: () => rows.noteIds(),
  };
}

export function createNoteDocStore(log: NoteUpdateLog, options: { compactAfter?: number } = {}): Omit<NoteDocStore, "markText"> {
  return {
    async persist(noteId: string, doc: Doc): Promise<NoteDocPersistence> {
      const { createNoteDocPersistence } = await import("./note-doc-persistence.ts");
      return createNoteDocPersistence({ log, noteId, doc, compactAfter: options.compactAfter });
    },
    remove: (noteId) => log.remove(noteId),
  };
}
