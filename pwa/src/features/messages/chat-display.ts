/** How chats and messages read on screen: titles, order and times. Pure, so it is tested without a browser. */
import type { ChatDoc } from "../../../../sync/collections/index.ts";

export type NameById = Readonly<Record<string, string>>;

/** The chat's title; for a direct chat without one, the other members' names. */
export function chatTitle(chat: Pick<ChatDoc, "kind" | "title" | "memberIds">, selfId: string, names: NameById): string {
  if (chat.title.trim()) return chat.title.trim();
  const others = chat.memberIds.filter((id) => id !== selfId);
  const known = others.map((id) => names[id]).filter((name): name is string => Boolean(name));
  if (known.length > 0) {
    const rest = others.length - known.length;
    return rest > 0 ? `${known.join(", ")} and ${rest} more` : known.join(", ");
  }
  if (chat.kind === "support") return "Support";
  return chat.kind === "direct" ? "Direct chat" : "Group chat";
}

/** Newest first by the last message; chats without messages last, by title. */
export function sortChats<C extends Pick<ChatDoc, "id" | "lastMessageAt" | "title">>(chats: readonly C[]): C[] {
  return [...chats].sort((a, b) => {
    if (a.lastMessageAt !== b.lastMessageAt) {
      if (!a.lastMessageAt) return 1;
      if (!b.lastMessageAt) return -1;
      return a.lastMessageAt < b.lastMessageAt ? 1 : -1;
    }
    return a.title.localeCompare(b.title) || a.id.localeCompare(b.id);
  });
}

/** A short time for lists: the time of day today, the date otherwise. */
export function shortTime(iso: string, now: Date = new Date()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  const sameDay = date.toDateString() === now.toDateString();
  return sameDay
    ? date.toLocaleTimeString(undefined, { hour: "numeric", minute: "2-digit" })
    : date.toLocaleDateString(undefined, { month: "short", day: "numeric" });
}

export function fullTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "" : date.toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
}
