import { useCallback, useEffect, useReducer, useRef } from "react";
import { useApi } from "../../../lib/app-deps.tsx";
import { useServerEmit, useServerEvent, useSyncStatus } from "../../sync/index.ts";
import { field, idsField, presenceReducer, type UnreadCounts, unreadReducer } from "../live-state.ts";


/** Chats read per request for their unread counts (the edge's most). */
export const UNREAD_COUNT_PAGE = 100;
/** The most pages of chats read for counts in one load; an unread chat past them shows 1. */
export const UNREAD_COUNT_PAGES = 5;

type Api = ReturnType<typeof useApi>;

/**
 * The unread count of each of these chats, from `GET /messages/chats` (the most recent first): pages are
 * read until every one is counted, the chats list ends, or `UNREAD_COUNT_PAGES` pages were read (500
 * chats: a full panel of 400 patients and the practice's own chats). Until 2026-11-26 only the 30 most
 * recent chats were read and an unread chat below them showed "1 unread message" whatever it held.
 */
export async function unreadCounts(api: Api, unreadChatIds: readonly string[]): Promise<Record<string, number>> {
  const wanted = new Set(unreadChatIds);
  const counts: Record<string, number> = {};
  for (let page = 0; page < UNREAD_COUNT_PAGES && wanted.size > 0; page++) {
    let list: { chatId: string; unreadCount: number }[];
    try {
      ({ list } = await api.GET("/messages/chats", { query: { offset: page * UNREAD_COUNT_PAGE, limit: UNREAD_COUNT_PAGE } }));
    } catch {
      break; // A failed page: the counts found so far; the other unread chats still show as unread.
    }
    for (const chat of list) {
      if (wanted.delete(chat.chatId)) counts[chat.chatId] = chat.unreadCount;
    }
    if (list.length < UNREAD_COUNT_PAGE) break;
  }
  return counts;
}

/**
 * Unread counts per chat: loaded from `GET /users/counters` (every unread chat)
 * and `GET /messages/chats` (their counts: `unreadCounts`), again on every
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

  /** The latest reload: an earlier one still reading pages when another starts is not applied. */
  const generation = useRef(0);
  const reload = useCallback(async () => {
    const mine = ++generation.current;
    try {
      const counters = await api.GET("/users/counters");
      const counts = await unreadCounts(api, counters.unreadChatIds);
      if (mine !== generation.current) return;
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
    await api.POST("/messages/read/{chatId}", { path: { chatId } }).catch(() => {});
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
