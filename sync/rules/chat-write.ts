/**
 * Who may write to whom (01 §7 "Chat"): the one rule. The edge applies it to
 * every new message, whether it comes through `POST /messages/{chatId}` or a
 * sync push (both go through the `chatWriter` create check of chat_messages),
 * and when chats are started or members added; the PWA may use it to hide a
 * composer the server would refuse.
 *
 * - a patient with their doctor, that doctor's VMAs and support (the admins);
 * - doctors and VMAs with their patients and with each other, in one practice;
 * - admins with anyone.
 * Anything else: "Cannot send message to this chat".
 */
import type { Role } from "../roles.ts";

export const CANNOT_WRITE_MESSAGE = "Cannot send message to this chat";

/**
 * What the rule needs to know about a person. `practiceId` is the approved
 * doctor whose practice they belong to: a doctor's own id, a VMA's or a
 * patient's doctor; null while that doctor is not approved (an unapproved
 * practice chats only with support), and for admins.
 */
export type ChatParty = { id: string; role: Role; practiceId: string | null };

/** May `from` write to `to`? Symmetric. */
export function mayWrite(from: ChatParty, to: ChatParty): boolean {
  if (from.id === to.id) return false;
  if (from.role === "admin" || to.role === "admin") return true;
  if (from.role === "patient" && to.role === "patient") return false;
  return from.practiceId !== null && from.practiceId === to.practiceId;
}

/**
 * May `sender` write in a chat with these members? Only a member, and only
 * when they may write to every other member: a message is read by all of them.
 */
export function mayWriteToChat(sender: ChatParty, members: readonly ChatParty[]): boolean {
  if (!members.some((m) => m.id === sender.id)) return false;
  return members.every((m) => m.id === sender.id || mayWrite(sender, m));
}

/** May `candidate` join a chat with these members (every member may then write to every other)? */
export function mayJoinChat(candidate: ChatParty, members: readonly ChatParty[]): boolean {
  return members.every((m) => m.id !== candidate.id && mayWrite(candidate, m));
}
