/**
 * Everything one unlocked user has on the device, opened together and closed
 * or wiped together: the RxDB database, the blobs database, replication of
 * every collection, the live channel and the upload queue. This module (and
 * RxDB with it) is loaded only once someone is signed in.
 */
import { type Observable, Subject } from "rxjs";
import type { RxReplicationState } from "rxdb/plugins/replication";
import { type CollectionName, COLLECTION_NAMES } from "../../../../../sync/collections/index.ts";
import type { ApiClient } from "../../../lib/api/client.ts";
import { type BlobStore, createBlobStore, deleteBlobStore, type IndexedDbFactory } from "./blob-store.ts";
import { databaseName, type DpcDatabase, openDatabase, removeDatabase } from "./database.ts";
import { connectLiveSocket, type LiveSocket } from "./live-socket.ts";
import { deriveLocalKeys } from "./local-keys.ts";
import { pullInitial } from "./initial-pull.ts";
import { createPendingMarks, encountersSent } from "./pending-marks.ts";
import { type Refusal, recordRefusals, refusals$ } from "./refusals.ts";
import { rebuildPendingMarks } from "./pending-rebuild.ts";
import { createNoteDocStore, createNoteUpdateLog } from "./note-doc-store.ts";
import { sweepNoteDocs, watchDeletedNotes } from "./note-doc-sweep.ts";
import { type PullStreamItem, replicateCollection } from "./replication.ts";
import { createOnlineWait } from "./replication-push.ts";
import type { NoteDocStore } from "../contract.ts";
import type { ServerEvents } from "./server-events.ts";
import type { StatusStore } from "./status.ts";
import { createUploadQueue, type UploadQueue } from "./upload-queue.ts";
import { createUploadTransport, type UploadTransport } from "./upload-transport.ts";
import { NOTE_TEXT_MARKS } from "./waiting.ts";

export type LocalDataDeps = {
  api: ApiClient;
  status: StatusStore;
  getToken(): string | null;
  isOnline(): boolean;
  /** 426 from the server: stop and ask for the new version. */
  onOutdated(): void;
  idb?: IndexedDbFactory;
  socketUrl?: string;
  /** The engine's bus for server events other than `sync:*`. */
  events?: ServerEvents;
  /** The live channel connected, or the browser came back online: the engine checks what the device may hold. */
  onReconnected?: () => void;
  /** Tests run without the live channel, and in one "tab". */
  live?: boolean;
  multiInstance?: boolean;
};

export type LocalData = {
  userId: string;
  db: DpcDatabase;
  blobs: BlobStore;
  uploads: UploadQueue;
  transport: UploadTransport;
  /** Encounter notes' Yjs documents, sealed in the blobs database. */
  noteDocs: NoteDocStore;
  /** Local changes not yet acknowledged, as `collection/id`. */
  pendingKeys(): ReadonlySet<string>;
  subscribePending(listener: () => void): () => void;
  /**
   * Marks local changes as waiting: at once for `pendingKeys`, in the blobs database after the current
   * task (written behind; a mark lost with the tab is rebuilt at the next open). Resolves at once.
   */
  markPending(collection: CollectionName, ids: string[]): Promise<void>;
  /**
   * An encounter note's text changed here while its connection was not synced (waiting), or its connection has
   * synced since (sent): the note's `note_text` mark, counted in the status and named at sign-out.
   */
  markNoteText(noteId: string, waiting: boolean): void;
  /**
   * Collections whose first pull has finished in this tab since it opened (its replication caught up with the
   * server once): until then an empty list may only mean "not pulled yet". Only the leading tab replicates.
   */
  pulled(): ReadonlySet<CollectionName>;
  subscribePulled(listener: () => void): () => void;
  /** Resolves once the marks queued so far are in the blobs database (tests, the benchmark). */
  flushPending(): Promise<void>;
  /** The changes the server refused, kept (sealed) until dismissed: what the user is told was not accepted. */
  refusals$(): Observable<Refusal[]>;
  dismissRefusal(collection: CollectionName, id: string): Promise<void>;
  /** Stops replication, the live channel and uploads; `remove` also deletes both databases. */
  close(options?: { remove?: boolean }): Promise<void>;
};

export async function openLocalData(userId: string, dataKey: Uint8Array<ArrayBuffer>, deps: LocalDataDeps): Promise<LocalData> {
  const keys = await deriveLocalKeys(dataKey);
  const db = await openDatabase({ userId, password: keys.rxdbPassword, key: keys.fields, idb: deps.idb, multiInstance: deps.multiInstance });
  const blobs = createBlobStore({ userId, key: keys.bytes, idb: deps.idb });
  const transport = createUploadTransport(deps.api);
  const sealedLog = createNoteUpdateLog({ rows: blobs.noteUpdates, key: keys.noteUpdates });
  // A note whose text leaves the device (deleted, or gone from this device) has nothing waiting any more.
  const noteLog = { ...sealedLog, remove: (noteId: string) => sealedLog.remove(noteId).then(() => markNoteText(noteId, false)) };
  const noteDocs: NoteDocStore = { ...createNoteDocStore(noteLog), markText: (noteId, waiting) => markNoteText(noteId, waiting) };
  let stopWatchingNotes = () => {};
  const streams = new Map(COLLECTION_NAMES.map((name) => [name, new Subject<PullStreamItem>()]));
  const replications: RxReplicationState<unknown, unknown>[] = [];
  let socket: LiveSocket | null = null;
  let closed = false;
  let pulled: ReadonlySet<CollectionName> = new Set();
  const pulledListeners = new Set<() => void>();
  function markPulled(name: CollectionName) {
    if (closed || pulled.has(name)) return;
    pulled = new Set([...pulled, name]);
    for (const listener of [...pulledListeners]) listener();
  }

  const uploads = createUploadQueue({
    store: blobs,
    transport,
    isOnline: deps.isOnline,
    async isWanted(fileId) {
      const doc = await db.medical_files.findOne(fileId).exec();
      return doc !== null && !doc.deleted;
    },
  });
  const unsubscribeUploads = uploads.subscribe(() => deps.status.dispatch({ type: "pendingUploads", count: uploads.pendingCount() }));
  const rowsSubscription = blobs.uploads.rows$().subscribe({
    next: (rows) => uploads.syncRows(rows),
    error: (error) => console.warn("The upload queue could not be read", error),
  });

  // Waiting marks, written behind the edits in one ordered queue (`pending-marks.ts`); rebuilt at open
  // from RxDB's state before each collection's replication starts (`pending-rebuild.ts`).
  const marks = createPendingMarks({
    table: blobs.pending,
    minIntervalMs: 100,
    onChange: (count) => deps.status.dispatch({ type: "pendingDocs", count }),
  });
  function markNoteText(noteId: string, waiting: boolean) {
    if (waiting) marks.add(NOTE_TEXT_MARKS, [noteId]);
    else if (marks.has(NOTE_TEXT_MARKS, noteId)) marks.remove(NOTE_TEXT_MARKS, [noteId]);
  }
  /** Edits resolve once RxDB has stored them; their marks reach the blobs database after the current task. */
  function mark(collection: CollectionName, ids: string[]): Promise<void> {
    marks.add(collection, ids);
    return Promise.resolve();
  }
  const whenOnline = createOnlineWait(deps.isOnline);

  /** Only the leading tab replicates: it alone asks whether the device may still hold its copy (and drops it). */
  let leading = false;
  const kick = () => {
    uploads.kick();
    if (leading) deps.onReconnected?.();
  };
  globalThis.addEventListener?.("online", kick);

  const synced = () => deps.status.dispatch({ type: "synced", at: new Date().toISOString() });
  /** An empty collection is first pulled in bulk (`initial-pull.ts`); its replication then goes on from there. */
  async function replicate(name: CollectionName) {
    await pullInitial({ db, name, api: deps.api, onPage: synced, closed: () => closed })
      .catch((error) => console.warn(`The bulk first pull of ${name} stopped; the replication goes on`, error));
    if (closed) return;
    // A mark lost with a tab closed within its flush: what RxDB's upstream would push is waiting.
    await rebuildPendingMarks({ db, name, marks })
      .then((missing) => missing.length > 0 && console.info(`${missing.length} waiting marks of ${name} restored`))
      .catch((error) => console.warn(`The waiting marks of ${name} could not be checked`, error));
    if (closed) return;
    const state = replicateCollection({
      db,
      name,
      api: deps.api,
      stream$: streams.get(name)!.asObservable(),
      whenOnline,
      beforePush: name === "encounter_notes" || name === "note_drafts" ? (docs) => encountersSent(marks, docs) : undefined,
      events: {
        synced,
        outdated: deps.onOutdated,
        isPending: marks.has,
        // A file's bytes go as soon as the server has its metadata (a waiting upload asks again at once).
        stored(collection) {
          if (collection === "medical_files") uploads.kick();
        },
        refused(collection, docs, outcome) {
          void recordRefusals(blobs, keys.refusals, collection, docs, new Date().toISOString(), outcome)
            .catch((error) => console.warn("A refused change could not be kept to be shown", error));
        },
        settled(collection, ids) {
          marks.remove(collection, ids);
          if (collection === "medical_files") uploads.kick();
        },
      },
    });
    replications.push(state as RxReplicationState<unknown, unknown>);
    void state.awaitInitialReplication().then(() => markPulled(name), () => {});
    // Notes' text of notes this device no longer has, once the notes have caught up with the server.
    if (name === "encounter_notes") {
      void state.awaitInitialReplication()
        .then(() => closed ? [] : sweepNoteDocs({ db, log: noteLog }))
        .catch((error) => !closed && console.warn("Deleted notes' text could not be removed from this device", error));
    }
  }

  // Only the leading tab replicates, listens and uploads; the others share its storage.
  void db.waitForLeadership().then(async () => {
    if (closed) return;
    leading = true;
    stopWatchingNotes = watchDeletedNotes({ db, log: noteLog });
    const started = Promise.all(COLLECTION_NAMES.map(replicate));
    if (deps.live !== false) {
      socket = connectLiveSocket({
        getToken: deps.getToken,
        refresh: () => deps.api.refresh(),
        emit: (name, item) => streams.get(name)?.next(item),
        onConnected: (connected) => {
          deps.status.dispatch({ type: "socket", connected });
          if (connected) deps.onReconnected?.();
        },
        url: deps.socketUrl,
        events: deps.events,
      });
    }
    await started;
    if (!closed) await uploads.start();
  });

  return {
    userId,
    db,
    blobs,
    uploads,
    transport,
    noteDocs,
    pendingKeys: marks.keys,
    subscribePending: marks.subscribe,
    markPending: mark,
    markNoteText,
    refusals$: () => refusals$(blobs, keys.refusals),
    dismissRefusal: async (collection, id) => void await blobs.refused.remove(collection, id),
    pulled: () => pulled,
    subscribePulled(listener) {
      pulledListeners.add(listener);
      return () => pulledListeners.delete(listener);
    },
    flushPending: () => marks.flush(),
    async close(options = {}) {
      if (closed) return;
      closed = true;
      globalThis.removeEventListener?.("online", kick);
      uploads.stop();
      unsubscribeUploads();
      rowsSubscription.unsubscribe();
      socket?.close();
      stopWatchingNotes();
      await Promise.allSettled(replications.map((r) => r.cancel()));
      for (const stream of streams.values()) stream.complete();
      // The marks queued are written before the blobs database closes (unless it is deleted).
      if (!options.remove) await marks.flush();
      marks.close();
      if (options.remove) await db.remove();
      else await db.close();
      blobs.close();
      if (options.remove) await deleteBlobStore(userId, deps.idb);
    },
  };
}

/**
 * Deletes a user's local data without its key: the RxDB database, the blobs
 * database, and any IndexedDB database left under their name (a wipe
 * interrupted by a closed tab is finished at the next start).
 */
export async function wipeLocalData(userId: string, idb?: IndexedDbFactory): Promise<void> {
  const results = await Promise.allSettled([removeDatabase(userId, idb), deleteBlobStore(userId, idb)]);
  for (const result of results) if (result.status === "rejected") console.warn("Local data wipe", result.reason);
  const factory = idb?.indexedDB ?? globalThis.indexedDB;
  const names = typeof factory?.databases === "function" ? (await factory.databases()).map((d) => d.name ?? "") : [];
  await Promise.all(names.filter((name) => name.includes(databaseName(userId)) || name.includes(userId)).map((name) =>
    new Promise<void>((resolve) => {
      const request = factory.deleteDatabase(name);
      request.onsuccess = request.onerror = request.onblocked = () => resolve();
    })
  ));
}
