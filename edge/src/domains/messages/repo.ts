/**
 * SQL of the chat API: reads scoped to the caller's chats (membership is
 * checked by `chatOf` before anything else is read), summaries with unread
 * state and presence, and the candidates the who-may-write rule allows.
 * Writes to chats and messages go through the sync writer (service.ts).
 */
import type { Actor } from "../../access/actor.ts";
import { mayWriteSql } from "../../access/chat-write.ts";
import type { Fragment, Queryable, Sql } from "../../db/connect.ts";
import { onlineSql } from "../presence/online.ts";
import type { ChatDoc } from "../../../../sync/collections/chats.ts";
import type { ChatPerson, ChatSummary, Counters, OpponentsQuery } from "../../../../sync/schemas/chat.ts";

export type ChatRow = { id: string; kind: ChatDoc["kind"]; title: string; last_message_at: Date | null };
type PersonRow = { id: string; first_name: string; last_name: string; role: ChatPerson["role"]; is_online: boolean };

const likePattern = (search: string | undefined) => (search ? `%${search.replace(/[\\%_]/g, (m) => `\\${m}`)}%` : null);
const toPerson = (r: PersonRow): ChatPerson => ({
  id: r.id,
  firstName: r.first_name,
  lastName: r.last_name,
  role: r.role,
  isOnline: r.is_online,
});

/** SQL: a user row `u` whose name matches the pattern (or no pattern). */
function nameMatches(q: Queryable, u: Fragment, pattern: string | null): Fragment {
  return q`(${pattern}::text is null or ${u}.first_name ilike ${pattern} or ${u}.last_name ilike ${pattern}
    or (${u}.first_name || ' ' || ${u}.last_name) ilike ${pattern})`;
}

/** SQL: unread messages of chat `c` for `userId` (by others, after their read mark). */
function unreadSql(q: Queryable, c: Fragment, userId: string): Fragment {
  return q`(select count(*) from chat_messages um where um.chat_id = ${c}.id and not um.deleted
    and um.author_id <> ${userId} and um.n > coalesce((select r.last_read_n from chat_reads r
      where r.chat_id = ${c}.id and r.user_id = ${userId}), 0))::int`;
}

/** Marks these members as having read everything there is now (newcomers do not inherit history as unread). */
async function markAllRead(q: Queryable, chatId: string, userIds: readonly string[]) {
  if (userIds.length === 0) return;
  await q`insert into chat_reads (chat_id, user_id, last_read_n, read_at)
    select ${chatId}, u, coalesce((select max(n) from chat_messages where chat_id = ${chatId}), 0), now()
    from unnest(${[...userIds]}::uuid[]) as u
    on conflict (chat_id, user_id) do update set last_read_n = greatest(chat_reads.last_read_n, excluded.last_read_n),
      read_at = excluded.read_at`;
}

export function createMessagesRepo(sql: Sql) {
  return {
    markAllRead,

    /** The chat if the actor is a member of it (and it is not deleted); else null. */
    async chatOf(q: Queryable, actor: Actor, chatId: string): Promise<ChatRow | null> {
      const [row] = await q<ChatRow[]>`select c.id, c.kind, c.title, c.last_message_at from chats c
        join chat_members m on m.chat_id = c.id and m.user_id = ${actor.userId}
        where c.id = ${chatId} and not c.deleted`;
      return row ?? null;
    },

    async memberIds(q: Queryable, chatId: string): Promise<string[]> {
      const rows = await q<{ user_id: string }[]>`select user_id from chat_members where chat_id = ${chatId} order by user_id`;
      return rows.map((r) => r.user_id);
    },

    /** The direct chat of exactly these two people. */
    async directChat(q: Queryable, a: string, b: string): Promise<string | null> {
      const [row] = await q<{ id: string }[]>`select c.id from chats c
        where c.kind = 'direct' and not c.deleted
          and exists (select 1 from chat_members m where m.chat_id = c.id and m.user_id = ${a})
          and exists (select 1 from chat_members m where m.chat_id = c.id and m.user_id = ${b})
          and (select count(*) from chat_members m where m.chat_id = c.id) = 2
        order by c.created_at limit 1`;
      return row?.id ?? null;
    },

    /** The support chat of a non-admin user (they are its only non-admin member). */
    async supportChat(q: Queryable, userId: string): Promise<string | null> {
      const [row] = await q<{ id: string }[]>`select c.id from chats c join chat_members m on m.chat_id = c.id
        where c.kind = 'support' and not c.deleted and m.user_id = ${userId} order by c.created_at limit 1`;
      return row?.id ?? null;
    },

    async adminIds(q: Queryable): Promise<string[]> {
      return (await q<{ id: string }[]>`select id from users where role = 'admin' order by id`).map((r) => r.id);
    },

    /** The support chats an admin is missing from. */
    async supportChatsWithout(q: Queryable, adminId: string): Promise<string[]> {
      const rows = await q<{ id: string }[]>`select c.id from chats c where c.kind = 'support' and not c.deleted
        and not exists (select 1 from chat_members m where m.chat_id = c.id and m.user_id = ${adminId})`;
      return rows.map((r) => r.id);
    },

    /** Summaries of these chats for the actor, in the order given. */
    async summaries(actor: Actor, chatIds: readonly string[]): Promise<ChatSummary[]> {
      if (chatIds.length === 0) return [];
      const ids = [...chatIds];
      const rows = await sql<(ChatRow & {
        members_count: number;
        unread_count: number;
        lm_id: string | null;
        lm_author: string | null;
        lm_created: Date | null;
        lm_text: string | null;
        lm_files: number | null;
      })[]>`
        select c.id, c.kind, c.title, c.last_message_at,
          (select count(*) from chat_members m where m.chat_id = c.id)::int as members_count,
          ${unreadSql(sql, sql`c`, actor.userId)} as unread_count,
          lm.id as lm_id, lm.author_id as lm_author, lm.created_at as lm_created, lm.text as lm_text, lm.files as lm_files
        from chats c
        left join lateral (select m.id, m.author_id, m.created_at, left(m.text, 200) as text,
            cardinality(m.file_ids) as files
          from chat_messages m where m.chat_id = c.id and not m.deleted order by m.n desc limit 1) lm on true
        where c.id = any(${ids}::uuid[])`;
      const people = await sql<(PersonRow & { chat_id: string })[]>`
        select m.chat_id, u.id, u.first_name, u.last_name, u.role, ${onlineSql(sql, sql`u.id`)} as is_online
        from chat_members m join users u on u.id = m.user_id
        where m.chat_id = any(${ids}::uuid[]) and m.user_id <> ${actor.userId}
        order by u.last_name, u.first_name, u.id`;
      const byId = new Map(rows.map((r) => [r.id, r]));
      return ids.flatMap((id) => {
        const r = byId.get(id);
        if (!r) return [];
        return [{
          chatId: r.id,
          kind: r.kind,
          title: r.title,
          opponents: people.filter((p) => p.chat_id === id).map(toPerson),
          membersCount: r.members_count,
          isUnread: r.unread_count > 0,
          unreadCount: r.unread_count,
          lastMessageAt: r.last_message_at?.toISOString() ?? null,
          lastMessage: r.lm_id
            ? {
              id: r.lm_id,
              authorId: r.lm_author!,
              timestamp: r.lm_created!.toISOString(),
              isOwnMessage: r.lm_author === actor.userId,
              text: r.lm_text ?? "",
              fileCount: r.lm_files ?? 0,
            }
            : null,
        }];
      });
    },

    /** The actor's chats, newest message first; search by title or another member's name. */
    async chatIds(actor: Actor, o: { offset: number; limit: number; search?: string; searchUserId?: string }) {
      const pattern = likePattern(o.search);
      const where = sql`where not c.deleted
        and exists (select 1 from chat_members me where me.chat_id = c.id and me.user_id = ${actor.userId})
        and (${o.searchUserId ?? null}::uuid is null
          or exists (select 1 from chat_members x where x.chat_id = c.id and x.user_id = ${o.searchUserId ?? null}::uuid))
        and (${pattern}::text is null or c.title ilike ${pattern}
          or exists (select 1 from chat_members x join users u on u.id = x.user_id
            where x.chat_id = c.id and x.user_id <> ${actor.userId} and ${nameMatches(sql, sql`u`, pattern)}))`;
      const rows = await sql<{ id: string }[]>`select c.id from chats c ${where}
        order by c.last_message_at desc nulls last, c.created_at desc, c.id offset ${o.offset} limit ${o.limit}`;
      const [{ count }] = await sql<{ count: number }[]>`select count(*)::int as count from chats c ${where}`;
      return { ids: rows.map((r) => r.id), totalCount: count };
    },

    async members(chatId: string, o: { offset: number; limit: number; search?: string }) {
      const pattern = likePattern(o.search);
      const where = sql`where m.chat_id = ${chatId} and ${nameMatches(sql, sql`u`, pattern)}`;
      const rows = await sql<PersonRow[]>`select u.id, u.first_name, u.last_name, u.role, ${onlineSql(sql, sql`u.id`)} as is_online
        from chat_members m join users u on u.id = m.user_id ${where}
        order by u.last_name, u.first_name, u.id offset ${o.offset} limit ${o.limit}`;
      const [{ count }] = await sql<{ count: number }[]>`select count(*)::int as count
        from chat_members m join users u on u.id = m.user_id ${where}`;
      return { list: rows.map(toPerson), totalCount: count };
    },

    /** Newest first (the device's createdAt, then id: the order devices show, reversed). */
    async messages(chatId: string, o: { offset: number; limit: number }) {
      const rows = await sql<{ id: string; chat_id: string; author_id: string; text: string; created_at: Date; seq: string }[]>`
        select id, chat_id, author_id, text, created_at, seq from chat_messages
        where chat_id = ${chatId} and not deleted order by created_at desc, id desc offset ${o.offset} limit ${o.limit}`;
      const [{ count }] = await sql<{ count: number }[]>`select count(*)::int as count from chat_messages
        where chat_id = ${chatId} and not deleted`;
      return { rows, totalCount: count };
    },

    markRead: (chatId: string, userId: string) => markAllRead(sql, chatId, [userId]),

    async counters(userId: string): Promise<Counters> {
      const rows = await sql<{ chat_id: string; unread: number }[]>`
        select c.id as chat_id, ${unreadSql(sql, sql`c`, userId)} as unread
        from chat_members me join chats c on c.id = me.chat_id and not c.deleted
        where me.user_id = ${userId}`;
      const unread = rows.filter((r) => r.unread > 0).sort((a, b) => a.chat_id.localeCompare(b.chat_id));
      // New received faxes of the caller's practice (documents domain): the doctor's own, or a VMA's doctor's.
      const [{ faxes }] = await sql<{ faxes: number }[]>`select count(d.id)::int as faxes from users me
        left join documents d on d.owner = 'practice' and d.doc_type = 'incoming_faxes' and d.is_new and not d.deleted
          and d.practice_id = case when me.role = 'doctor' then me.id when me.role = 'vma' then me.doctor_id end
        where me.id = ${userId}`;
      return { messages: unread.reduce((n, r) => n + r.unread, 0), faxes, unreadChatIds: unread.map((r) => r.chat_id) };
    },

    /**
     * People the actor may write to (the who-may-write rule in SQL), active
     * accounts only; admins are listed only to admins (others reach them through
     * their support chat). With `chatId`: those who may join that chat.
     */
    async opponents(actor: Actor, o: OpponentsQuery) {
      const pattern = likePattern(o.search);
      const where = sql`where me.id = ${actor.userId} and ${mayWriteSql(sql, sql`me`, sql`u`)}
        and u.is_activated and not u.is_blocked and not u.is_banned
        and (me.role = 'admin' or u.role <> 'admin')
        and ${nameMatches(sql, sql`u`, pattern)}
        and (${o.chatId ?? null}::uuid is null or (
          not exists (select 1 from chat_members cm where cm.chat_id = ${o.chatId ?? null}::uuid and cm.user_id = u.id)
          and not exists (select 1 from chat_members cm join users o on o.id = cm.user_id
            where cm.chat_id = ${o.chatId ?? null}::uuid and not ${mayWriteSql(sql, sql`u`, sql`o`)})))`;
      const rows = await sql<PersonRow[]>`select u.id, u.first_name, u.last_name, u.role, ${onlineSql(sql, sql`u.id`)} as is_online
        from users u cross join users me ${where}
        order by u.last_name, u.first_name, u.id offset ${o.offset} limit ${o.limit}`;
      const [{ count }] = await sql<{ count: number }[]>`select count(*)::int as count from users u cross join users me ${where}`;
      return { list: rows.map(toPerson), totalCount: count };
    },
  };
}
export type MessagesRepo = ReturnType<typeof createMessagesRepo>;
