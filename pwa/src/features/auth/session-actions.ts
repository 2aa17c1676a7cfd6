import type { LoginInput } from "../../../../sync/schemas/auth.ts";
import type { AuthUser } from "../../../../sync/schemas/user.ts";
import { ApiError } from "../../lib/api/api-error.ts";
import type { ApiClient } from "../../lib/api/client.ts";
import { type AccessGrant, parseAuthUser, parseLoginResult, parseTokenPair } from "../../lib/session/auth-user.ts";
import type { PasswordHandoff } from "../../lib/session/password-handoff.ts";
import type { SessionStore } from "../../lib/session/session-store.ts";
import { signedOutReason } from "../../lib/session/signed-out.ts";

export type SessionActions = ReturnType<typeof createSessionActions>;

/** The session's life cycle (01 §4) on top of the API client and the session store. */
export function createSessionActions(
  { api, session, passwords }: { api: ApiClient; session: SessionStore; passwords?: PasswordHandoff },
) {
  const signInWith = (value: unknown): AuthUser => {
    const result = parseLoginResult(value);
    session.signIn(result, result.user);
    return result.user;
  };

  return {
    /**
     * Start-up: a stored sign-in flag → `POST /users/loginByToken`; a token
     * without the flag → log out. No answer keeps the tokens and reports `offline`.
     */
    async start(): Promise<void> {
      const stored = session.tokens.read();
      if (!stored) {
        session.setStatus("guest");
        return;
      }
      if (!stored.authorized) {
        session.signOut("user");
        return;
      }
      session.setStatus("checking");
      try {
        // The answer is `{ user }` only (userResultSchema): the access token stays the one just used.
        const result = await api.POST("/users/loginByToken");
        const user = parseAuthUser(result.user);
        const tokens = session.tokens.read();
        if (!tokens) throw new ApiError({ message: "Session expired", code: 401 });
        session.signIn(tokens, user);
        session.markTokenChecked();
      } catch (error) {
        if (error instanceof ApiError && (error.isNetworkError || error.code >= 500)) {
          session.setStatus("offline");
          return;
        }
        // A refused token: the client may already have logged out (failed refresh).
        if (session.getState().status !== "guest") {
          const where = globalThis.location ? globalThis.location.pathname + globalThis.location.search : null;
          session.signOut("server", where, error instanceof ApiError ? signedOutReason(error.details.reason, error.message) : null);
        }
      }
    },

    /** Signs in; the password also goes to the on-device data layer, which derives its local key from it. */
    async login(input: LoginInput): Promise<AuthUser> {
      const result = parseLoginResult(await api.POST("/users/login", { body: input, auth: false }));
      // Offered before the session changes, so the data layer finds it when it sees the new user.
      passwords?.offer(result.user.id, input.password);
      session.signIn(result, result.user);
      return result.user;
    },

    /** An admin signs in as another user (01 §6). */
    async loginAs(userId: string): Promise<AuthUser> {
      return signInWith(await api.POST("/users/login/as/{id}", { path: { id: userId } }));
    },

    /** Ends an impersonation and restores the admin's own session. */
    async backToAdmin(): Promise<AuthUser> {
      return signInWith(await api.DELETE("/users/logout/to/admin"));
    },

    /** `POST /users/logout` then forget everything locally, whatever the answer. */
    async logout(): Promise<void> {
      try {
        if (session.tokens.read()) await api.POST("/users/logout");
      } catch {
        // The local session ends anyway; the server's expires on its own.
      } finally {
        session.signOut("user");
      }
    },

    async logoutEverywhere(): Promise<void> {
      await api.POST("/users/logout/all");
      session.signOut("user");
    },

    setUser(value: unknown): AuthUser {
      const user = parseAuthUser(value);
      session.setUser(user);
      return user;
    },

    replaceTokens(pair: AccessGrant): void {
      session.replaceTokens(parseTokenPair(pair));
    },
  };
}
