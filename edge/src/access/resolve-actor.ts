/** Middleware: turns the presented access token into an Actor, checking the live session and user. */
import type { Context, MiddlewareHandler } from "hono";
import { matchedRoutes } from "hono/route";
import type { Sql } from "../db/connect.ts";
import type { Clock } from "../platform/clock.ts";
import type { AppEnv } from "../http/context.ts";
import type { Actor, TokenProblem } from "./actor.ts";
import type { TokenService } from "./tokens.ts";
import { TOKEN_MESSAGES } from "./policy.ts";
import { unauthorized } from "../http/errors.ts";

/** Sessions' last-used time is written at most this often. */
const TOUCH_INTERVAL_MS = 60_000;

export function presentedToken(authorization: string | undefined, queryToken: string | undefined): string | null {
  if (authorization) {
    const match = /^Bearer\s+(\S+)$/i.exec(authorization);
    return match ? match[1] : null;
  }
  return queryToken || null;
}

type Row = {
  user_id: string;
  role: Actor["role"];
  is_super_admin: boolean;
  is_blocked: boolean;
  is_banned: boolean;
  full_access: boolean;
  doctor_id: string | null;
  impersonator_session_id: string | null;
  last_used_at: Date;
  revoked_at: Date | null;
  expires_at: Date;
};

export type ActorLookup = (token: string) => Promise<{ actor: Actor } | { problem: TokenProblem }>;

/**
 * Token → Actor, checking the signature, the live session and the user (not
 * blocked). Used by the HTTP middleware and by the socket handshake.
 */
export function createActorLookup(deps: { sql: Sql; tokens: TokenService; clock: Clock }): ActorLookup {
  const { sql, tokens, clock } = deps;
  return async (token) => {
    const claims = await tokens.verify(token);
    if (claims === "invalid" || claims === "expired") return { problem: claims };
    const [row] = await sql<Row[]>`
      select u.id as user_id, u.role, u.is_super_admin, u.is_blocked, u.is_banned,
             s.impersonator_session_id, s.last_used_at, s.revoked_at, s.expires_at,
             case u.role
               when 'admin' then true
               when 'doctor' then u.application_status = 'approved'
               when 'patient' then u.doctor_id is not null
               when 'vma' then coalesce(d.application_status = 'approved', false)
             end as full_access,
             u.doctor_id
      from sessions s
      join users u on u.id = s.user_id
      left join users d on d.id = u.doctor_id
      where s.id = ${claims.sid} and s.user_id = ${claims.sub}`;
    // Blocking also ends the sessions: check the block first so the caller learns why.
    if (!row) return { problem: "revoked" };
    if (row.is_blocked || row.is_banned) return { problem: "blocked" };
    if (row.revoked_at || row.expires_at <= clock.now()) return { problem: "revoked" };
    if (clock.now().getTime() - row.last_used_at.getTime() > TOUCH_INTERVAL_MS) {
      await sql`update sessions set last_used_at = ${clock.now()} where id = ${claims.sid}`;
    }
    return {
      actor: {
        userId: row.user_id,
        role: row.role,
        sessionId: claims.sid,
        isSuperAdmin: row.is_super_admin,
        fullAccess: row.full_access,
        doctorId: row.doctor_id,
        impersonatorSessionId: row.impersonator_session_id,
      },
    };
  };
}

const FOREIGN_QUERY_TOKEN = Symbol("foreignQueryToken");

/**
 * A route's declaration that its `?token=` query parameter is someone else's
 * (the video proxy forwards Janus's own token_auth token), so the resolver
 * does not take it for an access token. A header token is still ours.
 */
export const foreignQueryToken: MiddlewareHandler<AppEnv> = Object.assign(
  async (_c: Context<AppEnv>, next: () => Promise<void>) => await next(),
  { [FOREIGN_QUERY_TOKEN]: true },
);

/** A mounted sub-app's handler may be wrapped (Hono keeps the original under `__COMPOSED_HANDLER`). */
function originalHandler(handler: unknown): unknown {
  const inner = (handler as { __COMPOSED_HANDLER?: unknown } | null)?.__COMPOSED_HANDLER;
  return inner ? originalHandler(inner) : handler;
}

/** The resolver runs before the routes, but Hono has matched them already: it reads their declarations. */
const routeDeclaresForeignQueryToken = (c: Context<AppEnv>) =>
  matchedRoutes(c).some((route) => {
    const handler = originalHandler(route.handler);
    return typeof handler === "function" && FOREIGN_QUERY_TOKEN in handler;
  });

/**
 * "401 means 401" (RFC 6750 §3.1): a request that presents a token (header or
 * `?token=`) which is malformed, invalid, expired, revoked or a blocked user's
 * is answered 401 on every route, public ones included, so the client refreshes
 * instead of being served as a guest. Only a request with no token is a guest.
 */
export function createActorResolver(deps: { sql: Sql; tokens: TokenService; clock: Clock }): MiddlewareHandler<AppEnv> {
  const lookup = createActorLookup(deps);
  return async (c, next) => {
    c.set("actor", null);
    c.set("tokenProblem", null);
    const authorization = c.req.header("authorization");
    const queryToken = routeDeclaresForeignQueryToken(c) ? undefined : c.req.query("token");
    const token = presentedToken(authorization, queryToken);
    if (authorization !== undefined && !token) throw unauthorized(TOKEN_MESSAGES.invalid, "TOKEN_INVALID");
    if (token) {
      const found = await lookup(token);
      if ("problem" in found) throw unauthorized(TOKEN_MESSAGES[found.problem], `TOKEN_${found.problem.toUpperCase()}`);
      c.set("actor", found.actor);
    }
    await next();
  };
}
