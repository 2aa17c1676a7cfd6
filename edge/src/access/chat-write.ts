/**
 * The who-may-write rule (sync/rules/chat-write.ts) on stored data: the facts
 * it needs about people, read in one query, and the rule applied to a chat's
 * members. `mayWriteInChat` is the check behind the `chatWriter` create kind
 * of chat_messages, so a message sent through the API and one pushed by an
 * offline device pass the same test. `mayWriteSql` is the same rule as SQL,
 * for lists (opponents); chat-write.test.ts proves the two agree on every pair.
 */
import type { Actor } from "./actor.ts";
import type { Fragment, Queryable } from "../db/connect.ts";
import { type ChatParty, mayWrite, mayWriteToChat } from "../../../sync/rules/chat-write.ts";

/**
 * SQL: the practice of the user row `u` — a doctor's own id once approved, a
 * VMA's or patient's doctor while that doctor is approved; else null.
 */
export function practiceOf(q: Queryable, u: Fragment): Fragment {
  return q`(case
    when ${u}.role = 'doctor' then case when ${u}.application_status = 'approved' then ${u}.id end
    when ${u}.role in ('vma', 'patient') then (select pd.id from users pd
      where pd.id = ${u}.doctor_id and pd.role = 'doctor' and pd.application_status = 'approved')
  end)`;
}

/** SQL twin of `mayWrite(a, b)` for user rows `a` and `b`. */
export function mayWriteSql(q: Queryable, a: Fragment, b: Fragment): Fragment {
  return q`(${a}.id <> ${b}.id and (${a}.role = 'admin' or ${b}.role = 'admin'
    or (not (${a}.role = 'patient' and ${b}.role = 'patient') and ${practiceOf(q, a)} = ${practiceOf(q, b)})))`;
}

/** The rule's facts about these users (unknown ids are absent). */
export async function partiesOf(q: Queryable, ids: readonly string[]): Promise<Map<string, ChatParty>> {
  if (ids.length === 0) return new Map();
  const rows = await q<{ id: string; role: ChatParty["role"]; practice_id: string | null }[]>`
    select u.id, u.role, ${practiceOf(q, q`u`)} as practice_id from users u where u.id = any(${[...ids]}::uuid[])`;
  return new Map(rows.map((r) => [r.id, { id: r.id, role: r.role, practiceId: r.practice_id }]));
}

/** The members of a chat with the rule's facts; empty for a missing or deleted chat. */
export async function chatParties(q: Queryable, chatId: string): Promise<ChatParty[]> {
  const rows = await q<{ id: string; role: ChatParty["role"]; practice_id: string | null }[]>`
    select u.id, u.role, ${practiceOf(q, q`u`)} as practice_id
    from chat_members m join chats c on c.id = m.chat_id and not c.deleted join users u on u.id = m.user_id
    where m.chat_id = ${chatId}::uuid`;
  return rows.map((r) => ({ id: r.id, role: r.role, practiceId: r.practice_id }));
}

/** May the actor write a new message in this chat? (A member who may write to every other member.) */
export async function mayWriteInChat(q: Queryable, actor: Actor, chatId: string): Promise<boolean> {
  const members = await chatParties(q, chatId);
  const me = members.find((m) => m.id === actor.userId);
  return !!me && mayWriteToChat(me, members);
}

/** May the actor start a chat with this user? Null when the user does not exist. */
export async function mayWriteTo(q: Queryable, actor: Actor, userId: string): Promise<boolean | null> {
  const parties = await partiesOf(q, [actor.userId, userId]);
  const me = parties.get(actor.userId);
  const them = parties.get(userId);
  if (!them) return null;
  return !!me && mayWrite(me, them);
}
