/**
 * One accepted collab connection speaking y-websocket's messages (lib0 encoding): 0 sync (y-protocols/sync
 * step 1, step 2, update), 1 awareness, 3 query awareness, 2 auth (a renewed access token, a lib0 var string).
 * The server's state goes first; the client answers with what the server lacks (its offline edits).
 * A reader's (the patient of a shared note) updates and awareness are ignored. Edits are audited as
 * `chart.write` at most once a minute per connection, and once more when it closes.
 */
import * as decoding from "lib0/decoding";
import * as encoding from "lib0/encoding";
import * as awarenessProtocol from "y-protocols/awareness";
import * as syncProtocol from "y-protocols/sync";
import type { WebSocket } from "ws";
import type { Actor } from "../../access/actor.ts";
import type { Deps } from "../../deps.ts";
import type { ChartAudit } from "../chart/audit.ts";
import type { NoteGrant } from "./access.ts";
import type { NoteDocument } from "./documents.ts";

/** How a connection is closed when refused: no valid token or session, no such note *or* not allowed, a malformed message, a server error. */
export const CLOSE = { unauthorized: 4401, notFound: 4404, badMessage: 4400, serverError: 4500 } as const;
const MESSAGE = { sync: 0, awareness: 1, auth: 2, queryAwareness: 3 } as const;
const EDIT_AUDIT_INTERVAL_MS = 60_000;
const PING_INTERVAL_MS = 30_000;

/** What a connection was allowed with; a renewal or a re-check replaces them. */
export type Entitlement = { token: string; actor: Actor; grant: NoteGrant };

export const errorText = (e: unknown) => e instanceof Error ? e.message.slice(0, 200) : String(e);

/** Wires one accepted connection to its document; answers its message handler. */
export function connectDocument(o: {
  ws: WebSocket;
  entitled: Entitlement;
  document: NoteDocument;
  /** Message 2: the client's renewed access token. */
  renew(token: string): Promise<void>;
  audit: ChartAudit;
  deps: Pick<Deps, "clock" | "log">;
}) {
  const { ws, entitled, document, audit, deps } = o;
  const { grant } = entitled;
  const { doc, awareness } = document;
  const send = (encoder: encoding.Encoder) => {
    if (ws.readyState === ws.OPEN) ws.send(encoding.toUint8Array(encoder));
  };
  const controlled = new Set<number>();
  let unaudited = 0;
  let lastEditAudit = 0;
  const auditEdits = (force: boolean) => {
    const now = deps.clock.now().getTime();
    if (unaudited === 0 || (!force && now - lastEditAudit < EDIT_AUDIT_INTERVAL_MS)) return;
    const edits = unaudited;
    unaudited = 0;
    lastEditAudit = now;
    void audit.write(entitled.actor, { patientId: grant.patientId, what: "note.collab.edit", id: grant.noteId, details: { edits } })
      .catch((e) => deps.log.error("collab audit failed", { error: errorText(e) }));
  };

  const onDocUpdate = (update: Uint8Array, origin: unknown) => {
    if (origin === ws) return;
    const encoder = encoding.createEncoder();
    encoding.writeVarUint(encoder, MESSAGE.sync);
    syncProtocol.writeUpdate(encoder, update);
    send(encoder);
  };
  const onAwareness = ({ added, updated, removed }: { added: number[]; updated: number[]; removed: number[] }, origin: unknown) => {
    if (origin === ws) for (const id of added) controlled.add(id);
    const encoder = encoding.createEncoder();
    encoding.writeVarUint(encoder, MESSAGE.awareness);
    encoding.writeVarUint8Array(encoder, awarenessProtocol.encodeAwarenessUpdate(awareness, [...added, ...updated, ...removed]));
    send(encoder);
  };
  doc.on("update", onDocUpdate);
  awareness.on("update", onAwareness);

  let alive = true;
  ws.on("pong", () => (alive = true));
  const ping = setInterval(() => {
    if (!alive) return ws.terminate();
    alive = false;
    ws.ping();
  }, PING_INTERVAL_MS);
  Deno.unrefTimer(ping);

  ws.once("close", () => {
    clearInterval(ping);
    doc.off("update", onDocUpdate);
    awareness.off("update", onAwareness);
    awarenessProtocol.removeAwarenessStates(awareness, [...controlled], null);
    auditEdits(true);
  });

  // The server's state first: the client answers with what the server lacks (its offline edits).
  const hello = encoding.createEncoder();
  encoding.writeVarUint(hello, MESSAGE.sync);
  syncProtocol.writeSyncStep1(hello, doc);
  send(hello);
  const states = [...awareness.getStates().keys()];
  if (states.length) {
    const encoder = encoding.createEncoder();
    encoding.writeVarUint(encoder, MESSAGE.awareness);
    encoding.writeVarUint8Array(encoder, awarenessProtocol.encodeAwarenessUpdate(awareness, states));
    send(encoder);
  }

  return (message: Uint8Array) => {
    try {
      const decoder = decoding.createDecoder(message);
      const type = decoding.readVarUint(decoder);
      if (type === MESSAGE.sync) {
        const step = decoding.readVarUint(decoder);
        if (step === syncProtocol.messageYjsSyncStep1) {
          const encoder = encoding.createEncoder();
          encoding.writeVarUint(encoder, MESSAGE.sync);
          syncProtocol.readSyncStep1(decoder, encoder, doc);
          send(encoder);
        } else if (step === syncProtocol.messageYjsSyncStep2 || step === syncProtocol.messageYjsUpdate) {
          const update = decoding.readVarUint8Array(decoder);
          // A reader's changes are dropped: the document is not theirs to change.
          if (!grant.canWrite) return;
          document.applyClientUpdate(update, ws);
          unaudited += 1;
          auditEdits(false);
        } else throw new Error("unknown sync step");
      } else if (type === MESSAGE.awareness) {
        const update = decoding.readVarUint8Array(decoder);
        if (grant.canWrite) awarenessProtocol.applyAwarenessUpdate(awareness, update, ws);
      } else if (type === MESSAGE.queryAwareness) {
        const encoder = encoding.createEncoder();
        encoding.writeVarUint(encoder, MESSAGE.awareness);
        encoding.writeVarUint8Array(encoder, awarenessProtocol.encodeAwarenessUpdate(awareness, [...awareness.getStates().keys()]));
        send(encoder);
      } else if (type === MESSAGE.auth) {
        const token = decoding.readVarString(decoder);
        o.renew(token).catch((e) => {
          deps.log.error("collab renewal failed", { noteId: grant.noteId, error: errorText(e) });
          ws.close(CLOSE.serverError, "server error");
        });
      } else throw new Error("unknown message type");
    } catch (e) {
      deps.log.warn("collab: malformed message; closing", { noteId: grant.noteId, error: errorText(e) });
      ws.close(CLOSE.badMessage, "malformed message");
    }
  };
}
