import type { AuthUser } from "../../../../sync/schemas/user.ts";
import type { AccessGrant } from "./auth-user.ts";
import { createTokenStorage, type KeyValueStorage, type TokenStorage } from "./token-storage.ts";

/**
 * - checking: a stored sign-in is being verified (the full-screen loader shows);
 * - offline: a stored sign-in could not be verified because the server was unreachable;
 * - guest / authorized: settled.
 */
export type SessionStatus = "checking" | "guest" | "authorized" | "offline";
export type LogoutCause = "user" | "server";

export type SessionState = {
  status: SessionStatus;
  user: AuthUser | null;
  logoutCause: LogoutCause | null;
  /** Where a server-caused logout left the user; they return there after the next sign-in. */
  rememberedPath: string | null;
  /** Why the server ended the session (shown on / until the next sign-in). */
  logoutReason: string | null;
  /** Set when a request got no answer at all; cleared by the next answer. */
  internetFailure: boolean;
  /** Set once the stored token was checked with `loginByToken` (01 §4). */
  accessTokenChecked: boolean;
};

export type SessionStore = {
  getState(): SessionState;
  subscribe(listener: () => void): () => void;
  tokens: TokenStorage;
  /** Keeps the new access token (memory) and the user: the session is authorized. */
  signIn(grant: AccessGrant, user: AuthUser): void;
  /** Replaces the access token (refresh, password change) keeping the authorized flag. */
  replaceTokens(grant: AccessGrant): void;
  setUser(user: AuthUser): void;
  setStatus(status: SessionStatus): void;
  setInternetFailure(failed: boolean): void;
  markTokenChecked(): void;
  setRememberedPath(path: string | null): void;
  /** Forgets tokens and user. `rememberedPath` and `reason` are kept only for a server-caused logout. */
  signOut(cause: LogoutCause, rememberedPath?: string | null, reason?: string | null): void;
  /** The signed-out notice was read: it is not shown again (the remembered path stays). */
  dismissLogoutReason(): void;
  /** Returns the remembered path once and forgets it. */
  takeRememberedPath(): string | null;
};

export const INITIAL_SESSION: SessionState = {
  status: "checking",
  user: null,
  logoutCause: null,
  rememberedPath: null,
  logoutReason: null,
  internetFailure: false,
  accessTokenChecked: false,
};

/** The tab's key (sessionStorage) of a server sign-out's path and reason: a reload of / keeps both. */
export const SIGNED_OUT_KEY = "dpc.signedOut";

/**
 * `tabFlags` (the tab's sessionStorage) keeps what a server sign-out remembered across a reload of the
 * page it sent the user to; without it they live in memory.
 */
export function createSessionStore(
  storage: KeyValueStorage,
  initial: Partial<SessionState> = {},
  tabFlags?: KeyValueStorage,
): SessionStore {
  const tokens = createTokenStorage(storage);
  const listeners = new Set<() => void>();
  let state: SessionState = { ...INITIAL_SESSION, ...readSignedOut(tabFlags), ...initial };

  const persist = () => {
    try {
      if (!state.rememberedPath && !state.logoutReason) tabFlags?.removeItem(SIGNED_OUT_KEY);
      else tabFlags?.setItem(SIGNED_OUT_KEY, JSON.stringify({ rememberedPath: state.rememberedPath, logoutReason: state.logoutReason }));
    } catch {
      // Storage refused (private mode): memory only.
    }
  };

  const update = (patch: Partial<SessionState>) => {
    const changed = (Object.keys(patch) as (keyof SessionState)[]).some((key) => state[key] !== patch[key]);
    if (!changed) return;
    state = { ...state, ...patch };
    if ("rememberedPath" in patch || "logoutReason" in patch) persist();
    for (const listener of [...listeners]) listener();
  };

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    tokens,
    signIn(grant, user) {
      tokens.write({ accessToken: grant.accessToken, authorized: true });
      update({ status: "authorized", user, logoutCause: null, logoutReason: null, internetFailure: false });
    },
    replaceTokens(grant) {
      const authorized = tokens.read()?.authorized ?? true;
      tokens.write({ accessToken: grant.accessToken, authorized });
    },
    setUser: (user) => update({ user }),
    setStatus: (status) => update({ status }),
    setInternetFailure: (internetFailure) => update({ internetFailure }),
    markTokenChecked: () => update({ accessTokenChecked: true }),
    setRememberedPath: (rememberedPath) => update({ rememberedPath }),
    signOut(cause, rememberedPath = null, reason = null) {
      tokens.clear();
      update({
        status: "guest",
        user: null,
        logoutCause: cause,
        rememberedPath: cause === "server" ? rememberedPath : null,
        logoutReason: cause === "server" ? reason : null,
      });
    },
    dismissLogoutReason: () => update({ logoutReason: null }),
    takeRememberedPath() {
      const path = state.rememberedPath;
      if (path) update({ rememberedPath: null });
      return path;
    },
  };
}

function readSignedOut(tabFlags: KeyValueStorage | undefined): Partial<SessionState> {
  try {
    const raw = tabFlags?.getItem(SIGNED_OUT_KEY);
    if (!raw) return {};
    const value = JSON.parse(raw) as Record<string, unknown>;
    const text = (v: unknown) => (typeof v === "string" && v ? v : null);
    const rememberedPath = text(value.rememberedPath);
    const logoutReason = text(value.logoutReason);
    // Both came from a server sign-out: the guard remembers paths only when a logout cause exists.
    return rememberedPath || logoutReason ? { rememberedPath, logoutReason, logoutCause: "server" } : {};
  } catch {
    return {};
  }
}
