/**
 * A y-websocket client as small as the protocol allows, for tests: a Y.Doc
 * synced over Deno's WebSocket to `/api/v1/collab/<noteId>?token=`. It keeps
 * editing while disconnected (updates stay in its document) and syncs them on
 * reconnect, as `WebsocketProvider` does. Presence (awareness) is sent once
 * `setPresence` is called and others' is kept; `renew` sends a new access token.
 */
import * as Y from "yjs";
import * as decoding from "lib0/decoding";
import * as encoding from "lib0/encoding";
import * as syncProtocol from "y-protocols/sync";
import * as awarenessProtocol from "y-protocols/awareness";

const REMOTE = Symbol("remote");

export type CollabClient = ReturnType<typeof createCollabClient>;

export function createCollabClient(opts: { base: string; noteId: string; token: string }) {
  const doc = new Y.Doc();
  const awareness = new awarenessProtocol.Awareness(doc);
  // No presence until asked, and no timers: tests are short and observe removals the server sends.
  awareness.setLocalState(null);
  clearInterval((awareness as unknown as { _checkInterval: number })._checkInterval);
  let ws: WebSocket | null = null;
  let closeCode: number | null = null;
  const closeWaiters = new Set<(code: number) => void>();
  const url = `${opts.base.replace(/^http/, "ws")}/api/v1/collab/${opts.noteId}?token=${encodeURIComponent(opts.token)}`;
  const send = (encoder: encoding.Encoder) => {
    if (ws?.readyState === WebSocket.OPEN) ws.send(encoding.toUint8Array(encoder));
  };
  doc.on("update", (update: Uint8Array, origin: unknown) => {
    if (origin === REMOTE) return;
    const encoder = encoding.createEncoder();
    encoding.writeVarUint(encoder, 0);
    syncProtocol.writeUpdate(encoder, update);
    send(encoder);
  });
  const sendPresence = (clients: number[]) => {
    const encoder = encoding.createEncoder();
    encoding.writeVarUint(encoder, 1);
    encoding.writeVarUint8Array(encoder, awarenessProtocol.encodeAwarenessUpdate(awareness, clients));
    send(encoder);
  };
  awareness.on("update", ({ added, updated, removed }: { added: number[]; updated: number[]; removed: number[] }, origin: unknown) => {
    if (origin !== REMOTE) sendPresence([...added, ...updated, ...removed]);
  });

  return {
    doc,
    awareness,
    get closeCode() {
      return closeCode;
    },
    /** Resolves with the close code once this connection is closed; rejects after `timeoutMs`. */
    closed(timeoutMs = 3000): Promise<number> {
      if (closeCode !== null) return Promise.resolve(closeCode);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          closeWaiters.delete(done);
          reject(new Error(`still open after ${timeoutMs} ms`));
        }, timeoutMs);
        const done = (code: number) => {
          clearTimeout(timer);
          resolve(code);
        };
        closeWaiters.add(done);
      });
    },
    /** Shows this client as editing with `state` (e.g. `{user: {name, color}}`). */
    setPresence(state: Record<string, unknown> | null) {
      awareness.setLocalState(state);
    },
    /** The other clients' presence states, as this client holds them. */
    others(): Record<string, unknown>[] {
      return [...awareness.getStates()].filter(([id]) => id !== awareness.clientID).map(([, state]) => state);
    },
    /** Sends a renewed access token (message 2, a var string). */
    renew(token: string) {
      const encoder = encoding.createEncoder();
      encoding.writeVarUint(encoder, 2);
      encoding.writeVarString(encoder, token);
      send(encoder);
    },
    /** Connects; resolves once the server's state was received (sync step 2), rejects with the close code if refused. */
    connect(timeoutMs = 3000): Promise<void> {
      closeCode = null;
      const socket = new WebSocket(url);
      socket.binaryType = "arraybuffer";
      ws = socket;
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error("collab connect timed out")), timeoutMs);
        socket.onopen = () => {
          const encoder = encoding.createEncoder();
          encoding.writeVarUint(encoder, 0);
          syncProtocol.writeSyncStep1(encoder, doc);
          send(encoder);
          if (awareness.getLocalState() !== null) sendPresence([awareness.clientID]);
        };
        socket.onmessage = (event) => {
          const decoder = decoding.createDecoder(new Uint8Array(event.data as ArrayBuffer));
          const type = decoding.readVarUint(decoder);
          if (type === 1) return awarenessProtocol.applyAwarenessUpdate(awareness, decoding.readVarUint8Array(decoder), REMOTE);
          if (type !== 0) return;
          const encoder = encoding.createEncoder();
          encoding.writeVarUint(encoder, 0);
          const step = syncProtocol.readSyncMessage(decoder, encoder, doc, REMOTE);
          if (encoding.length(encoder) > 1) send(encoder);
          if (step === syncProtocol.messageYjsSyncStep2) {
            clearTimeout(timer);
            resolve();
          }
        };
        socket.onclose = (event) => {
          closeCode = event.code;
          for (const waiter of closeWaiters) waiter(event.code);
          closeWaiters.clear();
          clearTimeout(timer);
          reject(Object.assign(new Error(`closed ${event.code}`), { code: event.code }));
        };
      });
    },
    /** Goes offline; edits made now are kept and sent on the next connect. */
    disconnect(): Promise<void> {
      const socket = ws;
      ws = null;
      if (!socket || socket.readyState === WebSocket.CLOSED) return Promise.resolve();
      return new Promise((resolve) => {
        socket.addEventListener("close", () => resolve());
        socket.close();
      });
    },
    /** Appends a paragraph to a field (a Y.XmlFragment, as Tiptap writes it). */
    append(field: string, text: string) {
      const fragment = doc.getXmlFragment(field);
      const p = new Y.XmlElement("paragraph");
      p.insert(0, [new Y.XmlText(text)]);
      fragment.insert(fragment.length, [p]);
    },
    /** A field's paragraphs, as plain text. */
    text(field: string): string[] {
      return doc.getXmlFragment(field).toArray().map((p) =>
        (p as Y.XmlElement).toArray().map((t) => (t as Y.XmlText).toString()).join("")
      );
    },
  };
}

/** Polls `check` until it holds; throws after `timeoutMs`. */
export async function eventually(check: () => boolean | Promise<boolean>, timeoutMs = 3000, what = "condition") {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
