/**
 * One open note: its Yjs document, loaded from the device (care team: sealed
 * persistence) before the editors render, its awareness, and its live
 * connection, enabled while the note is on the server. Everything is made
 * when the note opens and ended when it closes.
 */
import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import { Awareness } from "y-protocols/awareness";
import * as Y from "yjs";
import { useAppDeps } from "../../../lib/app-deps.tsx";
import { type NoteDocPersistence, type NoteDocStore, useWaitingNoteTexts } from "../../sync/index.ts";
import { connectNote, type NoteConnection, type NoteConnectionSnapshot } from "../lib/note-connection.ts";
import { type EditorUser, othersHere } from "../lib/presence.ts";
import { noteOpened } from "../lib/open-notes.ts";

export type NoteSession = {
  doc: Y.Doc;
  awareness: Awareness;
  connection: NoteConnection;
  /** Updates of this note stored on the device when it opened (0: none yet). */
  storedOnOpen: number;
};

type State = { noteId: string; session: NoteSession | null; error: string | null };

export function useNoteSession(options: { noteId: string; store: NoteDocStore | null; persist: boolean; onServer: boolean }) {
  const { noteId, store, persist, onServer } = options;
  const { api, session: auth } = useAppDeps();
  const [state, setState] = useState<State>({ noteId, session: null, error: null });

  useEffect(() => {
    if (persist && !store) return;
    let cancelled = false;
    const doc = new Y.Doc();
    const awareness = new Awareness(doc);
    const connection = connectNote({
      noteId,
      doc,
      awareness,
      getToken: () => auth.tokens.read()?.accessToken || null,
      refreshToken: () => api.refresh(),
      isOnline: () => globalThis.navigator?.onLine ?? true,
      origin: globalThis.location.origin,
      network: globalThis,
    });
    let persistence: NoteDocPersistence | null = null;
    (async () => {
      if (persist && store) {
        const opened = await store.persist(noteId, doc);
        // Closed while the provider was loading (React's development double effects, a quick navigation).
        if (cancelled) return void opened.destroy();
        persistence = opened;
        await opened.whenSynced;
      }
      if (!cancelled) setState({ noteId, session: { doc, awareness, connection, storedOnOpen: persistence?.storedOnOpen ?? 0 }, error: null });
    })().catch((error) => {
      console.warn("The note could not be opened on this device", error);
      if (!cancelled) setState({ noteId, session: null, error: "This note could not be opened on this device." });
    });
    return () => {
      cancelled = true;
      connection.destroy();
      // Stops listening at once; the writes under way still finish.
      void persistence?.destroy();
      awareness.destroy();
      doc.destroy();
    };
  }, [noteId, store, persist, api, auth]);

  const session = state.noteId === noteId ? state.session : null;
  useEffect(() => {
    session?.connection.setEnabled(onServer);
  }, [session, onServer]);

  // Text written here while offline (this session or an earlier one) and text written elsewhere meanwhile are
  // merged by Yjs when the connection syncs. The merge keeps every character, so a whole section replaced here
  // and added to elsewhere reads as both: the note says so once (`mergedWhileAway`) for the writer to read again.
  const waitingHere = useWaitingNoteTexts().includes(noteId);
  const waitingRef = useRef(waitingHere);
  waitingRef.current = waitingHere;
  const [merged, setMerged] = useState<string | null>(null);

  // Text changed here while the connection is not synced waits for the server: counted until a synced connection
  // (y-websocket then sends what the server lacks). Edits made on a synced connection go out at once.
  useEffect(() => {
    if (!session || !store || !persist) return;
    const { doc, connection } = session;
    const isSynced = () => {
      const snapshot = connection.snapshot();
      return snapshot.connection === "connected" && snapshot.synced;
    };
    let unsent = waitingRef.current;
    // What the device knew when it lost the server (or opened without it): after the next sync, a writer other than
    // this session that moved on since then wrote elsewhere meanwhile. Decided from Yjs's state vectors, not from
    // which update arrived first, so it holds however the server's text reaches the document.
    const known = () => Y.decodeStateVector(Y.encodeStateVector(doc));
    let knownWhenLost: Map<number, number> | null = isSynced() ? null : known();
    const writtenElsewhere = (before: Map<number, number>) =>
      [...known()].some(([client, clock]) => client !== doc.clientID && clock > (before.get(client) ?? 0));
    const onUpdate = (_update: Uint8Array, origin: unknown) => {
      if (!connection.isRemote(origin) && !isSynced()) {
        unsent = true;
        store.markText(noteId, true);
      }
    };
    const onConnection = () => {
      if (!isSynced()) {
        knownWhenLost ??= known();
        return;
      }
      // Text here waited (this session or an earlier one; the device's list may load after this effect started).
      if ((unsent || waitingRef.current) && knownWhenLost && writtenElsewhere(knownWhenLost)) setMerged(noteId);
      knownWhenLost = null;
      unsent = false;
      store.markText(noteId, false);
    };
    onConnection();
    doc.on("update", onUpdate);
    const unsubscribe = connection.subscribe(onConnection);
    const closed = noteOpened(noteId);
    return () => {
      doc.off("update", onUpdate);
      unsubscribe();
      closed();
    };
  }, [session, store, persist, noteId]);

  return {
    session,
    error: state.noteId === noteId ? state.error : null,
    mergedWhileAway: merged === noteId,
    dismissMerged: () => setMerged(null),
  };
}

const IDLE: NoteConnectionSnapshot = { connection: "idle", synced: false, closedCode: null };
const noSubscribe = () => () => {};

/** The connection's state, re-rendering on change. */
export function useConnectionState(connection: NoteConnection | null): NoteConnectionSnapshot {
  return useSyncExternalStore(connection?.subscribe ?? noSubscribe, connection?.snapshot ?? (() => IDLE));
}

/** The other people who have the note open now. */
export function useOthersHere(awareness: Awareness | null, selfUserId: string): EditorUser[] {
  const [others, setOthers] = useState<EditorUser[]>([]);
  useEffect(() => {
    if (!awareness) return;
    const read = () =>
      setOthers((current) => {
        const next = othersHere(awareness.getStates(), selfUserId);
        const same = next.length === current.length && next.every((u, i) => u.id === current[i].id && u.name === current[i].name);
        return same ? current : next;
      });
    read();
    awareness.on("change", read);
    return () => awareness.off("change", read);
  }, [awareness, selfUserId]);
  return others;
}

/** True once the server's text has arrived on this connection at least once. */
export function useEverSynced(snapshot: NoteConnectionSnapshot, noteId: string): boolean {
  const [seen, setSeen] = useState<string | null>(null);
  useEffect(() => {
    if (snapshot.synced) setSeen(noteId);
  }, [snapshot.synced, noteId]);
  return seen === noteId || snapshot.synced;
}
