/**
 * The notes' Yjs documents open in this process. A document is loaded on its
 * first connection (every stored update applied: Yjs merges), kept while
 * someone is connected, and dropped (after a compaction) when the last one
 * leaves. A client's update is applied, persisted (appended, in order, one at
 * a time per note, a burst merged into one row) and sent to the other connections by the document's
 * `update` event; another process's updates arrive as notices (relay.ts) and
 * are read from the database after the last seq applied here. Editors'
 * presence (awareness) changes go to the other processes holding the note
 * (relay.ts, `AwarenessRelay`), and theirs come back into this one.
 */
import * as Y from "yjs";
import { applyAwarenessUpdate, Awareness, encodeAwarenessUpdate } from "y-protocols/awareness";
import type { Clock } from "../../platform/clock.ts";
import type { Logger } from "../../platform/log.ts";
import type { AwarenessNotice, AwarenessRelay, CollabNotice, CollabRelay } from "./relay.ts";
import type { CollabRepo } from "./repo.ts";
import { fieldsText, seedUpdate } from "./note-text.ts";
import type { NoteGrant } from "./access.ts";

/** Origin of updates read from the database (never persisted again). */
const STORED = Symbol("stored");
/** Origin of awareness updates from another process (never sent back). */
const RELAYED = Symbol("relayed");

type AwarenessChange = { added: number[]; updated: number[]; removed: number[] };

export type CollabOptions = {
  /** Compact a note once it has more than this many stored updates. */
  compactAfter: number;
};

export type NoteDocument = {
  noteId: string;
  doc: Y.Doc;
  /** Who is editing (cursors, names): this process's connections' and, through the relay, the other processes'. */
  awareness: Awareness;
  /** Applies a client's update: persisted, relayed; `origin` (the connection) is not sent it back. */
  applyClientUpdate(update: Uint8Array, origin: unknown): void;
  /** Resolves once every update applied so far is stored. */
  flushed(): Promise<void>;
};

type Entry = NoteDocument & {
  fieldNames: string[];
  users: number;
  lastSeq: number;
  /** Appends and catch-ups of this note, one at a time. */
  queue: Promise<void>;
  appendedSinceCompaction: number;
  /** Awareness clients learned from other processes (the rest are this process's). */
  relayed: Set<number>;
};

export function createNoteDocuments(
  deps: { repo: CollabRepo; relay: CollabRelay; presence: AwarenessRelay; clock: Clock; log: Logger },
  opts: CollabOptions,
) {
  const { repo, relay, presence, log } = deps;
  const entries = new Map<string, Promise<Entry>>();
  const errorText = (e: unknown) => e instanceof Error ? e.message.slice(0, 200) : String(e);

  /** Applies what other processes (or a missed notice) stored after our last seq. */
  function catchUp(entry: Entry): Promise<void> {
    entry.queue = entry.queue.then(async () => {
      const rows = await repo.since(entry.noteId, entry.lastSeq);
      for (const row of rows) {
        Y.applyUpdate(entry.doc, row.update, STORED);
        entry.lastSeq = Math.max(entry.lastSeq, row.seq);
      }
    }).catch((e) => log.error("collab catch-up failed", { noteId: entry.noteId, error: errorText(e) }));
    return entry.queue;
  }

  async function compact(entry: Entry) {
    entry.appendedSinceCompaction = 0;
    // Loaded into a document, not only `Y.mergeUpdates`d: the document squashes a run of typed
    // characters into one item and drops deleted content, so the stored row is the document's size,
    // not its history's (10,000 typed characters: about 10 KB instead of 90 KB).
    let merged: Y.Doc | null = null;
    await repo.compact(entry.noteId, {
      merge: (updates) => {
        merged = new Y.Doc();
        Y.applyUpdate(merged, Y.mergeUpdates(updates));
        return Y.encodeStateAsUpdate(merged);
      },
      fields: () => fieldsText(merged!, entry.fieldNames),
      now: deps.clock.now(),
    });
    (merged as Y.Doc | null)?.destroy();
  }

  async function load(grant: NoteGrant): Promise<Entry> {
    await repo.seedIfEmpty(grant.noteId, () => seedUpdate(grant.fields, grant.fieldNames));
    const doc = new Y.Doc({ gc: true });
    const awareness = new Awareness(doc);
    // The server itself is nobody: only the clients' states are shared.
    awareness.setLocalState(null);
    const entry: Entry = {
      noteId: grant.noteId,
      doc,
      awareness,
      fieldNames: grant.fieldNames,
      users: 0,
      lastSeq: 0,
      queue: Promise.resolve(),
      appendedSinceCompaction: 0,
      relayed: new Set(),
      applyClientUpdate(update, origin) {
        Y.applyUpdate(doc, update, origin);
      },
      flushed: () => entry.queue,
    };
    await catchUp(entry);
    awareness.on("update", ({ added, updated, removed }: AwarenessChange, origin: unknown) => {
      if (origin === RELAYED) {
        for (const id of [...added, ...updated]) entry.relayed.add(id);
        for (const id of removed) entry.relayed.delete(id);
        return;
      }
      // A client heard here directly is this process's, whatever the relay said before.
      for (const id of [...added, ...updated, ...removed]) entry.relayed.delete(id);
      // Each process times out stale states by itself.
      if (origin === "timeout") return;
      publishAwareness(entry, [...added, ...updated, ...removed]);
    });
    // Editors of this note on other processes: they answer with their own clients' states.
    void presence.publish({ noteId: entry.noteId, update: null }).catch((e) => log.warn("collab presence query failed", { error: errorText(e) }));
    // Updates waiting for the append in the queue: a burst (fast typing, a device back from offline)
    // is stored as one row in one transaction instead of one transaction per keystroke. The row is
    // the document's difference since the last append (fast: `Y.mergeUpdates` of 10,000 keystrokes
    // takes seconds); it may repeat rows read from the database meanwhile, which applying ignores.
    let unstored = 0;
    let last: Uint8Array | null = null;
    let storedVector = Y.encodeStateVector(doc);
    doc.on("update", (update: Uint8Array, origin: unknown) => {
      if (origin === STORED) return;
      unstored += 1;
      last = update;
      if (unstored > 1) return; // the append already queued takes this one too
      entry.queue = entry.queue.then(async () => {
        const batch = unstored === 1 ? last! : Y.encodeStateAsUpdate(doc, storedVector);
        storedVector = Y.encodeStateVector(doc);
        unstored = 0;
        last = null;
        // lastSeq is left alone: rows below this seq may be other processes' and not applied yet.
        // The notice of this very append makes the catch-up read them (and this one again: no change).
        const seq = await repo.append(entry.noteId, batch);
        if (!relay.notifiesInTransaction) relay.appended({ noteId: entry.noteId, seq });
        entry.appendedSinceCompaction += 1;
        if (entry.appendedSinceCompaction >= opts.compactAfter && (await repo.count(entry.noteId)) > opts.compactAfter) {
          await compact(entry);
        }
      }).catch((e) => log.error("collab update not stored", { noteId: entry.noteId, error: errorText(e) }));
    });
    return entry;
  }

  const onNotice = (notice: CollabNotice) => {
    const pending = entries.get(notice.noteId);
    if (!pending) return;
    void pending.then((entry) => {
      if (notice.seq > entry.lastSeq) void catchUp(entry);
    }, () => {});
  };
  const onResync = () => {
    for (const pending of entries.values()) void pending.then(catchUp, () => {});
  };

  /** Sends these clients' states (or their removal) to the other processes, one client a notice when too large together. */
  function publishAwareness(entry: Entry, clients: number[]) {
    if (clients.length === 0) return;
    const send = async () => {
      if (await presence.publish({ noteId: entry.noteId, update: encodeAwarenessUpdate(entry.awareness, clients) })) return;
      for (const id of clients) {
        if (clients.length > 1 && await presence.publish({ noteId: entry.noteId, update: encodeAwarenessUpdate(entry.awareness, [id]) })) continue;
        log.warn("collab presence too large to relay", { noteId: entry.noteId });
      }
    };
    send().catch((e) => log.warn("collab presence not relayed", { noteId: entry.noteId, error: errorText(e) }));
  }

  const onAwareness = (notice: AwarenessNotice) => {
    const pending = entries.get(notice.noteId);
    if (!pending) return;
    void pending.then((entry) => {
      if (notice.update) {
        try {
          applyAwarenessUpdate(entry.awareness, notice.update, RELAYED);
        } catch (e) {
          log.warn("ignored a malformed awareness update", { noteId: entry.noteId, error: errorText(e) });
        }
        return;
      }
      const own = [...entry.awareness.getStates().keys()].filter((id) => !entry.relayed.has(id));
      publishAwareness(entry, own);
    }, () => {});
  };
  let unsubscribe: (() => Promise<void>) | null = null;
  let unsubscribePresence: (() => Promise<void>) | null = null;

  return {
    async start() {
      unsubscribe = await relay.subscribe(onNotice, onResync);
      unsubscribePresence = await presence.subscribe(onAwareness);
    },

    /** The note's document, loaded if needed; call `release` when the connection ends. */
    async acquire(grant: NoteGrant): Promise<NoteDocument> {
      let pending = entries.get(grant.noteId);
      if (!pending) {
        pending = load(grant);
        entries.set(grant.noteId, pending);
        pending.catch(() => entries.delete(grant.noteId));
      }
      const entry = await pending;
      entry.users += 1;
      return entry;
    },

    async release(noteId: string) {
      const pending = entries.get(noteId);
      if (!pending) return;
      const entry = await pending;
      entry.users -= 1;
      if (entry.users > 0) return;
      await entry.queue;
      if (entry.users > 0) return;
      entries.delete(noteId);
      entry.awareness.destroy();
      // The last editor here left: one row for the note, and its text in the chart.
      await compact(entry).catch((e) => log.error("collab compaction failed", { noteId, error: errorText(e) }));
      entry.doc.destroy();
    },

    /** Stops listening; open documents are compacted. */
    async close() {
      await unsubscribe?.();
      await unsubscribePresence?.();
      for (const [noteId, pending] of [...entries]) {
        entries.delete(noteId);
        const entry = await pending.catch(() => null);
        if (!entry) continue;
        await entry.queue;
        await compact(entry).catch((e) => log.error("collab compaction failed", { noteId, error: errorText(e) }));
        entry.doc.destroy();
      }
    },
  };
}
export type NoteDocuments = ReturnType<typeof createNoteDocuments>;
