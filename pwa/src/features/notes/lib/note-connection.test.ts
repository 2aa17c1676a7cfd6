import * as decoding from "lib0/decoding";
import * as encoding from "lib0/encoding";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Awareness } from "y-protocols/awareness";
import * as syncProtocol from "y-protocols/sync";
import * as Y from "yjs";
import { collabUrl, connectNote, type NoteConnection, tokenExpiry } from "./note-connection.ts";

/** A browser WebSocket as far as y-websocket uses it; the test plays the server. */
class FakeSocket {
  static all: FakeSocket[] = [];
  static readonly OPEN = 1;
  readonly OPEN = 1;
  readyState = 0;
  binaryType = "blob";
  sent: Uint8Array[] = [];
  onopen: ((event: unknown) => void) | null = null;
  onclose: ((event: { code: number; reason: string }) => void) | null = null;
  onmessage: ((event: { data: ArrayBuffer }) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(data: Uint8Array) {
    this.sent.push(data);
  }
  close() {
    this.readyState = 3;
  }
  accept() {
    this.readyState = 1;
    this.onopen?.({});
  }
  /** The server's step 2 (its whole state): the client is synced. */
  sendServerState(doc: Y.Doc) {
    const encoder = encoding.createEncoder();
    encoding.writeVarUint(encoder, 0);
    syncProtocol.writeSyncStep2(encoder, doc);
    const bytes = encoding.toUint8Array(encoder);
    this.onmessage?.({ data: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer });
  }
  serverClose(code: number) {
    this.readyState = 3;
    this.onclose?.({ code, reason: "" });
  }
}
const last = () => FakeSocket.all[FakeSocket.all.length - 1];
const tokenOf = (socket: FakeSocket) => new URL(socket.url).searchParams.get("token");

const open: NoteConnection[] = [];
afterEach(() => {
  for (const connection of open.splice(0)) connection.destroy();
  FakeSocket.all = [];
});

function setUp(options: { online?: boolean; refresh?: () => Promise<void>; renewBeforeMs?: number } = {}) {
  const doc = new Y.Doc();
  const network = new EventTarget();
  let online = options.online ?? true;
  let token = "token-1";
  const refreshToken = vi.fn(options.refresh ?? (() => {
    token = `token-${Number(token.slice(6)) + 1}`;
    return Promise.resolve();
  }));
  const connection = connectNote({
    noteId: "note-1",
    doc,
    awareness: new Awareness(doc),
    getToken: () => token,
    refreshToken,
    isOnline: () => online,
    origin: "https://care.example",
    network,
    WebSocketImpl: FakeSocket as unknown as typeof WebSocket,
    renewBeforeMs: options.renewBeforeMs,
  });
  open.push(connection);
  const goOnline = (value: boolean) => {
    online = value;
    network.dispatchEvent(new Event(value ? "online" : "offline"));
  };
  return { connection, refreshToken, goOnline, setToken: (t: string) => (token = t), token: () => token };
}

describe("a note's live connection", () => {
  it("opens wss on the same origin with the current token, only once enabled, and is synced after the server's state", () => {
    expect(collabUrl("http://localhost:8610")).toBe("ws://localhost:8610/api/v1/collab");
    const { connection } = setUp();
    expect(FakeSocket.all).toHaveLength(0);
    expect(connection.snapshot().connection).toBe("idle");

    connection.setEnabled(true);
    expect(FakeSocket.all).toHaveLength(1);
    expect(last().url).toBe("wss://care.example/api/v1/collab/note-1?token=token-1");
    last().accept();
    expect(connection.snapshot()).toEqual({ connection: "connected", synced: false, closedCode: null });
    last().sendServerState(new Y.Doc());
    expect(connection.snapshot()).toEqual({ connection: "connected", synced: true, closedCode: null });
  });

  it("does not connect offline; going offline disconnects, coming back online connects again", () => {
    const { connection, goOnline } = setUp({ online: false });
    connection.setEnabled(true);
    expect(FakeSocket.all).toHaveLength(0);
    goOnline(true);
    expect(FakeSocket.all).toHaveLength(1);
    last().accept();
    goOnline(false);
    expect(last().readyState).toBe(3);
    expect(connection.snapshot().connection).toBe("idle");
    goOnline(true);
    expect(FakeSocket.all).toHaveLength(2);
  });

  it("refreshes the token when the server closes with 4401 and reconnects with the new one; a second 4401 stops", async () => {
    const { connection, refreshToken } = setUp();
    connection.setEnabled(true);
    last().accept();
    last().serverClose(4401);
    await vi.waitFor(() => expect(FakeSocket.all).toHaveLength(2));
    expect(refreshToken).toHaveBeenCalledTimes(1);
    expect(tokenOf(last())).toBe("token-2");

    last().accept();
    last().serverClose(4401);
    await Promise.resolve();
    expect(refreshToken).toHaveBeenCalledTimes(1);
    expect(connection.snapshot()).toMatchObject({ connection: "closed", closedCode: 4401 });
    expect(FakeSocket.all).toHaveLength(2);
  });

  it("takes the token as it is at each automatic retry", async () => {
    const { connection, setToken } = setUp();
    connection.setEnabled(true);
    last().accept();
    setToken("refreshed-elsewhere");
    last().serverClose(1006);
    await vi.waitFor(() => expect(FakeSocket.all).toHaveLength(2), { timeout: 2_000 });
    expect(tokenOf(last())).toBe("refreshed-elsewhere");
  });

  it("stops for good on 4404 (no such note, or not yours)", async () => {
    const { connection, refreshToken } = setUp();
    connection.setEnabled(true);
    last().accept();
    last().serverClose(4404);
    expect(connection.snapshot()).toMatchObject({ connection: "closed", closedCode: 4404 });
    connection.setEnabled(true);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(FakeSocket.all).toHaveLength(1);
    expect(refreshToken).not.toHaveBeenCalled();
  });

  it("disconnects when disabled (the note is gone from the device)", () => {
    const { connection } = setUp();
    connection.setEnabled(true);
    last().accept();
    connection.setEnabled(false);
    expect(last().readyState).toBe(3);
    expect(connection.snapshot().connection).toBe("idle");
  });

  it("renews its token in place shortly before it expires (message 2, auth), refreshing it when nobody has; no reconnection", async () => {
    const inSeconds = (s: number, n: number) => jwt({ exp: Math.floor(Date.now() / 1000) + s, n });
    let refreshes = 0;
    const setup = setUp({
      renewBeforeMs: 59_000,
      refresh: () => {
        refreshes += 1;
        setup.setToken(inSeconds(900, refreshes + 1));
        return Promise.resolve();
      },
    });
    setup.setToken(inSeconds(60, 1));
    setup.connection.setEnabled(true);
    last().accept();
    await vi.waitFor(() => expect(authMessages(last())).toHaveLength(1), { timeout: 4_000 });
    expect(refreshes).toBe(1);
    expect(authMessages(last())).toEqual([setup.token()]);
    expect(FakeSocket.all).toHaveLength(1);
    expect(setup.connection.snapshot().connection).toBe("connected");
  });

  it("renews with the token the app refreshed meanwhile, without refreshing again", async () => {
    const setup = setUp({ renewBeforeMs: 59_000 });
    setup.setToken(jwt({ exp: Math.floor(Date.now() / 1000) + 60, n: 1 }));
    setup.connection.setEnabled(true);
    last().accept();
    const fresh = jwt({ exp: Math.floor(Date.now() / 1000) + 900, n: 2 });
    setup.setToken(fresh);
    await vi.waitFor(() => expect(authMessages(last())).toEqual([fresh]), { timeout: 4_000 });
    expect(setup.refreshToken).not.toHaveBeenCalled();
  });

  it("reads a token's expiry, and none from what is not a JWT", () => {
    expect(tokenExpiry(jwt({ exp: 1_900_000_000 }))).toBe(1_900_000_000_000);
    expect(tokenExpiry("token-1")).toBeNull();
    expect(tokenExpiry(jwt({ sub: "x" }))).toBeNull();
  });
});

/** A token shaped like the server's (header.payload.signature, base64url); only `exp` is read here. */
function jwt(payload: Record<string, unknown>) {
  const part = (value: unknown) => btoa(JSON.stringify(value)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  return `${part({ alg: "HS256" })}.${part(payload)}.signature`;
}

/** The tokens a socket was handed by renewals (message 2, a lib0 var string). */
function authMessages(socket: FakeSocket): string[] {
  return socket.sent.flatMap((message) => {
    const decoder = decoding.createDecoder(message);
    return decoding.readVarUint(decoder) === 2 ? [decoding.readVarString(decoder)] : [];
  });
}
