/**
 * A y-websocket client as small as the protocol allows, for tests: a Y.Doc
 * synced over Deno's WebSocket to `/api/v1/collab/<noteId>?token=`. It keeps
 * editing while disconnected (updates stay in its document) and syncs them on
 * reconnect, as `WebsocketProvider` does.
 */
import * as Y from "yjs";
import * as decoding from "lib0/decoding";
import * as encoding from "lib0/encoding";
import * as syncProtocol from "y-protocols/sync";

const REMOTE = Symbol("remote");

export type CollabClient = ReturnType<typeof createCollabClient>;

export function createCollabClient(opts: { base: string; noteId: string; token: string }) {
  const doc = new Y.Doc();
  let ws: WebSocket | null = null;
  let closeCode: number | null = null;
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

  return {
    doc,
    get closeCode() {
      return closeCode;
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
        };
        socket.onmessage = (event) => {
          const decoder = decoding.createDecoder(new Uint8Array(event.data as ArrayBuffer));
          if (decoding.readVarUint(decoder) !== 0) return; // awareness: not needed here
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
