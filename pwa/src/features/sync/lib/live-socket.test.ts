import type { io } from "socket.io-client";
import { describe, expect, it, vi } from "vitest";
import { connectLiveSocket, type LiveSocketDeps } from "./live-socket.ts";

type Auth = (cb: (data: object) => void) => void;

/** A socket.io client that records its options and does nothing else. */
function fakeSocket() {
  const options: { auth?: Auth } = {};
  const socket = {
    connected: false,
    active: false,
    // The connection socket.io is on; a reconnection is a new one.
    io: { engine: { readyState: "open" } },
    on: vi.fn(),
    onAny: vi.fn(),
    offAny: vi.fn(),
    removeAllListeners: vi.fn(),
    connect: vi.fn(),
    disconnect: vi.fn(),
  };
  const createSocket = ((_url: string, opts: { auth: Auth }) => {
    options.auth = opts.auth;
    return socket;
  }) as unknown as typeof io;
  /** The handshake's auth data, as socket.io asks for it at each (re)connection. */
  const handshake = () => new Promise<object>((resolve) => options.auth!(resolve));
  /** The connection drops and a new one opens. */
  const reconnect = () => (socket.io.engine = { readyState: "open" });
  return { createSocket, handshake, reconnect, socket };
}

function connect(overrides: Partial<LiveSocketDeps>) {
  const fake = fakeSocket();
  const live = connectLiveSocket({
    getToken: () => null,
    refresh: () => Promise.resolve(),
    emit: () => {},
    onConnected: () => {},
    url: "http://127.0.0.1:1",
    createSocket: fake.createSocket,
    ...overrides,
  });
  return { live, ...fake };
}

describe("the live channel's handshake", () => {
  it("sends the current access token, without refreshing it", async () => {
    const refresh = vi.fn(() => Promise.resolve());
    const { live, handshake } = connect({ getToken: () => "token-1", refresh });
    expect(await handshake()).toEqual({ token: "token-1" });
    expect(refresh).not.toHaveBeenCalled();
    live.close();
  });

  it("refreshes first when there is no token, and sends the refreshed one (not an empty one to be refused)", async () => {
    let token: string | null = null;
    const refresh = vi.fn(() => {
      token = "token-2";
      return Promise.resolve();
    });
    const { live, handshake } = connect({ getToken: () => token, refresh });
    expect(await handshake()).toEqual({ token: "token-2" });
    expect(refresh).toHaveBeenCalledTimes(1);
    live.close();
  });

  it("still answers the handshake when the refresh fails (the server's refusal then decides)", async () => {
    const { live, handshake } = connect({ refresh: () => Promise.reject(new Error("offline")) });
    expect(await handshake()).toEqual({ token: "" });
    live.close();
  });

  it("does not answer once the channel is closed", async () => {
    let finishRefresh = () => {};
    const refresh = () => new Promise<void>((resolve) => (finishRefresh = resolve));
    const { live, handshake } = connect({ refresh });
    const answered = vi.fn();
    void handshake().then(answered);
    live.close();
    finishRefresh();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(answered).not.toHaveBeenCalled();
  });

  it("answers only on the connection that asked: a reconnection during the refresh asks again", async () => {
    let token: string | null = null;
    const refreshes: (() => void)[] = [];
    const refresh = () =>
      new Promise<void>((resolve) =>
        refreshes.push(() => {
          token = "token-3";
          resolve();
        })
      );
    const { live, handshake, reconnect } = connect({ getToken: () => token, refresh });
    const first = vi.fn();
    void handshake().then(first);
    reconnect();
    const second = handshake();
    refreshes[0]();
    refreshes[1]();
    expect(await second).toEqual({ token: "token-3" });
    expect(first).not.toHaveBeenCalled();
    live.close();
  });

  it("does not answer a connection that has meanwhile connected or closed", async () => {
    let finish = () => {};
    const { live, handshake, socket } = connect({ refresh: () => new Promise<void>((resolve) => (finish = resolve)) });
    const answered = vi.fn();
    void handshake().then(answered);
    socket.io.engine.readyState = "closed";
    finish();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(answered).not.toHaveBeenCalled();
    live.close();
  });
});
