/**
 * Full access (01 §8, 02 §6 "a feature needs at least a one-month membership"):
 * the one rule the chat and the consultations enforce. A patient may write to
 * a doctor's practice (the doctor or their VMAs) and book that doctor only
 * while a member of that doctor — processor status trialing, active (also when
 * cancelled at period end, till then) or past_due (while the processor
 * retries). A doctor who offers no enabled membership option asks for none.
 * Anything else answers 402 "Subscription required" (the PWA opens the upgrade
 * dialog); a chat message pushed through sync is refused like any forbidden
 * create. See edge/docs/payments.md.
 */
import type { Queryable } from "../../db/connect.ts";
import { AppError } from "../../http/errors.ts";
import { createMembershipsRepo } from "./repo.ts";

export const SUBSCRIPTION_REQUIRED = "Subscription required";
export const subscriptionRequired = (doctorId: string) =>
  new AppError(402, SUBSCRIPTION_REQUIRED, { reason: "SUBSCRIPTION_REQUIRED", doctorId, noSubscription: true });

/** Whether the patient is a member of this doctor now (what member prices and the rule below go by). */
export async function isMemberOf(q: Queryable, patientId: string, doctorId: string): Promise<boolean> {
  return await createMembershipsRepo(q as never).isMember(q, patientId, doctorId);
}

export async function needsMembership(q: Queryable, patientId: string, doctorId: string): Promise<boolean> {
  if (await isMemberOf(q, patientId, doctorId)) return false;
  return await createMembershipsRepo(q as never).doctorOffersMemberships(q, doctorId);
}

/** Throws 402 unless the patient may use this doctor's paid features. */
export async function requireMembership(q: Queryable, patientId: string, doctorId: string): Promise<void> {
  if (await needsMembership(q, patientId, doctorId)) throw subscriptionRequired(doctorId);
}

/** The practices (doctor ids) of the doctors and VMAs among these users or a chat's members. */
async function practicesOf(q: Queryable, o: { chatId?: string; userIds?: string[] }): Promise<string[]> {
  const rows = o.chatId
    ? await q<{ practice: string | null }[]>`select distinct case when u.role = 'doctor' then u.id else u.doctor_id end as practice
        from chat_members m join users u on u.id = m.user_id where m.chat_id = ${o.chatId} and u.role in ('doctor', 'vma')`
    : await q<{ practice: string | null }[]>`select distinct case when u.role = 'doctor' then u.id else u.doctor_id end as practice
        from users u where u.id in ${q(o.userIds ?? [])} and u.role in ('doctor', 'vma')`;
  return rows.map((r) => r.practice).filter((p): p is string => !!p);
}

/** Chat: a patient writing to a practice (a chat with its doctor or VMAs) must be its member; support is free. */
export async function requireChatMembership(q: Queryable, actor: { userId: string; role: string }, target: { chatId?: string; userId?: string }) {
  if (actor.role !== "patient") return;
  const practices = await practicesOf(q, target.chatId ? { chatId: target.chatId } : { userIds: [target.userId!] });
  for (const doctorId of practices) await requireMembership(q, actor.userId, doctorId);
}

/**
 * The same rule as a yes/no for a new message in a chat: a message pushed
 * through sync cannot answer 402, so the push refuses the row (the create
 * check of chat_messages, messages/effects.ts) the way it refuses any other
 * forbidden create.
 */
export async function meetsChatMembership(q: Queryable, actor: { userId: string; role: string }, chatId: string): Promise<boolean> {
  if (actor.role !== "patient") return true;
  for (const doctorId of await practicesOf(q, { chatId })) {
    if (await needsMembership(q, actor.userId, doctorId)) return false;
  }
  return true;
}
