import type { TokenPair } from "../../../../sync/schemas/user.ts";

/** The single localStorage key holding the session tokens. */
export const AUTH_STORAGE_KEY = "dpc.auth";

/**
 * `authorized` is set once a sign-in completed; start-up signs in by token
 * only when it is set, and logs out a token left without it (01 §4).
 */
export type StoredAuth = TokenPair & { authorized: boolean };

export type KeyValueStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">;

export type TokenStorage = {
  read(): StoredAuth | null;
  write(auth: StoredAuth): void;
  clear(): void;
};

export function createTokenStorage(storage: KeyValueStorage): TokenStorage {
  return {
    read() {
      try {
        const raw = storage.getItem(AUTH_STORAGE_KEY);
        if (!raw) return null;
        const value: unknown = JSON.parse(raw);
        if (!value || typeof value !== "object") return null;
        const { accessToken, refreshToken, authorized } = value as Record<string, unknown>;
        if (typeof accessToken !== "string" || !accessToken) return null;
        return {
          accessToken,
          refreshToken: typeof refreshToken === "string" ? refreshToken : "",
          authorized: authorized === true,
        };
      } catch {
        return null;
      }
    },
    write(auth) {
      try {
        storage.setItem(AUTH_STORAGE_KEY, JSON.stringify(auth));
      } catch {
        // Private mode or a full quota: the session still works until reload.
      }
    },
    clear() {
      try {
        storage.removeItem(AUTH_STORAGE_KEY);
      } catch {
        // Nothing to clear when storage is unavailable.
      }
    },
  };
}
