/**
 * Presence in PostgreSQL (edge/migrations/0004_chat.sql): per user and edge
 * process, how many sockets are open; a process renews its `expires_at`, and
 * rows of expired processes do not count. Every change of one user runs under
 * pg_advisory_xact_lock(PRESENCE_LOCK, hashtext(user_id)) and reports whether
 * the user's total crossed zero, so across all processes exactly one change
 * announces each "went online" and "went offline".
 */
import type { Fragment, Queryable, Sql } from "../../db/connect.ts";
import { onlineSql } from "./online.ts";

const PRESENCE_LOCK = 7311;

export function createPresenceRepo(sql: Sql) {
  const lockUser = (q: Queryable, userId: string) => q`select pg_advisory_xact_lock(${PRESENCE_LOCK}, hashtext(${userId}))`;
  const total = async (q: Queryable, userId: string) => {
    const [row] = await q<{ n: number }[]>`select coalesce(sum(pr.sockets), 0)::int as n
      from presence pr join presence_processes pp on pp.id = pr.process_id
      where pr.user_id = ${userId} and pp.expires_at > now()`;
    return row.n;
  };
  /** Everyone sharing a (not deleted) chat with the user for whom `also` holds (a condition on `m2.user_id`). */
  const partners = async (userId: string, also: Fragment) => {
    const rows = await sql<{ user_id: string }[]>`
      select distinct m2.user_id from chat_members m1
      join chat_members m2 on m2.chat_id = m1.chat_id and m2.user_id <> m1.user_id
      join chats c on c.id = m1.chat_id and not c.deleted
      where m1.user_id = ${userId} and ${also}`;
    return rows.map((r) => r.user_id);
  };

  return {
    async registerProcess(processId: string, ttlMs: number) {
      await sql`insert into presence_processes (id, expires_at)
        values (${processId}, now() + ${ttlMs} * interval '1 millisecond')`;
    },

    /** Renews this process; false when it had already been swept as dead (it then re-registers). */
    async heartbeat(processId: string, ttlMs: number): Promise<boolean> {
      const rows = await sql`update presence_processes set expires_at = now() + ${ttlMs} * interval '1 millisecond'
        where id = ${processId} returning id`;
      return rows.length > 0;
    },

    /** One more socket of the user here; true when the user was offline everywhere before. */
    async connected(processId: string, userId: string): Promise<boolean> {
      return await sql.begin(async (tx) => {
        await lockUser(tx, userId);
        const before = await total(tx, userId);
        await tx`insert into presence (user_id, process_id, sockets) values (${userId}, ${processId}, 1)
          on conflict (user_id, process_id) do update set sockets = presence.sockets + 1`;
        return before === 0;
      });
    },

    /** One socket fewer here; true when the user is now offline everywhere. */
    async disconnected(processId: string, userId: string): Promise<boolean> {
      return await sql.begin(async (tx) => {
        await lockUser(tx, userId);
        const [row] = await tx<{ sockets: number }[]>`update presence set sockets = sockets - 1
          where user_id = ${userId} and process_id = ${processId} and sockets > 1 returning sockets`;
        if (!row) {
          const gone = await tx`delete from presence where user_id = ${userId} and process_id = ${processId} returning user_id`;
          if (gone.length === 0) return false; // not counted here (e.g. swept while this process stalled)
        }
        return (await total(tx, userId)) === 0;
      });
    },

    /**
     * Removes a process's rows (its shutdown, or its expiry noticed by another
     * process; only one of several sweepers gets them); returns the users who
     * are now offline everywhere. No process row stays locked while users are
     * checked, so a concurrent connect (which takes a user lock, then its own
     * process row) cannot deadlock with it.
     */
    async removeProcess(processId: string, onlyIfExpired: boolean): Promise<string[]> {
      const rows = await sql<{ user_id: string }[]>`
        with gone as (
          delete from presence_processes where id = ${processId} and (${!onlyIfExpired} or expires_at <= now()) returning id
        ), removed as (
          delete from presence where process_id = ${processId} and (${!onlyIfExpired} or exists (select 1 from gone))
          returning user_id
        )
        select distinct user_id from removed`;
      const offline: string[] = [];
      for (const { user_id } of rows) {
        const gone = await sql.begin(async (tx) => {
          await lockUser(tx, user_id);
          return (await total(tx, user_id)) === 0;
        });
        if (gone) offline.push(user_id);
      }
      return offline;
    },

    /** After this process was swept while alive (it stalled): its sockets count again; returns who was offline. */
    async restore(processId: string, userId: string, sockets: number): Promise<boolean> {
      return await sql.begin(async (tx) => {
        await lockUser(tx, userId);
        const before = await total(tx, userId);
        await tx`insert into presence (user_id, process_id, sockets) values (${userId}, ${processId}, ${sockets})
          on conflict (user_id, process_id) do update set sockets = excluded.sockets`;
        return before === 0;
      });
    },

    /** Processes whose heartbeat stopped. */
    async expiredProcesses(): Promise<string[]> {
      const rows = await sql<{ id: string }[]>`select id from presence_processes where expires_at <= now() limit 20`;
      return rows.map((r) => r.id);
    },

    /** Who may see this user's presence: everyone sharing a chat with them. */
    async partnersOf(userId: string): Promise<string[]> {
      return await partners(userId, sql`true`);
    },

    /** The user's chat partners who are online now. */
    async onlinePartnersOf(userId: string): Promise<string[]> {
      return await partners(userId, onlineSql(sql, sql`m2.user_id`));
    },
  };
}
export type PresenceRepo = ReturnType<typeof createPresenceRepo>;
