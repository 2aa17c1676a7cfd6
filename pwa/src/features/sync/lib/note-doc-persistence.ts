/**
 * A Yjs persistence provider over the sealed update log, doing y-indexeddb's
 * job: on open every stored update is applied (then `synced`); every later
 * update of the document, local or from the network, is appended; past
 * `compactAfter` rows the log is replaced by one merged update. Writes run
 * one at a time, in order, after the load.
 *
 * Compaction first applies whatever other tabs appended since this one read,
 * then deletes only the rows it has applied, so a row stored meanwhile is kept.
 */
import { ObservableV2 } from "lib0/observable";
import * as Y from "yjs";
import type { NoteDocPersistence } from "../contract.ts";
import type { NoteUpdateLog } from "./note-doc-store.ts";

/** y-indexeddb trims at 500; our rows are each decrypted on open, so fewer. */
export const NOTE_COMPACT_AFTER = 200;

type Events = { synced: (persistence: NoteDocPersistence) => void; error: (error: unknown) => void };

class SealedNotePersistence extends ObservableV2<Events> implements NoteDocPersistence {
  readonly noteId: string;
  readonly whenSynced: Promise<void>;
  synced = false;
  /** How many updates were stored when the note opened (0: nothing of it on this device yet). */
  storedOnOpen = 0;
  private readonly doc: Y.Doc;
  private readonly log: NoteUpdateLog;
  private readonly compactAfter: number;
  /** The highest seq whose update is in the document. */
  private appliedSeq = 0;
  /** Rows of this note in the log, as far as this tab knows. */
  private rows = 0;
  private queue: Promise<void>;
  private destroyed = false;

  constructor(options: { log: NoteUpdateLog; noteId: string; doc: Y.Doc; compactAfter?: number }) {
    super();
    this.noteId = options.noteId;
    this.doc = options.doc;
    this.log = options.log;
    this.compactAfter = options.compactAfter ?? NOTE_COMPACT_AFTER;
    this.doc.on("update", this.store);
    this.doc.on("destroy", this.onDocDestroy);
    const loading = this.load();
    this.whenSynced = loading;
    // Stored updates that do not open (another key, damaged rows): store nothing beside them.
    // The failure is reported through `whenSynced` and `error`, never as an unhandled rejection.
    this.queue = loading.catch((error) => {
      this.doc.off("update", this.store);
      this.emit("error", [error]);
    });
  }

  private async load() {
    const stored = await this.applyStored();
    this.storedOnOpen = stored;
    this.rows = stored;
    if (this.rows > this.compactAfter) await this.compact();
    if (this.destroyed) return;
    this.synced = true;
    this.emit("synced", [this]);
  }

  /** Applies the rows after `appliedSeq`; answers how many there were. */
  private async applyStored(): Promise<number> {
    const updates = await this.log.load(this.noteId, this.appliedSeq);
    if (updates.length === 0) return 0;
    this.doc.transact(() => {
      for (const { update } of updates) Y.applyUpdate(this.doc, update, this);
    }, this);
    this.appliedSeq = updates[updates.length - 1].seq;
    return updates.length;
  }

  private async compact() {
    await this.applyStored();
    this.appliedSeq = await this.log.compact(this.noteId, Y.encodeStateAsUpdate(this.doc), this.appliedSeq);
    this.rows = 1;
  }

  private readonly store = (update: Uint8Array, origin: unknown) => {
    if (origin === this) return;
    this.queue = this.queue.then(async () => {
      await this.log.append(this.noteId, update);
      this.rows += 1;
      if (this.rows > this.compactAfter) await this.compact();
    }).catch((error) => {
      console.warn("A note change could not be saved on this device", error);
      this.emit("error", [error]);
    });
  };

  private readonly onDocDestroy = () => void this.destroy();

  /** Stops storing new updates, then waits for the writes under way; the stored updates stay. */
  override async destroy(): Promise<void> {
    this.doc.off("update", this.store);
    this.doc.off("destroy", this.onDocDestroy);
    if (this.destroyed) return this.queue;
    this.destroyed = true;
    await this.queue;
    super.destroy();
  }

  /** Stops and deletes every stored update of the note. */
  async clearData(): Promise<void> {
    await this.destroy();
    await this.log.remove(this.noteId);
  }
}

export function createNoteDocPersistence(options: { log: NoteUpdateLog; noteId: string; doc: Y.Doc; compactAfter?: number }): NoteDocPersistence {
  return new SealedNotePersistence(options);
}
