/**
 * The y-websocket endpoint `/api/v1/collab/<noteId>?token=<access token>`
 * on the API's node:http server, speaking y-websocket's messages (lib0
 * encoding): 0 sync (y-protocols/sync step 1, step 2, update), 1 awareness,
 * 3 query awareness; 2 (auth) is ignored. The PWA's `WebsocketProvider(
 * origin + "/api/v1/collab", noteId, doc, { params: { token } })` speaks it.
 *
 * The upgrade is accepted at once (so socket.io's engine.io, attached to the
 * same server, sees an answered socket and leaves it alone; it handles only
 * its own path), then the token (a live session) and the note's access are
 * checked; messages received meanwhile wait. Refusals close the socket:
 * 4401 no valid token or session, 4404 no such note *or* not allowed (the
 * same answer), 4400 a malformed message, 4500 a server error.
 * The same checks run again while the connection is open (watch.ts): an access
 * token expired without renewal or a session ended closes it with 4401, access
 * lost with 4404. A client renews its token with message 2 (auth) carrying the
 * new access token (a lib0 var string) of the same session.
 * A reader's (the patient of a shared note) updates and awareness are ignored.
 * Opening audits a `chart.read`; edits a `chart.write` at most once a minute per connection.
 */
import type { IncomingMessage, Server as HttpServer } from "node:http";
import type { Duplex } from "node:stream";
import * as decoding from "lib0/decoding";
import * as encoding from "lib0/encoding";
import * as awarenessProtocol from "y-protocols/awareness";
import * as syncProtocol from "y-protocols/sync";
import { type WebSocket, WebSocketServer } from "ws";
import { decodeJwt } from "jose";
import type { Actor } from "../../access/actor.ts";
import { createActorLookup } from "../../access/resolve-actor.ts";
import type { Deps } from "../../deps.ts";
import { createChartAudit } from "../chart/audit.ts";
import { grantFor, type NoteGrant } from "./access.ts";
import { type CollabOptions, createNoteDocuments, type NoteDocument } from "./documents.ts";
import { createLocalCollabRelay, createPgAwarenessRelay, createPgCollabRelay, localAwarenessRelay } from "./relay.ts";
import { createCollabRepo } from "./repo.ts";
import { createConnectionWatch, type Watched } from "./watch.ts";

export const COLLAB_PATH = "/api/v1/collab/";
export const CLOSE = { unauthorized: 4401, notFound: 4404, badMessage: 4400, serverError: 4500 } as const;
const MESSAGE = { sync: 0, awareness: 1, auth: 2, queryAwareness: 3 } as const;
const EDIT_AUDIT_INTERVAL_MS = 60_000;
const PING_INTERVAL_MS = 30_000;
/** A whole note's state fits easily; anything larger is refused by ws. */
const MAX_MESSAGE_BYTES = 16 * 1024 * 1024;
/** Every open connection re-checks its token, session and access at least this often. */
const RECHECK_MS = 60_000;

type CollabDeps = Pick<Deps, "sql" | "tokens" | "clock" | "log" | "audit" | "events" | "changes"> & {
  databaseKind: "pglite" | "postgres";
};

/** What a connection was allowed with; a renewal or a re-check replaces them. */
type Entitlement = { token: string; actor: Actor; grant: NoteGrant };
/** A watched connection that can also take a renewed token. */
type Guarded = Watched & { renew(token: string): Promise<void> };

export async function createCollabServer(opts: {
  server: HttpServer;
  deps: CollabDeps;
  options?: Partial<CollabOptions> & { recheckMs?: number };
}) {
  const { deps } = opts;
  const lookup = createActorLookup(deps);
  const audit = createChartAudit(deps.audit);
  const isPg = deps.databaseKind === "postgres";
  const repo = createCollabRepo(deps.sql, { notify: isPg });
  const relay = isPg ? createPgCollabRelay(deps.sql, deps.log) : createLocalCollabRelay();
  const presence = isPg ? createPgAwarenessRelay(deps.sql, deps.log) : localAwarenessRelay;
  const documents = createNoteDocuments({ repo, relay, presence, clock: deps.clock, log: deps.log }, { compactAfter: 100, ...opts.options });
  await documents.start();
  const watch = createConnectionWatch(deps);
  await watch.start();
  const recheckMs = opts.options?.recheckMs ?? RECHECK_MS;
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES });
  const open = new Set<WebSocket>();
  const errorText = (e: unknown) => e instanceof Error ? e.message.slice(0, 200) : String(e);

  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(req.url ?? "/", "http://edge.invalid");
    if (!url.pathname.startsWith(COLLAB_PATH)) return; // socket.io's, or nobody's
    const noteId = decodeURIComponent(url.pathname.slice(COLLAB_PATH.length));
    wss.handleUpgrade(req, socket, head, (ws) => void serve(ws, noteId, url.searchParams.get("token")));
  };
  opts.server.on("upgrade", onUpgrade);

  async function serve(ws: WebSocket, noteId: string, token: string | null) {
    open.add(ws);
    ws.binaryType = "nodebuffer";
    const inbox: Uint8Array[] = [];
    let handle: ((message: Uint8Array) => void) | null = null;
    ws.on("message", (data: Buffer) => {
      const message = new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
      if (handle) handle(message);
      else inbox.push(message);
    });
    let closed = false;
    const closedPromise = new Promise<void>((resolve) => ws.once("close", () => (closed = true, resolve())));
    try {
      const found = token ? await lookup(token) : null;
      if (!found || !("actor" in found)) return ws.close(CLOSE.unauthorized, "unauthorized");
      const grant = await grantFor(deps.sql, found.actor, noteId);
      if (!grant) return ws.close(CLOSE.notFound, "not found");
      await audit.read(found.actor, { patientId: grant.patientId, what: "note.collab.open", id: grant.noteId, details: { canWrite: grant.canWrite } });
      if (closed) return;
      const document = await documents.acquire(grant);
      const entitled: Entitlement = { token: token!, actor: found.actor, grant };
      const watched = guard(ws, entitled);
      try {
        handle = connect(ws, entitled, document, watched);
        for (const message of inbox.splice(0)) handle(message);
        await closedPromise;
      } finally {
        watch.remove(watched);
        await documents.release(grant.noteId);
      }
    } catch (e) {
      deps.log.error("collab connection failed", { error: errorText(e) });
      if (!closed) ws.close(CLOSE.serverError, "server error");
    } finally {
      open.delete(ws);
    }
  }

  /**
   * Re-checks an open connection as on connect (watch.ts says when): its token and session, then its
   * grant, which may also have changed (a note shared: the VMA now reads only). Closes it on a failure.
   */
  function guard(ws: WebSocket, entitled: Entitlement): Guarded {
    const close = (code: number, reason: string) => {
      if (ws.readyState === ws.OPEN || ws.readyState === ws.CONNECTING) ws.close(code, reason);
    };
    let running: Promise<void> | null = null;
    let again = false;
    const check = async () => {
      const found = await lookup(entitled.token);
      if (!("actor" in found)) return close(CLOSE.unauthorized, found.problem === "expired" ? "token expired" : "session ended");
      const grant = await grantFor(deps.sql, found.actor, entitled.grant.noteId);
      if (!grant) return close(CLOSE.notFound, "not found");
      entitled.actor = found.actor;
      entitled.grant.canWrite = grant.canWrite;
    };
    const recheck = () => {
      if (running) return void (again = true);
      running = check()
        .catch((e) => deps.log.error("collab recheck failed", { noteId: entitled.grant.noteId, error: errorText(e) }))
        .finally(() => {
          running = null;
          if (again && ws.readyState === ws.OPEN) (again = false, recheck());
        });
    };
    let expiry: ReturnType<typeof setTimeout> | undefined;
    const armExpiry = () => {
      clearTimeout(expiry);
      const exp = decodeJwt(entitled.token).exp;
      if (exp === undefined) return;
      // Just past the expiry by the server's clock (the lookup then answers "expired").
      const timer = setTimeout(recheck, Math.max(0, exp * 1000 - deps.clock.now().getTime()) + 1000);
      Deno.unrefTimer(timer);
      expiry = timer;
    };
    armExpiry();
    const interval = setInterval(recheck, recheckMs);
    Deno.unrefTimer(interval);
    const watched: Guarded = {
      noteId: entitled.grant.noteId,
      actor: () => entitled.actor,
      recheck,
      endSession: () => close(CLOSE.unauthorized, "session ended"),
      // A renewal replaces the token (same user and session) and re-arms the expiry.
      async renew(token) {
        const found = await lookup(token);
        const same = "actor" in found && found.actor.userId === entitled.actor.userId && found.actor.sessionId === entitled.actor.sessionId;
        if (!same) return close(CLOSE.unauthorized, "renewal refused");
        entitled.token = token;
        entitled.actor = found.actor;
        armExpiry();
      },
    };
    ws.once("close", () => {
      clearTimeout(expiry);
      clearInterval(interval);
    });
    watch.add(watched);
    return watched;
  }

  /** Wires one accepted connection to its document; answers its message handler. */
  function connect(ws: WebSocket, entitled: Entitlement, document: NoteDocument, guarded: Guarded) {
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
          guarded.renew(token).catch((e) => {
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

  return {
    /** Closes every collab connection, stops listening and compacts the open documents. */
    async close() {
      opts.server.off("upgrade", onUpgrade);
      await watch.stop();
      for (const ws of open) ws.close(1001, "server shutting down");
      await documents.close();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
export type CollabServer = Awaited<ReturnType<typeof createCollabServer>>;
