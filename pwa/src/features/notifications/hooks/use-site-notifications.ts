import { useCallback, useEffect, useState } from "react";
import { failureMessage } from "../../../app/local-data.ts";
import { useApi } from "../../../lib/app-deps.tsx";
import { useServerEvent, useSyncStatus } from "../../sync/index.ts";
import type { SiteNotificationView } from "../notification-text.ts";

const REFRESH_MS = 60_000;

/**
 * The unread count (`GET /siteNotifications/count`): loaded now, on every
 * (re)connection, on `siteNotification:new`, and every minute (the 15-minute
 * notices are written without an event). The list (`GET /siteNotifications`)
 * loads when `listOpen`; `markRead` is `POST /siteNotifications {ids}`.
 */
export function useSiteNotifications(listOpen: boolean) {
  const api = useApi();
  const { connected } = useSyncStatus();
  const [count, setCount] = useState(0);
  const [list, setList] = useState<{ items: SiteNotificationView[]; loading: boolean; error: string | null }>({
    items: [], loading: false, error: null,
  });

  const loadCount = useCallback(() => {
    api.get<{ count: number }>("/siteNotifications/count").then((result) => setCount(result.count), () => {});
  }, [api]);
  const loadList = useCallback(() => {
    setList((current) => ({ ...current, loading: true, error: null }));
    api.get<{ list: SiteNotificationView[] }>("/siteNotifications", { query: { limit: 20 } }).then(
      (page) => setList({ items: page.list, loading: false, error: null }),
      (reason) => setList((current) => ({ ...current, loading: false, error: failureMessage(reason) })),
    );
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
    setList((current) => ({ ...current, items: current.items.map((item) => (ids.includes(item.id) ? { ...item, isRead: true } : item)) }));
    try {
      const result = await api.post<{ count: number }>("/siteNotifications", { ids });
      setCount(result.count);
    } catch (reason) {
      setList((current) => ({ ...current, error: failureMessage(reason) }));
      loadList();
    }
  }, [api, loadList]);

  return { count, ...list, markRead };
}
