/**
 * Sends one note's text changed on this device while it had no synced connection, without opening an editor:
 * the sealed updates are loaded into a document, a connection is opened until it is synced (the server's
 * first message asks for what it lacks, and y-websocket answers with the offline edits before the server's
 * state arrives), and the note's waiting mark is cleared. A note the server no longer has for this user
 * (deleted, access ended: 4404) clears its mark too, since nothing can be sent any more.
 */
import { Awareness } from "y-protocols/awareness";
import * as Y from "yjs";
import type { NoteDocStore } from "../../sync/index.ts";
import type { NoteConnection } from "./note-connection.ts";
import { CLOSE_NOT_FOUND } from "./note-status.ts";

/** `gone`: the note was deleted or is no longer this user's; `refused`: closed for another reason (sign in again). */
export type SendResult = "sent" | "gone" | "refused" | "timeout";

export async function sendWaitingText(deps: {
  noteId: string;
  store: NoteDocStore;
  connect(noteId: string, doc: Y.Doc, awareness: Awareness): NoteConnection;
  timeoutMs: number;
}): Promise<SendResult> {
  const { noteId, store } = deps;
  const doc = new Y.Doc();
  const awareness = new Awareness(doc);
  // Nobody is shown as present: this connection has no user state.
  awareness.setLocalState(null);
  const persistence = await store.persist(noteId, doc);
  let connection: NoteConnection | null = null;
  try {
    await persistence.whenSynced;
    const open = deps.connect(noteId, doc, awareness);
    connection = open;
    const result = await new Promise<SendResult>((resolve) => {
      const check = () => {
        const snapshot = open.snapshot();
        if (snapshot.connection === "connected" && snapshot.synced) done("sent");
        else if (snapshot.closedCode !== null) done(snapshot.closedCode === CLOSE_NOT_FOUND ? "gone" : "refused");
      };
      const timer = setTimeout(() => done("timeout"), deps.timeoutMs);
      const stop = open.subscribe(check);
      function done(value: SendResult) {
        clearTimeout(timer);
        stop();
        resolve(value);
      }
      open.setEnabled(true);
      check();
    });
    if (result === "sent" || result === "gone") store.markText(noteId, false);
    return result;
  } finally {
    connection?.destroy();
    await persistence.destroy();
    awareness.destroy();
    doc.destroy();
  }
}
