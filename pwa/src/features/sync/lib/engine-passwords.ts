/**
 * The sync engine's work with the account password (sync-engine.ts): the data key for a password the server has
 * just accepted, re-wrapping the key when the password changes here, and the unlock (offline with a wrapped key,
 * else through the server).
 */
import type { ApiClient } from "../../../lib/api/client.ts";
import { parseLoginResult } from "../../../lib/session/auth-user.ts";
import type { PasswordHandoff } from "../../../lib/session/password-handoff.ts";
import { tokenSession } from "../../../lib/session/refresh-coordinator.ts";
import type { SessionStore } from "../../../lib/session/session-store.ts";
import { createDataKey, type KeyStore, unwrapDataKey, wrapDataKey, WrongPasswordError } from "./key-vault.ts";

export type PasswordActionsDeps = {
  keys: KeyStore;
  session: SessionStore;
  api: ApiClient;
  passwords: PasswordHandoff;
  iterations?: number;
  wipe(userId: string): Promise<void>;
  open(userId: string, key: Uint8Array<ArrayBuffer>): Promise<void>;
  enqueue(step: () => Promise<void>): Promise<void>;
  lockReason(): "password" | "signIn" | null;
  /** The engine's queue of steps as it is now. */
  queue(): Promise<void>;
};

export function createPasswordActions(deps: PasswordActionsDeps) {
  const { keys, session, api, passwords, wipe, open, enqueue } = deps;

  /** The key for a password the server has just accepted (sign-in form). */
  async function keyFromPassword(userId: string, password: string) {
    // Signed out here earlier with changes waiting: their data opens again and the changes go out.
    const record = keys.readRecord()?.userId === userId ? keys.readRecord() : keys.restoreKept(userId) ?? keys.readRecord();
    const iterations = deps.iterations;
    if (record?.userId === userId && record.wrapped) {
      try {
        return await unwrapDataKey({ wrapped: record.wrapped, password, userId });
      } catch (error) {
        if (!(error instanceof WrongPasswordError)) throw error;
        // The password changed. This tab still holds the key: wrap it anew; otherwise the old data is unreadable.
        const tabKey = keys.readTabKey(userId);
        if (tabKey) {
          keys.writeRecord({ ...record, wrapped: await wrapDataKey({ key: tabKey, password, userId, iterations }) });
          return tabKey;
        }
        await wipe(userId);
      }
    } else if (record?.userId === userId) {
      await wipe(userId);
    }
    const key = createDataKey();
    keys.writeRecord({ v: 1, userId, wrapped: await wrapDataKey({ key, password, userId, iterations }) });
    return key;
  }

  return {
    keyFromPassword,
    /**
     * The account password was changed in this tab: wrap the data key with the
     * new one, so the next offline unlock takes the new password.
     */
    passwordChanged(password: string): Promise<void> {
      return enqueue(async () => {
        const record = keys.readRecord();
        const userId = session.getState().user?.id;
        const tabKey = userId ? keys.readTabKey(userId) : null;
        if (!record?.wrapped || !userId || record.userId !== userId || !tabKey) return;
        keys.writeRecord({
          ...record,
          wrapped: await wrapDataKey({ key: tabKey, password, userId, iterations: deps.iterations }),
        });
      });
    },

    /** Opens the local data with the account password; works offline when a wrapped key is stored. */
    unlock(password: string): Promise<void> {
      return enqueue(async () => {
        const record = keys.readRecord();
        const user = session.getState().user;
        if (deps.lockReason() === "password" && record?.wrapped) {
          const key = await unwrapDataKey({ wrapped: record.wrapped, password, userId: record.userId });
          keys.writeTabKey(record.userId, key);
          return open(record.userId, key);
        }
        if (!user) throw new Error("Sign in to open your data on this device.");
        // No key yet for this account here: the server checks the password, then a key is made from it.
        const previous = tokenSession(session.tokens.read()?.accessToken ?? "");
        const result = parseLoginResult(await api.POST("/users/login", { body: { email: user.email, password }, auth: false }));
        // The old session ends by its id with the new token: `POST /users/logout` would clear the new session's cookie.
        if (previous) {
          await api.DELETE("/users/sessions/{id}", {
            path: { id: previous },
            auth: false,
            headers: { Authorization: `Bearer ${result.accessToken}` },
          }).catch(() => {});
        }
        passwords.offer(result.user.id, password);
        session.signIn(result, result.user);
      }).then(() => deps.queue());
    },
  };
}
