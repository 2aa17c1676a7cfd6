/**
 * socket.io on the API's node:http server, at SOCKET_PATH. The handshake
 * carries `auth: {token}` (an access token), checked like an HTTP request: a
 * valid signature, a live session, a user not blocked. Each socket joins the
 * rooms `user:<id>` and `session:<id>`, is told `sync:resync` on every
 * (re)connection, and `online:init` (its chat partners online now; also the
 * answer to the client's `online:init`). Committed sync changes, from this
 * process or any other, are fanned out as `sync:<collection>` to the readers
 * connected here; events of the events bus (message:received, chat:*,
 * user:forceLogout…) go to their rooms, and `user:forceLogout` then closes
 * those sockets. Presence is counted in PostgreSQL (presence.ts); chat files
 * may be uploaded over the socket (chat-uploads.ts).
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
import { CHAT_EVENTS } from "../../../sync/schemas/chat.ts";
import type { ChatFiles } from "../domains/messages/files.ts";
import type { Change } from "./change-feed.ts";
import { handleChatUploads } from "./chat-uploads.ts";
import { createPresenceTracker, type PresenceOptions } from "./presence.ts";
import { handleConsultationRoom } from "./consultation-room.ts";
import type { VideoService } from "../domains/video/service.ts";

type RealtimeDeps = Pick<Deps, "sql" | "tokens" | "clock" | "log" | "changes" | "events" | "config">;

/** Room names: every socket of a user, of a session. */
export const userRoom = (userId: string) => `user:${userId}`;
export const sessionRoom = (sessionId: string) => `session:${sessionId}`;
/** A force-logged-out socket is closed this long after the event, so the event is read first. */
const FORCE_LOGOUT_CLOSE_MS = 100;

const refusal = (message: string, reason: string) => Object.assign(new Error(message), { data: { reason } });

export async function createRealtime(opts: {
  server: HttpServer;
  deps: RealtimeDeps;
  /** Chat attachments over the socket (`upload:attachment`); without it those events answer 503. */
  uploads?: ChatFiles;
  presence?: PresenceOptions;
  /** The live room's `consultation:*` events (consultation-room.ts); without it they are not answered. */
  video?: VideoService;
}) {
  const { deps } = opts;
  const lookup = createActorLookup(deps);
  const sessions = createSessionsRepo(deps.sql);
  const fanOut = createSyncFanout(deps);
  const presence = createPresenceTracker(deps, opts.presence ?? { ttlMs: deps.config.PRESENCE_TTL_SECONDS * 1000 });
  await presence.start();
  let closing = false;
  // Upload chunks are at most 512 KB; leave room for the envelope.
  const io = new Server(opts.server, { path: SOCKET_PATH, serveClient: false, maxHttpBufferSize: 1024 * 1024 });
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

  const sendOnline = async (socket: Socket) => {
    try {
      socket.emit(CHAT_EVENTS.onlineInit, { userIds: await presence.onlinePartnersOf(actorOf(socket).userId) });
    } catch (e) {
      deps.log.error("online:init failed", { error: e instanceof Error ? e.message.slice(0, 200) : String(e) });
    }
  };

  io.on("connection", (socket) => {
    const actor = actorOf(socket);
    const { userId } = actor;
    socket.join([userRoom(userId), sessionRoom(actor.sessionId)]);
    const own = socketsByUser.get(userId) ?? new Set();
    own.add(socket);
    socketsByUser.set(userId, own);
    socket.on("disconnect", () => {
      own.delete(socket);
      if (own.size === 0 && socketsByUser.get(userId) === own) socketsByUser.delete(userId);
      if (!closing) void presence.disconnected(userId);
    });
    // Whatever happened while this device was away, it pulls from its checkpoint now.
    socket.emit(RESYNC_EVENT);
    socket.on(CHAT_EVENTS.onlineInit, () => void sendOnline(socket));
    if (opts.uploads) handleChatUploads(socket, actor, opts.uploads, deps.log);
    else {
      const unavailable = (_: unknown, ack?: unknown) =>
        typeof ack === "function" && ack({ status: "error", code: 503, message: "Uploads are not available here", details: {} });
      socket.on(CHAT_EVENTS.uploadAttachment, unavailable);
      socket.on(CHAT_EVENTS.uploadCancel, unavailable);
    }
    if (opts.video) handleConsultationRoom(socket, actor, { video: opts.video, lookup, events: deps.events, log: deps.log });
    // Counted before online:init is answered, so partners and this socket agree.
    void presence.connected(userId).then(() => sendOnline(socket));
  });

  const unsubscribeEvents = await deps.events.subscribe((delivery) => {
    const rooms = [...delivery.users.map(userRoom), ...delivery.sessions.map(sessionRoom)];
    if (rooms.length === 0) return;
    io.to(rooms).emit(delivery.event, delivery.payload);
    if (delivery.event === CHAT_EVENTS.forceLogout) {
      void io.in(rooms).fetchSockets().then((sockets) => {
        const t = setTimeout(() => sockets.forEach((s) => s.disconnect(true)), FORCE_LOGOUT_CLOSE_MS);
        Deno.unrefTimer(t);
      });
    }
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
      closing = true;
      await presence.stop();
      await unsubscribe();
      await unsubscribeEvents();
      await queue;
      await new Promise<void>((resolve) => io.close(() => resolve()));
    },
    presence,
  };
}
export type Realtime = Awaited<ReturnType<typeof createRealtime>>;
