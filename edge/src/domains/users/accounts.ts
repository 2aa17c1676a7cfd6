/**
 * The accounts as the other domains use them: signing in (auth), registering, activating and resetting a
 * password (registration), and the user a request is about (patients, consultations, doctors). They read the user
 * in the API's shape plus the two facts sign-in decides on, and change only what those flows change; the SQL
 * stays in ./repo.ts.
 */
import type { Sql } from "../../db/connect.ts";
import type { AuthUser } from "../../../../sync/schemas/user.ts";
import { createUsersRepo, toAuthUser, type UserRow } from "./repo.ts";

export type Account = {
  user: AuthUser;
  /** Null until a password is set (a VMA before their invitation's link). */
  passwordHash: string | null;
  /** Disabled by support: no sign-in, no reset mail. */
  isBanned: boolean;
};

const accountOf = (row: UserRow | null): Account | null =>
  row && { user: toAuthUser(row), passwordHash: row.password_hash, isBanned: row.is_banned };

export function createAccounts(sql: Sql) {
  const users = createUsersRepo(sql);
  return {
    byId: async (id: string) => accountOf(await users.byId(id)),
    /** Case-insensitive, as accounts are registered. */
    byEmail: async (email: string) => accountOf(await users.byEmail(email)),
    /** The user in the API's shape; null when there is none. */
    async user(id: string): Promise<AuthUser | null> {
      const row = await users.byId(id);
      return row && toAuthUser(row);
    },
    emailTaken: (email: string) => users.emailTaken(email),

    /** A new password (its hash); `activate`: following an emailed link proved the address. */
    async setPassword(id: string, p: { hash: string; at: Date; activate?: boolean }) {
      await users.update(id, { password_hash: p.hash, last_password_changed_at: p.at, ...(p.activate ? { is_activated: true } : {}) });
    },
    async activate(id: string) {
      await users.update(id, { is_activated: true });
    },
    /** The signature image a doctor registered with (a blob). */
    async setSignature(id: string, blobId: string) {
      await users.update(id, { sign_blob_id: blobId });
    },
  };
}
export type Accounts = ReturnType<typeof createAccounts>;
