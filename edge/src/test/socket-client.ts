/** A socket.io client as the PWA will use it, recording every event it receives. */
import { io, type Socket } from "socket.io-client";
import { SOCKET_PATH } from "../../../sync/protocol.ts";

export type RecordingSocket = {
  socket: Socket;
  events: { name: string; payload: any }[];
  /** Resolves with the first event of this name (already received or coming) for which `match` holds. */
  next(name: string, match?: (payload: any) => boolean, timeoutMs?: number): Promise<any>;
  close(): void;
};

/** Connects with an access token; resolves once connected, rejects with the refusal's reason. */
export function connectSocket(baseUrl: string, token: string | undefined): Promise<RecordingSocket> {
  const socket = io(baseUrl, { path: SOCKET_PATH, auth: token === undefined ? {} : { token }, transports: ["websocket"], reconnection: false });
  const events: { name: string; payload: any }[] = [];
  const waiters = new Set<() => void>();
  socket.onAny((name: string, payload: unknown) => {
    events.push({ name, payload });
    for (const w of [...waiters]) w();
  });
  const recording: RecordingSocket = {
    socket,
    events,
    next(name, match = () => true, timeoutMs = 3000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = events.find((e) => e.name === name && match(e.payload));
          if (!found) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found.payload);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no ${name} event within ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close: () => socket.close(),
  };
  return new Promise((resolve, reject) => {
    socket.once("connect", () => resolve(recording));
    socket.once("connect_error", (err: Error & { data?: { reason?: string } }) => {
      socket.close();
      reject(Object.assign(new Error(err.message), { reason: err.data?.reason }));
    });
  });
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
