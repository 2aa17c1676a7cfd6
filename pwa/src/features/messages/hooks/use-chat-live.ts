import { useCallback, useEffect, useReducer, useRef } from "react";
import { useApi } from "../../../lib/app-deps.tsx";
import { useServerEmit, useServerEvent, useSyncStatus } from "../../sync/index.ts";
import { field, idsField, presenceReducer, type UnreadCounts, unreadReducer } from "../live-state.ts";

type Counters = { messages: number; faxes: number; unreadChatIds: string[] };
type ChatsPage = { list: { chatId: string; unreadCount: number }[] };

/**
 * Unread counts per chat: loaded from `GET /users/counters` (every unread chat)
 * and the first page of `GET /messages/chats` (their counts), again on every
 * (re)connection and `chat:read` (another tab read); `message:received` from
 * someone else adds one, unless that chat is open. `markRead` is `POST
 * /messages/read/{chatId}`.
 */
export function useUnreadChats(selfId: string, openChatId: string | null) {
  const api = useApi();
  const { connected } = useSyncStatus();
  const [unread, dispatch] = useReducer(unreadReducer, new Map() as UnreadCounts);
  const open = useRef(openChatId);
  open.current = openChatId;

  const reload = useCallback(async () => {
    try {
      const [counters, page] = await Promise.all([
        api.get<Counters>("/users/counters"),
        api.get<ChatsPage>("/messages/chats", { query: { limit: 30 } }).catch(() => ({ list: [] })),
      ]);
      const counts = Object.fromEntries(page.list.map((chat) => [chat.chatId, chat.unreadCount]));
      dispatch({ type: "loaded", unreadChatIds: counters.unreadChatIds.filter((id) => id !== open.current), counts });
    } catch {
      // Offline: the badges stay as they were; the next connection reloads them.
    }
  }, [api]);

  useEffect(() => void reload(), [reload, connected]);
  useServerEvent("chat:read", () => void reload());
  useServerEvent("chat:removed", (payload) => dispatch({ type: "removed", chatId: field(payload, "chatId") }));
  useServerEvent("message:received", (payload) =>
    dispatch({
      type: "message",
      chatId: field(payload, "chatId"),
      authorId: field(payload, "authorId"),
      selfId,
      openChatId: open.current,
    }));

  const markRead = useCallback(async (chatId: string) => {
    dispatch({ type: "read", chatId });
    await api.post(`/messages/read/${chatId}`).catch(() => {});
  }, [api]);
  return { unread, markRead, reload };
}

/** Who among the user's chat partners is online (`online:init`, `user:joined`, `user:leaved`); asked again on mount and reconnection. */
export function useOnlineUsers(): ReadonlySet<string> {
  const { connected } = useSyncStatus();
  const emit = useServerEmit();
  const [online, dispatch] = useReducer(presenceReducer, new Set<string>() as ReadonlySet<string>);
  useServerEvent("online:init", (payload) => dispatch({ type: "init", userIds: idsField(payload, "userIds") }));
  useServerEvent("user:joined", (payload) => dispatch({ type: "joined", userId: field(payload, "userId") }));
  useServerEvent("user:leaved", (payload) => dispatch({ type: "leaved", userId: field(payload, "userId") }));
  useEffect(() => {
    if (connected) emit("online:init", {});
  }, [connected, emit]);
  return online;
}
