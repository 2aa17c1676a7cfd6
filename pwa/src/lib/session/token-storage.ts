/**
 * Where the session's secrets are (edge/docs/auth.md):
 * - the access token in this tab's memory only;
 * - the refresh token nowhere a script can read: the server keeps it in an
 *   HttpOnly cookie sent only to `POST /users/refreshToken`;
 * - localStorage `dpc.auth` keeps only the flag that a sign-in completed here
 *   (`{"authorized":true}`), so a new tab or an offline launch knows there is a
 *   session to resume (with the cookie) or local data to unlock (with the password).
 */

/** The single localStorage key of the session flag. */
export const AUTH_STORAGE_KEY = "dpc.auth";

/**
 * `authorized` is set once a sign-in completed; start-up signs in by token
 * only when it is set, and logs out a session left without it (01 §4).
 * `accessToken` is "" until this tab has one (a reload refreshes first).
 */
export type StoredAuth = { accessToken: string; authorized: boolean };

export type KeyValueStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">;

export type TokenStorage = {
  /** Null when there is no session here at all. */
  read(): StoredAuth | null;
  write(auth: StoredAuth): void;
  clear(): void;
  /**
   * A refresh token a previous release left in localStorage: returned once
   * (to move it into the cookie through the body form) and deleted at once.
   */
  takeLegacyRefreshToken(): string | null;
};

export function createTokenStorage(storage: KeyValueStorage): TokenStorage {
  let accessToken = "";
  let legacy: string | null = null;

  function readFlag(): { authorized: boolean } | null {
    try {
      const raw = storage.getItem(AUTH_STORAGE_KEY);
      if (!raw) return null;
      const value: unknown = JSON.parse(raw);
      if (!value || typeof value !== "object") return null;
      const record = value as Record<string, unknown>;
      if ("refreshToken" in record || "accessToken" in record) {
        // A previous release's stored tokens: the refresh token is kept in memory for the first call's
        // refresh (which moves it into the cookie), the old access token dropped, the flag stored alone.
        if (typeof record.refreshToken === "string" && record.refreshToken) legacy = record.refreshToken;
        writeFlag(record.authorized === true);
      }
      return { authorized: record.authorized === true };
    } catch {
      return null;
    }
  }

  function writeFlag(authorized: boolean) {
    try {
      storage.setItem(AUTH_STORAGE_KEY, JSON.stringify({ authorized }));
    } catch {
      // Private mode or a full quota: the session still works until reload.
    }
  }

  return {
    read() {
      const flag = readFlag();
      if (!flag) return accessToken ? { accessToken, authorized: false } : null;
      return { accessToken, authorized: flag.authorized };
    },
    write(auth) {
      accessToken = auth.accessToken;
      writeFlag(auth.authorized);
    },
    clear() {
      accessToken = "";
      legacy = null;
      try {
        storage.removeItem(AUTH_STORAGE_KEY);
      } catch {
        // Nothing to clear when storage is unavailable.
      }
    },
    takeLegacyRefreshToken() {
      readFlag();
      const token = legacy;
      legacy = null;
      return token;
    },
  };
}
