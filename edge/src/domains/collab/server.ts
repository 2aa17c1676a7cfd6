/**
 * The y-websocket endpoint `/api/v1/collab/<noteId>?token=<access token>`
 * on the API's node:http server, speaking y-websocket's messages
 * (./connection.ts). The PWA's `WebsocketProvider(origin + "/api/v1/collab",
 * noteId, doc, { params: { token } })` speaks it.
 *
 * The upgrade is accepted at once (so socket.io's engine.io, attached to the
 * same server, sees an answered socket and leaves it alone; it handles only
 * its own path), then the token (a live session) and the note's access are
 * checked; messages received meanwhile wait. Refusals close the socket:
 * 4401 no valid token or session, 4404 no such note *or* not allowed (the
 * same answer), 4400 a malformed message, 4500 a server error.
 * The same checks run again while the connection is open (./guard.ts, told
 * when by ./watch.ts): an access token expired without renewal or a session
 * ended closes it with 4401, access lost with 4404. A client renews its token
 * with message 2 (auth) carrying the new access token of the same session.
 * Opening audits a `chart.read`; edits a `chart.write` (./connection.ts).
 */
import type { IncomingMessage, Server as HttpServer } from "node:http";
import type { Duplex } from "node:stream";
import { type WebSocket, WebSocketServer } from "ws";
import { createActorLookup } from "../../access/resolve-actor.ts";
import type { Deps } from "../../deps.ts";
import { createChartAudit } from "../chart/audit.ts";
import { grantFor } from "./access.ts";
import { type CollabOptions, createNoteDocuments } from "./documents.ts";
import { createLocalCollabRelay, createPgAwarenessRelay, createPgCollabRelay, localAwarenessRelay } from "./relay.ts";
import { createCollabRepo } from "./repo.ts";
import { createConnectionWatch } from "./watch.ts";
import { CLOSE, connectDocument, type Entitlement, errorText } from "./connection.ts";
import { guardConnection } from "./guard.ts";

export { CLOSE } from "./connection.ts";
export const COLLAB_PATH = "/api/v1/collab/";
/** A whole note's state fits easily; anything larger is refused by ws. */
const MAX_MESSAGE_BYTES = 16 * 1024 * 1024;
/** Every open connection re-checks its token, session and access at least this often. */
const RECHECK_MS = 60_000;

type CollabDeps = Pick<Deps, "sql" | "tokens" | "clock" | "log" | "audit" | "events" | "changes"> & {
  databaseKind: "pglite" | "postgres";
};

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
      const watched = guardConnection({ ws, entitled, lookup, watch, recheckMs, deps });
      try {
        handle = connectDocument({ ws, entitled, document, renew: watched.renew, audit, deps });
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
