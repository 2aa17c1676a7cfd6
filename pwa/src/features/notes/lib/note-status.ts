/**
 * What a note says about where its text is (issue 7): the status words of
 * one note, from the state of its connection and of the device.
 */

/** y-websocket's connection, plus ours: not allowed yet (`idle`) and refused for good (`closed`). */
export type NoteConnectionState = "idle" | "connecting" | "connected" | "disconnected" | "closed";

export type NoteStatusInput = {
  /** The server lets this user change the note (`canWriteNote`). */
  canWrite: boolean;
  /** The browser reports a network. */
  online: boolean;
  /** The note has not reached the server yet (the sync engine pushes it first). */
  notOnServer: boolean;
  connection: NoteConnectionState;
  /** The server's state has arrived on this connection (y-websocket's `synced`). */
  synced: boolean;
  /** The server's reason for closing for good: 4404 (no such note, or not yours), or 4401 after a refresh. */
  closedCode: number | null;
};

export type NoteStatusWord = "Synced" | "Saved on this device" | "Offline" | "Read-only" | "Not available";
export type NoteStatus = { word: NoteStatusWord; detail: string | null };

export const CLOSE_UNAUTHORIZED = 4401;
export const CLOSE_NOT_FOUND = 4404;

export function noteStatus(input: NoteStatusInput): NoteStatus {
  if (input.closedCode === CLOSE_NOT_FOUND) {
    return { word: "Not available", detail: "This note was deleted, or you can no longer open it." };
  }
  if (input.closedCode !== null) return { word: "Not available", detail: "Sign in again to open this note." };
  if (!input.canWrite) {
    if (!input.online) return { word: "Read-only", detail: "offline — the text may be out of date" };
    return { word: "Read-only", detail: input.connection === "connected" && input.synced ? "live" : null };
  }
  if (!input.online) return { word: "Offline", detail: "saved on this device" };
  if (input.connection === "connected" && input.synced) return { word: "Synced", detail: null };
  if (input.notOnServer) return { word: "Saved on this device", detail: "sent once the note reaches the server" };
  return { word: "Saved on this device", detail: "connecting…" };
}

/** One line for the status region: "Offline — saved on this device". */
export const statusText = (status: NoteStatus) => (status.detail ? `${status.word} — ${status.detail}` : status.word);
