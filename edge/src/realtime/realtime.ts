/**
 * socket.io on the API's node:http server, at SOCKET_PATH. The handshake
 * carries `auth: {token}` (an access token), checked like an HTTP request: a
 * valid signature, a live session, a user not blocked. Each socket joins the
 * room `user:<id>` (for the events later issues add) and is told `sync:resync`
 * on every (re)connection. Committed sync changes, from this process or any
 * other, are fanned out as `sync:<collection>` to the readers connected here.
 */
import type { Server as HttpServer } from "node:http";
import { Server, type Socket } from "socket.io";
import type { Actor } from "../access/actor.ts";
import { TOKEN_MESSAGES } from "../access/policy.ts";
import { createActorLookup } from "../access/resolve-actor.ts";
import type { Deps } from "../deps.ts";
import { createSessionsRepo } from "../domains/auth/sessions-repo.ts";
import { createSyncFanout } from "../domains/sync/live.ts";
import { changeEvent, RESYNC_EVENT, SOCKET_PATH } from "../../../sync/protocol.ts";
import type { Change } from "./change-feed.ts";

type RealtimeDeps = Pick<Deps, "sql" | "tokens" | "clock" | "log" | "changes">;

const refusal = (message: string, reason: string) => Object.assign(new Error(message), { data: { reason } });

export async function createRealtime(opts: { server: HttpServer; deps: RealtimeDeps }) {
  const { deps } = opts;
  const lookup = createActorLookup(deps);
  const sessions = createSessionsRepo(deps.sql);
  const fanOut = createSyncFanout(deps);
  const io = new Server(opts.server, { path: SOCKET_PATH, serveClient: false });
  const socketsByUser = new Map<string, Set<Socket>>();
  const actorOf = (socket: Socket) => socket.data.actor as Actor;

  io.use(async (socket, next) => {
    const token: unknown = socket.handshake.auth?.token;
    if (typeof token !== "string" || token === "") return next(refusal(TOKEN_MESSAGES.missing, "TOKEN_MISSING"));
    try {
      const found = await lookup(token);
      if ("problem" in found) return next(refusal(TOKEN_MESSAGES[found.problem], `TOKEN_${found.problem.toUpperCase()}`));
      socket.data.actor = found.actor;
      next();
    } catch (e) {
      deps.log.error("socket handshake failed", { error: e instanceof Error ? e.message.slice(0, 200) : String(e) });
      next(refusal("Unexpected error. Please try again later.", "UNEXPECTED"));
    }
  });

  io.on("connection", (socket) => {
    const { userId } = actorOf(socket);
    socket.join(`user:${userId}`);
    const own = socketsByUser.get(userId) ?? new Set();
    own.add(socket);
    socketsByUser.set(userId, own);
    socket.on("disconnect", () => {
      own.delete(socket);
      if (own.size === 0 && socketsByUser.get(userId) === own) socketsByUser.delete(userId);
    });
    // Whatever happened while this device was away, it pulls from its checkpoint now.
    socket.emit(RESYNC_EVENT);
  });

  async function deliver(change: Change) {
    if (socketsByUser.size === 0) return;
    const perUser = await fanOut(change, new Set(socketsByUser.keys()));
    if (perUser.size === 0) return;
    const targets = [...perUser.keys()].flatMap((userId) => [...(socketsByUser.get(userId) ?? [])]);
    // A session revoked or a user blocked since the handshake receives nothing.
    const live = await sessions.liveAmong([...new Set(targets.map((s) => actorOf(s).sessionId))], deps.clock.now());
    for (const socket of targets) {
      const actor = actorOf(socket);
      if (live.has(actor.sessionId)) socket.emit(changeEvent(change.collection), perUser.get(actor.userId));
    }
  }

  // One change at a time, in commit order: each user's events for a collection arrive in seq order.
  let queue = Promise.resolve();
  const unsubscribe = await deps.changes.subscribe(
    (change) => {
      queue = queue.then(() => deliver(change)).catch((e) => {
        deps.log.error("sync fan-out failed; asking clients to resync", { error: e instanceof Error ? e.message.slice(0, 200) : String(e) });
        io.emit(RESYNC_EVENT);
      });
    },
    () => io.emit(RESYNC_EVENT),
  );

  return {
    io,
    /** Stops listening and closes every socket (and the HTTP server socket.io is attached to). */
    async close() {
      await unsubscribe();
      await queue;
      await new Promise<void>((resolve) => io.close(() => resolve()));
    },
  };
}
export type Realtime = Awaited<ReturnType<typeof createRealtime>>;
