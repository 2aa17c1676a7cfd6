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
  /** Forgets tokens and user. `rememberedPath` is kept only for a server-caused logout. */
  signOut(cause: LogoutCause, rememberedPath?: string | null): void;
  /** Returns the remembered path once and forgets it. */
  takeRememberedPath(): string | null;
};

export const INITIAL_SESSION: SessionState = {
  status: "checking",
  user: null,
  logoutCause: null,
  rememberedPath: null,
  internetFailure: false,
  accessTokenChecked: false,
};

export function createSessionStore(storage: KeyValueStorage, initial: Partial<SessionState> = {}): SessionStore {
  const tokens = createTokenStorage(storage);
  const listeners = new Set<() => void>();
  let state: SessionState = { ...INITIAL_SESSION, ...initial };

  const update = (patch: Partial<SessionState>) => {
    const changed = (Object.keys(patch) as (keyof SessionState)[]).some((key) => state[key] !== patch[key]);
    if (!changed) return;
    state = { ...state, ...patch };
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
      update({ status: "authorized", user, logoutCause: null, internetFailure: false });
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
    signOut(cause, rememberedPath = null) {
      tokens.clear();
      update({
        status: "guest",
        user: null,
        logoutCause: cause,
        rememberedPath: cause === "server" ? rememberedPath : null,
      });
    },
    takeRememberedPath() {
      const path = state.rememberedPath;
      if (path) update({ rememberedPath: null });
      return path;
    },
  };
}
