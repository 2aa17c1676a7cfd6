/**
 * The live channel: socket.io at `/api/v1/socket.io`, authenticated with the
 * current access token at every (re)connection. `sync:{collection}` events
 * feed that collection's pull stream; `sync:resync` (sent on every connection)
 * makes every collection pull from its checkpoint.
 */
import { io, type Socket } from "socket.io-client";
import { type CollectionName, COLLECTION_NAMES, collectionOf } from "../../../../../sync/collections/index.ts";
import { changeEvent, RESYNC_EVENT, SOCKET_PATH } from "../../../../../sync/protocol.ts";
import type { PullStreamItem } from "./replication.ts";
import type { ServerEvents } from "./server-events.ts";
import { liveChangeSchema, validDocuments } from "./validate-docs.ts";

export type LiveSocketDeps = {
  /** The current access token (read at every handshake, so a refreshed one is used). */
  getToken(): string | null;
  /** Refreshes the token (a refusal ends the session, which closes this channel). */
  refresh(): Promise<void>;
  emit(collection: CollectionName, item: PullStreamItem): void;
  onConnected(connected: boolean): void;
  /** Every other server event goes to this bus (`useServerEvent`), which may emit through this socket. */
  events?: ServerEvents;
  url?: string;
  createSocket?: typeof io;
  retryMs?: number;
};

export type LiveSocket = { close(): void };

export function connectLiveSocket(deps: LiveSocketDeps): LiveSocket {
  const create = deps.createSocket ?? io;
  const retryMs = deps.retryMs ?? 5_000;
  let closed = false;
  let retry: ReturnType<typeof setTimeout> | undefined;
  const socket: Socket = create(deps.url ?? globalThis.location.origin, {
    path: SOCKET_PATH,
    // Without a token (a relaunch that started offline, now back online) the token is refreshed before the
    // handshake rather than after a refused one: a round trip less before the live channel is up.
    auth: (cb) => {
      const token = deps.getToken();
      if (token) return cb({ token });
      // Answered only on the connection that asked: if it closed meanwhile, the next one asks again (an answer
      // on a newer connection would open a second session on it).
      const engine = socket.io.engine;
      const send = () => {
        if (closed || socket.connected || socket.io.engine !== engine || engine.readyState !== "open") return;
        cb({ token: deps.getToken() ?? "" });
      };
      deps.refresh().then(send, send);
    },
    transports: ["websocket", "polling"],
  });

  const reconnectLater = () => {
    clearTimeout(retry);
    retry = setTimeout(() => !closed && !socket.connected && socket.connect(), retryMs);
  };

  socket.on("connect", () => deps.onConnected(true));
  socket.on("disconnect", () => deps.onConnected(false));
  socket.on("connect_error", (error: Error & { data?: { reason?: unknown } }) => {
    deps.onConnected(false);
    // Transport failures are retried by socket.io itself; a refused handshake is not.
    if (socket.active || closed) return;
    const reason = typeof error.data?.reason === "string" ? error.data.reason : "";
    if (!reason.startsWith("TOKEN_")) return reconnectLater();
    deps.refresh().then(() => !closed && socket.connect(), reconnectLater);
  });

  // Back online: reconnect now rather than at socket.io's next backoff step (the resync follows the connection).
  const onOnline = () => {
    if (closed || socket.connected) return;
    socket.disconnect();
    socket.connect();
  };
  globalThis.addEventListener?.("online", onOnline);

  deps.events?.attach(socket);
  socket.onAny((name: string, payload: unknown) => {
    if (name !== RESYNC_EVENT && !name.startsWith("sync:")) deps.events?.dispatch(name, payload);
  });

  socket.on(RESYNC_EVENT, () => {
    for (const name of COLLECTION_NAMES) deps.emit(name, "RESYNC");
  });
  for (const name of COLLECTION_NAMES) {
    socket.on(changeEvent(name), (payload: unknown) => {
      const change = liveChangeSchema.safeParse(payload);
      if (!change.success) {
        // A malformed event is not trusted; pulling from the checkpoint gets the truth.
        deps.emit(name, "RESYNC");
        return;
      }
      const documents = validDocuments(collectionOf(name), change.data.documents);
      // Never move the checkpoint past a document that was skipped: pull instead.
      if (documents.length < change.data.documents.length) return deps.emit(name, "RESYNC");
      deps.emit(name, { documents, checkpoint: change.data.checkpoint });
    });
  }

  return {
    close() {
      closed = true;
      clearTimeout(retry);
      globalThis.removeEventListener?.("online", onOnline);
      deps.events?.attach(null);
      socket.offAny();
      socket.removeAllListeners();
      socket.disconnect();
      deps.onConnected(false);
    },
  };
}
