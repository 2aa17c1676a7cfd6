/**
 * Sign-in, token refresh with rotation and reuse detection, sign-out,
 * the sessions list, impersonation and password change.
 */
import type { Actor } from "../../access/actor.ts";
import { randomSecret, sha256 } from "../../access/tokens.ts";
import type { Deps, RequestMeta } from "../../deps.ts";
import { AppError, badRequest, forbidden, notFound, unauthorized } from "../../http/errors.ts";
import type { LoginInput } from "../../../../sync/schemas/auth.ts";
import type { AuthUser, LoggedOutAll, LoginResult, PasswordChanged, SessionInfo, TokenPair } from "../../../../sync/schemas/user.ts";
import { CHAT_EVENTS, type ForceLogoutReason } from "../../../../sync/schemas/chat.ts";
import { type Account, createAccounts } from "../users/accounts.ts";
import { createSessionsRepo } from "./sessions-repo.ts";

export const LOGIN_MESSAGES = {
  mismatch: "Email or password mismatch",
  notActivated: "Your account is not activated. Check your email for the activation link.",
  banned: "Your account is banned: it was disabled by support",
  blocked: "Account blocked by admin",
} as const;

const DAY_MS = 86_400_000;

export function createAuthService(deps: Deps) {
  const { sql, clock, tokens, passwords, audit, rateLimiter, limits, config, events } = deps;
  const accounts = createAccounts(sql);
  const sessions = createSessionsRepo(sql);
  // Verifying against a real hash when the email is unknown keeps timing uniform.
  const dummyHash = passwords.hash(randomSecret());

  /** Refuses accounts that may not hold a session, in the catalogue's words. */
  function assertMaySignIn(account: Account) {
    if (account.isBanned) throw forbidden(LOGIN_MESSAGES.banned, "BANNED");
    if (account.user.isBlocked) throw forbidden(LOGIN_MESSAGES.blocked, "BLOCKED");
    if (!account.user.isActivated) throw forbidden(LOGIN_MESSAGES.notActivated, "NOT_ACTIVATED");
  }

  async function newRefreshToken(sessionId: string): Promise<string> {
    const refreshToken = randomSecret();
    await sessions.addRefreshToken(sessionId, await sha256(refreshToken));
    return refreshToken;
  }

  async function tokenPair(user: { id: string; role: AuthUser["role"] }, sessionId: string): Promise<TokenPair> {
    return {
      accessToken: await tokens.sign({ sub: user.id, role: user.role, sid: sessionId }),
      refreshToken: await newRefreshToken(sessionId),
    };
  }

  async function openSession(user: AuthUser, meta: RequestMeta, impersonatorSessionId: string | null = null) {
    const sessionId = await sessions.create({
      userId: user.id,
      device: meta.device.slice(0, 300),
      address: meta.address,
      expiresAt: new Date(clock.now().getTime() + config.REFRESH_TOKEN_TTL_DAYS * DAY_MS),
      impersonatorSessionId,
    });
    return { sessionId, ...(await tokenPair(user, sessionId)) };
  }

  async function impersonatorOf(sessionId: string | null): Promise<string | null> {
    if (!sessionId) return null;
    return (await sessions.byId(sessionId))?.user_id ?? null;
  }

  /**
   * Ended sessions are told on their sockets (`user:forceLogout`, then the
   * sockets are closed): every socket of those sessions, on any edge process.
   */
  async function forceLogout(sessionIds: string[], reason: ForceLogoutReason) {
    await events.toSessions(sessionIds, CHAT_EVENTS.forceLogout, { reason });
  }

  /** An impersonation's start or end in the audit log: the admin acts on the user they sign in as. */
  async function auditImpersonation(event: "impersonation.start" | "impersonation.end", at: { adminId: string; userId: string; meta: RequestMeta }) {
    const { adminId, userId, meta } = at;
    await audit.record({ event, actorId: adminId, subjectId: userId, address: meta.address, details: { adminId, userId } });
  }

  async function currentUser(actor: Actor): Promise<AuthUser> {
    const user = await accounts.user(actor.userId);
    if (!user) throw unauthorized();
    return { ...user, impersonatedBy: await impersonatorOf(actor.impersonatorSessionId) };
  }

  return {
    currentUser,

    async login(input: LoginInput, meta: RequestMeta): Promise<LoginResult> {
      const accountKey = `login:account:${input.email}`;
      const addressKey = `login:address:${meta.address ?? "unknown"}`;
      await rateLimiter.check(accountKey, limits.loginFailuresPerAccount);
      await rateLimiter.check(addressKey, limits.loginFailuresPerAddress);
      const account = await accounts.byEmail(input.email);
      const valid = account?.passwordHash
        ? await passwords.verify(account.passwordHash, input.password)
        : (await passwords.verify(await dummyHash, input.password), false);
      if (!account || !valid) {
        await rateLimiter.hit(accountKey, limits.loginFailuresPerAccount).catch(() => {});
        await rateLimiter.hit(addressKey, limits.loginFailuresPerAddress).catch(() => {});
        await audit.record({ event: "login.failure", subjectId: account?.user.id, address: meta.address, details: { reason: "mismatch" } });
        throw unauthorized(LOGIN_MESSAGES.mismatch, "CREDENTIALS_MISMATCH");
      }
      const user = account.user;
      try {
        assertMaySignIn(account);
      } catch (e) {
        await audit.record({ event: "login.failure", subjectId: user.id, address: meta.address, details: { reason: (e as AppError).details.reason } });
        throw e;
      }
      await rateLimiter.clear(accountKey);
      const { accessToken, refreshToken } = await openSession(user, meta);
      await audit.record({ event: "login.success", actorId: user.id, subjectId: user.id, address: meta.address });
      // The account's devices already signed in hear of the new sign-in.
      await events.toUsers([user.id], CHAT_EVENTS.appLogin, { device: meta.device.slice(0, 300), at: clock.now().toISOString() });
      return { accessToken, refreshToken, user };
    },

    async refresh(refreshToken: string, meta: RequestMeta): Promise<TokenPair> {
      const now = clock.now();
      const consumed = await sessions.consumeRefreshToken(await sha256(refreshToken), now);
      if (!consumed) throw unauthorized("Your session is not valid. Please sign in again.", "REFRESH_INVALID");
      const session = await sessions.byId(consumed.sessionId);
      if (consumed.reused) {
        // A used token came back: someone holds a copy. End the whole family.
        await sessions.revoke(consumed.sessionId, "refresh_reuse", now);
        await forceLogout([consumed.sessionId], "refresh_reuse");
        await audit.record({ event: "refresh.reuse", subjectId: session?.user_id, address: meta.address, details: { sessionId: consumed.sessionId } });
        throw unauthorized("Your session was ended for safety. Please sign in again.", "REFRESH_REUSED");
      }
      if (!session || session.revoked_at || session.expires_at <= now) {
        // A blocked account's device says why it was signed out, not just that it was.
        if (session?.revoke_reason === "blocked") throw unauthorized(LOGIN_MESSAGES.blocked, "BLOCKED");
        throw unauthorized("Your session has ended. Please sign in again.", "SESSION_ENDED");
      }
      const account = await accounts.byId(session.user_id);
      if (!account) throw unauthorized();
      assertMaySignIn(account);
      await sql`update sessions set last_used_at = ${now},
        expires_at = ${new Date(now.getTime() + config.REFRESH_TOKEN_TTL_DAYS * DAY_MS)} where id = ${session.id}`;
      return await tokenPair(account.user, session.id);
    },

    async logout(actor: Actor, meta: RequestMeta) {
      await sessions.revoke(actor.sessionId, "logout", clock.now());
      // The session's other tabs sign out too.
      await forceLogout([actor.sessionId], "logout");
      await audit.record({ event: "logout", actorId: actor.userId, subjectId: actor.userId, address: meta.address });
    },

    async logoutAll(actor: Actor, meta: RequestMeta): Promise<LoggedOutAll> {
      const ended = await sessions.revokeAllForUser(actor.userId, "logout_all", clock.now());
      await forceLogout(ended, "logout_all");
      await audit.record({ event: "logout.all", actorId: actor.userId, subjectId: actor.userId, address: meta.address, details: { count: ended.length } });
      return { endedSessions: ended.length };
    },

    async listSessions(actor: Actor): Promise<SessionInfo[]> {
      const rows = await sessions.liveForUser(actor.userId, clock.now());
      return await Promise.all(rows.map(async (s) => ({
        id: s.id,
        device: s.device,
        address: s.address,
        createdAt: s.created_at.toISOString(),
        lastUsedAt: s.last_used_at.toISOString(),
        current: s.id === actor.sessionId,
        impersonatedBy: await impersonatorOf(s.impersonator_session_id),
      })));
    },

    async revokeSession(actor: Actor, sessionId: string, meta: RequestMeta) {
      const session = await sessions.byId(sessionId);
      if (!session || session.user_id !== actor.userId || session.revoked_at) throw notFound("Session not found");
      await sessions.revoke(sessionId, "revoked_by_user", clock.now());
      await forceLogout([sessionId], "session_revoked");
      await audit.record({ event: "session.revoked", actorId: actor.userId, subjectId: actor.userId, address: meta.address, details: { sessionId } });
    },

    async loginAs(actor: Actor, targetId: string, meta: RequestMeta): Promise<LoginResult> {
      if (actor.impersonatorSessionId) throw badRequest("Return to your admin account first");
      const account = await accounts.byId(targetId);
      if (!account) throw notFound("User not found");
      const target = account.user;
      if (target.role === "admin") throw forbidden("Admins cannot sign in as other admins");
      if (target.isBlocked || account.isBanned) throw forbidden(LOGIN_MESSAGES.blocked, "BLOCKED");
      const { accessToken, refreshToken } = await openSession(target, meta, actor.sessionId);
      await auditImpersonation("impersonation.start", { adminId: actor.userId, userId: target.id, meta });
      return { accessToken, refreshToken, user: { ...target, impersonatedBy: actor.userId } };
    },

    async logoutToAdmin(actor: Actor, meta: RequestMeta): Promise<LoginResult> {
      if (!actor.impersonatorSessionId) throw badRequest("You are not signed in as another user", { reason: "NOT_IMPERSONATING" });
      const now = clock.now();
      await sessions.revoke(actor.sessionId, "impersonation_end", now);
      const adminSession = await sessions.byId(actor.impersonatorSessionId);
      const admin = adminSession ? await accounts.user(adminSession.user_id) : null;
      if (!adminSession || adminSession.revoked_at || adminSession.expires_at <= now || !admin || admin.isBlocked) {
        throw unauthorized("Your admin session has ended. Please sign in again.", "SESSION_ENDED");
      }
      await auditImpersonation("impersonation.end", { adminId: admin.id, userId: actor.userId, meta });
      return { ...(await tokenPair(admin, adminSession.id)), user: admin };
    },

    async changePassword(actor: Actor, input: { currentPassword: string; password: string }, meta: RequestMeta): Promise<PasswordChanged> {
      const account = await accounts.byId(actor.userId);
      if (!account?.passwordHash || !(await passwords.verify(account.passwordHash, input.currentPassword))) {
        throw badRequest("Current password is incorrect", { reason: "CURRENT_PASSWORD_INCORRECT", fields: { currentPassword: "Current password is incorrect" } });
      }
      const now = clock.now();
      const user = account.user;
      await accounts.setPassword(user.id, { hash: await passwords.hash(input.password), at: now });
      // The other sessions end; this one continues with new tokens.
      await forceLogout(await sessions.revokeAllForUser(user.id, "password_changed", now, actor.sessionId), "password_changed");
      await sql`delete from refresh_tokens where session_id = ${actor.sessionId}`;
      await audit.record({ event: "password.changed", actorId: actor.userId, subjectId: user.id, address: meta.address });
      return { ...(await tokenPair(user, actor.sessionId)), lastPasswordChangedAt: now.toISOString() };
    },

    /** Ends every session of a user (block, password reset) and tells their sockets. */
    async endAllSessions(userId: string, reason: "blocked" | "password_reset" | "vma_detached" | "acting_changed", keep: string | null = null) {
      const ended = await sessions.revokeAllForUser(userId, reason, clock.now(), keep);
      await forceLogout(ended, reason);
      return ended.length;
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
