/** SQL for sessions and their refresh-token families. */
import type { Sql } from "../../db/connect.ts";

export type SessionRow = {
  id: string;
  user_id: string;
  device: string;
  address: string | null;
  impersonator_session_id: string | null;
  created_at: Date;
  last_used_at: Date;
  expires_at: Date;
  revoked_at: Date | null;
  revoke_reason: string | null;
};

export function createSessionsRepo(sql: Sql) {
  return {
    async create(s: { userId: string; device: string; address: string | null; expiresAt: Date; impersonatorSessionId?: string | null }) {
      const [row] = await sql<{ id: string }[]>`
        insert into sessions (user_id, device, address, expires_at, impersonator_session_id)
        values (${s.userId}, ${s.device}, ${s.address}, ${s.expiresAt}, ${s.impersonatorSessionId ?? null})
        returning id`;
      return row.id;
    },
    async byId(id: string): Promise<SessionRow | null> {
      const [row] = await sql<SessionRow[]>`select * from sessions where id = ${id}`;
      return row ?? null;
    },
    async addRefreshToken(sessionId: string, tokenHash: string) {
      await sql`insert into refresh_tokens (token_hash, session_id) values (${tokenHash}, ${sessionId})`;
    },
    /**
     * Marks a refresh token used, atomically. Returns its session and whether
     * it had already been used (reuse) — or null when it is unknown.
     */
    async consumeRefreshToken(tokenHash: string, now: Date) {
      const [fresh] = await sql<{ session_id: string }[]>`
        update refresh_tokens set used_at = ${now}
        where token_hash = ${tokenHash} and used_at is null
        returning session_id`;
      if (fresh) return { sessionId: fresh.session_id, reused: false };
      const [old] = await sql<{ session_id: string }[]>`select session_id from refresh_tokens where token_hash = ${tokenHash}`;
      return old ? { sessionId: old.session_id, reused: true } : null;
    },
    async revoke(id: string, reason: string, now: Date) {
      await sql`update sessions set revoked_at = ${now}, revoke_reason = ${reason} where id = ${id} and revoked_at is null`;
    },
    /** Revokes every live session of a user except `keep`; returns the ids of those that ended. */
    async revokeAllForUser(userId: string, reason: string, now: Date, keep: string | null = null): Promise<string[]> {
      const rows = await sql<{ id: string }[]>`update sessions set revoked_at = ${now}, revoke_reason = ${reason}
        where user_id = ${userId} and revoked_at is null and id is distinct from ${keep} returning id`;
      return rows.map((r) => r.id);
    },
    async touch(id: string, now: Date) {
      await sql`update sessions set last_used_at = ${now} where id = ${id}`;
    },
    /** Which of these sessions are live: not revoked, not expired, their user not blocked. */
    async liveAmong(ids: string[], now: Date): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const rows = await sql<{ id: string }[]>`select s.id from sessions s join users u on u.id = s.user_id
        where s.id = any(${ids}::uuid[]) and s.revoked_at is null and s.expires_at > ${now}
          and not u.is_blocked and not u.is_banned`;
      return new Set(rows.map((r) => r.id));
    },
    async liveForUser(userId: string, now: Date): Promise<SessionRow[]> {
      return await sql<SessionRow[]>`select * from sessions
        where user_id = ${userId} and revoked_at is null and expires_at > ${now}
        order by last_used_at desc`;
    },
  };
}
export type SessionsRepo = ReturnType<typeof createSessionsRepo>;
