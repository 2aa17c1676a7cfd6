/**
 * Unread counts and presence as the live channel changes them (edge/docs/chat.md,
 * "Real-time events"). Pure reducers, so they are tested without a socket.
 */
export type UnreadCounts = ReadonlyMap<string, number>;

export type UnreadEvent =
  /** `GET /users/counters` and the first page of `GET /messages/chats`: the server's truth. */
  | { type: "loaded"; unreadChatIds: readonly string[]; counts?: Readonly<Record<string, number>> }
  /** `message:received` */
  | { type: "message"; chatId: string; authorId: string; selfId: string; openChatId: string | null }
  /** `chat:read` or this tab's `POST /messages/read/{chatId}` */
  | { type: "read"; chatId: string }
  /** `chat:removed` */
  | { type: "removed"; chatId: string };

export function unreadReducer(state: UnreadCounts, event: UnreadEvent): UnreadCounts {
  const next = new Map(state);
  switch (event.type) {
    case "loaded": {
      next.clear();
      for (const id of event.unreadChatIds) next.set(id, Math.max(1, event.counts?.[id] ?? 1));
      return next;
    }
    case "message":
      // One's own messages (from any device) and the chat on screen never count as unread.
      if (event.authorId === event.selfId || event.chatId === event.openChatId) return state;
      next.set(event.chatId, (next.get(event.chatId) ?? 0) + 1);
      return next;
    case "read":
    case "removed":
      if (!next.has(event.chatId)) return state;
      next.delete(event.chatId);
      return next;
  }
}

export type PresenceEvent =
  | { type: "init"; userIds: readonly string[] }
  | { type: "joined"; userId: string }
  | { type: "leaved"; userId: string };

export function presenceReducer(state: ReadonlySet<string>, event: PresenceEvent): ReadonlySet<string> {
  if (event.type === "init") return new Set(event.userIds);
  if ((event.type === "joined") === state.has(event.userId)) return state;
  const next = new Set(state);
  if (event.type === "joined") next.add(event.userId);
  else next.delete(event.userId);
  return next;
}

/** A string field of an event payload (payloads are not trusted: anything else is ""). */
export function field(payload: unknown, name: string): string {
  const value = (payload as Record<string, unknown> | null)?.[name];
  return typeof value === "string" ? value : "";
}

/** The string array field of an event payload, or []. */
export function idsField(payload: unknown, name: string): string[] {
  const value = (payload as Record<string, unknown> | null)?.[name];
  return Array.isArray(value) ? value.filter((id): id is string => typeof id === "string") : [];
}

/** Whether a chat matches the search box: any word of the query in its title (names included). */
export function matchesSearch(title: string, query: string): boolean {
  const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean);
  const haystack = title.toLowerCase();
  return words.every((word) => haystack.includes(word));
}
