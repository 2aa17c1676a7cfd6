/**
 * One note's live connection: y-websocket's `WebsocketProvider` on
 * `/api/v1/collab/<noteId>?token=<access token>` (same origin, ws or wss).
 *
 * - It connects only while allowed (`setEnabled`: the note is on the server)
 *   and the browser is online; going offline disconnects, coming back online
 *   connects at once. A dropped connection retries by itself (back-off up to
 *   `maxBackoffMs`), quietly.
 * - Every (re)connection sends the current access token. The server closes
 *   an editor whose token expires, so shortly before that the connection
 *   renews it in place (message 2, auth, holding the new token): with the
 *   token the app already refreshed, or after refreshing it through the API
 *   client. When the server closes with 4401 anyway (expired, revoked) the
 *   token is refreshed and the provider connects again with the new one; a
 *   second 4401 right after a refresh, or 4404 (no such note, or not yours), stops.
 */
import * as encoding from "lib0/encoding";
import { WebsocketProvider } from "y-websocket";
import type { Awareness } from "y-protocols/awareness";
import type * as Y from "yjs";
import { CLOSE_NOT_FOUND, CLOSE_UNAUTHORIZED, type NoteConnectionState } from "./note-status.ts";

export const COLLAB_PATH = "/api/v1/collab";
const MESSAGE_AUTH = 2;

/** When a JWT expires (ms since the epoch), or null when it does not say. Its signature is the server's to check. */
export function tokenExpiry(token: string): number | null {
  try {
    const part = token.split(".")[1] ?? "";
    const base64 = part.replace(/-/g, "+").replace(/_/g, "/").padEnd(Math.ceil(part.length / 4) * 4, "=");
    const exp = (JSON.parse(atob(base64)) as { exp?: unknown }).exp;
    return typeof exp === "number" ? exp * 1000 : null;
  } catch {
    return null;
  }
}

export type NoteConnectionDeps = {
  noteId: string;
  doc: Y.Doc;
  awareness: Awareness;
  getToken(): string | null;
  /** Refreshes the access token (the API client's: a refused refresh ends the session). */
  refreshToken(): Promise<void>;
  isOnline(): boolean;
  /** `location.origin` in the app. */
  origin: string;
  /** Where `online`/`offline` are announced (window). */
  network?: Pick<EventTarget, "addEventListener" | "removeEventListener">;
  WebSocketImpl?: typeof WebSocket;
  maxBackoffMs?: number;
  /** How long before the token's expiry it is renewed (default a minute). */
  renewBeforeMs?: number;
};

export type NoteConnectionSnapshot = { connection: NoteConnectionState; synced: boolean; closedCode: number | null };

export type NoteConnection = {
  snapshot(): NoteConnectionSnapshot;
  subscribe(listener: () => void): () => void;
  /** Connect when true (and online); disconnect when false. */
  setEnabled(enabled: boolean): void;
  /** Whether a document update came from the server (the provider applied it), not from an edit on this device. */
  isRemote(origin: unknown): boolean;
  destroy(): void;
};

/** `http://host` → `ws://host/api/v1/collab`, `https` → `wss`. */
export const collabUrl = (origin: string) => origin.replace(/^http/, "ws") + COLLAB_PATH;

export function connectNote(deps: NoteConnectionDeps): NoteConnection {
  const provider = new WebsocketProvider(collabUrl(deps.origin), deps.noteId, deps.doc, {
    connect: false,
    awareness: deps.awareness,
    params: {},
    WebSocketPolyfill: deps.WebSocketImpl,
    maxBackoffTime: deps.maxBackoffMs ?? 5_000,
  });
  const listeners = new Set<() => void>();
  let state: NoteConnectionSnapshot = { connection: "idle", synced: false, closedCode: null };
  let enabled = false;
  let destroyed = false;
  /** True from a refresh after a 4401 until a connection syncs: a second 4401 then stops for good. */
  let refreshed = false;
  let retry: ReturnType<typeof setTimeout> | undefined;
  /** The token the open connection holds (its URL's, or the last renewal's). */
  let heldToken: string | null = null;
  let renewal: ReturnType<typeof setTimeout> | undefined;

  const set = (patch: Partial<NoteConnectionSnapshot>) => {
    const next = { ...state, ...patch };
    if (next.connection === state.connection && next.synced === state.synced && next.closedCode === state.closedCode) return;
    state = next;
    for (const listener of [...listeners]) listener();
  };
  /** The token of the next connection attempt: y-websocket builds the URL from `params` each time. */
  const useCurrentToken = () => {
    heldToken = deps.getToken();
    provider.params = { token: heldToken ?? "" };
  };

  /** Hands the open connection the app's current token, when it differs from the one it holds. */
  function renew() {
    const token = deps.getToken();
    const ws = provider.ws;
    if (!token || token === heldToken || !provider.wsconnected || !ws || ws.readyState !== ws.OPEN) return;
    const encoder = encoding.createEncoder();
    encoding.writeVarUint(encoder, MESSAGE_AUTH);
    encoding.writeVarString(encoder, token);
    ws.send(encoding.toUint8Array(encoder));
    heldToken = token;
    scheduleRenewal();
  }

  /** Shortly before the held token expires: renew with the app's token, refreshing it first if nobody has. */
  function scheduleRenewal() {
    clearTimeout(renewal);
    const expiry = heldToken ? tokenExpiry(heldToken) : null;
    if (expiry === null || destroyed) return;
    const delay = Math.max(1_000, expiry - Date.now() - (deps.renewBeforeMs ?? 60_000));
    renewal = setTimeout(() => {
      if (!provider.wsconnected) return;
      if (deps.getToken() !== heldToken) return renew();
      // No answer: the server closes at expiry with 4401, and the refresh is tried again then.
      deps.refreshToken().then(renew, () => {});
    }, delay);
  }
  const shouldRun = () => enabled && !destroyed && state.closedCode === null && deps.isOnline();

  function update() {
    if (shouldRun()) {
      if (!provider.shouldConnect) {
        useCurrentToken();
        provider.connect();
      }
    } else {
      if (provider.shouldConnect || provider.ws) provider.disconnect();
      if (state.connection !== "closed") set({ connection: "idle", synced: false });
    }
  }

  provider.on("status", ({ status }) => {
    if (destroyed) return;
    if (status === "connected") scheduleRenewal();
    else clearTimeout(renewal);
    if (status === "disconnected" && !provider.shouldConnect) set({ connection: "idle", synced: false });
    else set({ connection: status, synced: status === "connected" ? provider.synced : false });
  });
  provider.on("sync", (synced: boolean) => {
    if (synced) refreshed = false;
    set({ synced });
  });
  // Before each automatic retry: take the token as it is now (another part of the app may have refreshed it).
  provider.on("connection-close", () => useCurrentToken());
  provider.on("closed", ({ code }) => {
    if (destroyed) return;
    if (code === CLOSE_UNAUTHORIZED && !refreshed) {
      refreshed = true;
      set({ connection: "connecting", synced: false });
      deps.refreshToken().then(
        () => update(),
        // No answer (a refusal ends the session, and this page with it): try again a little later.
        () => {
          refreshed = false;
          set({ connection: "disconnected", synced: false });
          retry = setTimeout(update, deps.maxBackoffMs ?? 5_000);
        },
      );
      return;
    }
    set({ connection: "closed", synced: false, closedCode: code === CLOSE_NOT_FOUND ? CLOSE_NOT_FOUND : code });
  });

  const onNetwork = () => update();
  deps.network?.addEventListener("online", onNetwork);
  deps.network?.addEventListener("offline", onNetwork);

  return {
    snapshot: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    setEnabled(next) {
      enabled = next;
      update();
    },
    isRemote: (origin) => origin === provider,
    destroy() {
      if (destroyed) return;
      destroyed = true;
      clearTimeout(retry);
      clearTimeout(renewal);
      deps.network?.removeEventListener("online", onNetwork);
      deps.network?.removeEventListener("offline", onNetwork);
      provider.destroy();
      listeners.clear();
    },
  };
}
