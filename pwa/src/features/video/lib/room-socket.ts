/**
 * The room's own socket.io connection (the sync engine's socket lives in the
 * leader tab only; a room can be open in any tab). It sends `consultation:join`,
 * `consultation:leave`, `consultation:finish` with the access token (01 §7) and
 * reports `consultation:finished`, `user:forceLogout`, `streaming:*`.
 */
import { io, type Socket } from "socket.io-client";
import { SOCKET_PATH } from "../../../../../sync/protocol.ts";
import { type JoinPass, VIDEO_EVENTS } from "../../../../../sync/schemas/video.ts";
import { ApiError } from "../../../lib/api/index.ts";

export type RoomSocketEvents = {
  onFinished(by: string): void;
  onForceLogout(reason: string): void;
  /** Another tab of this session took the room over. */
  onReplaced(): void;
  onOtherPresence(inRoom: boolean): void;
};

export type RoomSocket = {
  join(): Promise<JoinPass>;
  leave(): Promise<void>;
  finish(): Promise<void>;
  close(): void;
};

type Envelope<T> = { status: "success"; result: T } | { status: "error"; message: string; code: number; details?: Record<string, unknown> };

export function openRoomSocket(o: { consultationId: string; getToken(): string | null; events: RoomSocketEvents; origin?: string }): RoomSocket {
  const socket: Socket = io(o.origin ?? globalThis.location.origin, {
    path: SOCKET_PATH,
    auth: (cb) => cb({ token: o.getToken() ?? "" }),
    transports: ["websocket", "polling"],
  });
  const mine = (p: unknown) => (p as { consultationId?: string } | null)?.consultationId === o.consultationId;
  socket.on(VIDEO_EVENTS.finished, (p: { by: string }) => mine(p) && o.events.onFinished(p.by));
  socket.on("user:forceLogout", (p: { reason?: string }) => o.events.onForceLogout(p?.reason ?? "server"));
  socket.on(VIDEO_EVENTS.streamingReplaced, (p: { socketId?: string }) => mine(p) && p.socketId !== socket.id && o.events.onReplaced());
  socket.on(VIDEO_EVENTS.streamingJoined, (p: unknown) => mine(p) && o.events.onOtherPresence(true));
  socket.on(VIDEO_EVENTS.streamingLeft, (p: unknown) => mine(p) && o.events.onOtherPresence(false));

  async function send<T>(event: string): Promise<T> {
    if (!socket.connected) {
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new ApiError({ message: "The connection to the server was lost", code: 0 })), 10_000);
        socket.once("connect", () => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    const answer = await socket.timeout(15_000).emitWithAck(event, { consultationId: o.consultationId, token: o.getToken() ?? undefined }) as Envelope<T>;
    if (answer.status === "success") return answer.result;
    throw new ApiError({ message: answer.message, code: answer.code, details: answer.details ?? {} });
  }

  return {
    join: () => send<JoinPass>(VIDEO_EVENTS.join),
    leave: () => send<unknown>(VIDEO_EVENTS.leave).then(() => {}),
    finish: () => send<unknown>(VIDEO_EVENTS.finish).then(() => {}),
    close() {
      socket.removeAllListeners();
      socket.disconnect();
    },
  };
}
