import { useCallback, useEffect, useState } from "react";
import { useApi } from "../../../lib/app-deps.tsx";
import { failureMessage, useServerEvent, useSyncStatus } from "../../sync/index.ts";
import type { SiteNotificationView } from "../notification-text.ts";

const REFRESH_MS = 60_000;
/** Notifications per page of the bell's list. */
export const BELL_PAGE = 20;
/** Unread notifications marked per round of "Mark all read" (the edge takes up to 500 ids a call). */
const MARK_ALL_PAGE = 100;
/** Rounds of "Mark all read" at most (10,000 notifications); the count is read again after. */
const MARK_ALL_ROUNDS = 100;

type ListState = { items: SiteNotificationView[]; total: number; loading: boolean; loadingMore: boolean; error: string | null };

/**
 * The unread count (`GET /siteNotifications/count`): loaded now, on every
 * (re)connection, on `siteNotification:new`, and every minute (the 15-minute
 * notices are written without an event). The list (`GET /siteNotifications`,
 * newest first) loads its first page when `listOpen`; `loadMore` appends the
 * next. `markRead` is `POST /siteNotifications {ids}`; `markAllRead` marks
 * every unread one, listed or not (the unread pages, `unread=true`, marked one
 * after another until none is left).
 */
export function useSiteNotifications(listOpen: boolean) {
  const api = useApi();
  const { connected } = useSyncStatus();
  const [count, setCount] = useState(0);
  const [list, setList] = useState<ListState>({ items: [], total: 0, loading: false, loadingMore: false, error: null });
  /** A failed mark (the list is read again; this stays said until the next mark). */
  const [markError, setMarkError] = useState<string | null>(null);

  const loadCount = useCallback(() => {
    api.GET("/siteNotifications/count").then((result) => setCount(result.count), () => {});
  }, [api]);
  const loadList = useCallback(() => {
    setList((current) => ({ ...current, loading: true, error: null }));
    api.GET("/siteNotifications", { query: { limit: BELL_PAGE } }).then(
      (page) => setList({ items: page.list, total: page.totalCount, loading: false, loadingMore: false, error: null }),
      (reason) => setList((current) => ({ ...current, loading: false, error: failureMessage(reason) })),
    );
  }, [api]);
  const loadMore = useCallback(async (offset: number) => {
    setList((current) => ({ ...current, loadingMore: true, error: null }));
    try {
      const page = await api.GET("/siteNotifications", { query: { limit: BELL_PAGE, offset } });
      setList((current) => {
        const known = new Set(current.items.map((item) => item.id));
        return { ...current, items: [...current.items, ...page.list.filter((item) => !known.has(item.id))], total: page.totalCount, loadingMore: false };
      });
    } catch (reason) {
      setList((current) => ({ ...current, loadingMore: false, error: failureMessage(reason) }));
    }
  }, [api]);

  useEffect(() => {
    loadCount();
    const timer = setInterval(loadCount, REFRESH_MS);
    return () => clearInterval(timer);
  }, [loadCount, connected]);
  useEffect(() => {
    if (listOpen) loadList();
  }, [listOpen, loadList]);
  useServerEvent("siteNotification:new", () => {
    loadCount();
    if (listOpen) loadList();
  });

  const markRead = useCallback(async (ids: string[]) => {
    if (ids.length === 0) return;
    setMarkError(null);
    setList((current) => ({ ...current, items: current.items.map((item) => (ids.includes(item.id) ? { ...item, isRead: true } : item)) }));
    try {
      const result = await api.POST("/siteNotifications", { body: { ids } });
      setCount(result.count);
    } catch (reason) {
      setMarkError(failureMessage(reason));
      loadList();
    }
  }, [api, loadList]);

  const markAllRead = useCallback(async () => {
    setMarkError(null);
    setList((current) => ({ ...current, items: current.items.map((item) => ({ ...item, isRead: true })) }));
    try {
      for (let round = 0; round < MARK_ALL_ROUNDS; round++) {
        const unread = await api.GET("/siteNotifications", { query: { unread: "true", limit: MARK_ALL_PAGE } });
        if (unread.list.length === 0) break;
        const result = await api.POST("/siteNotifications", { body: { ids: unread.list.map((item) => item.id) } });
        setCount(result.count);
        if (result.count === 0) break;
      }
    } catch (reason) {
      setMarkError(failureMessage(reason));
      loadList();
    }
    loadCount();
  }, [api, loadList, loadCount]);

  return { count, ...list, error: list.error ?? markError, markRead, markAllRead, loadMore: () => void loadMore(list.items.length) };
}
