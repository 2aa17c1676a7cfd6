import { useEffect, useId, useRef } from "react";
import { Link } from "react-router";
import { Spinner } from "../../../ui/index.ts";
import { notificationLink, notificationText, type SiteNotificationView } from "../notification-text.ts";

export type NotificationBellProps = {
  count: number;
  open: boolean;
  onToggle: (open: boolean) => void;
  items: readonly SiteNotificationView[];
  loading: boolean;
  error?: string | null;
  onMarkRead: (ids: string[]) => void;
  /** Every unread notification, listed or not. */
  onMarkAllRead: () => void;
  /** How many there are in all (the list shows a page at a time). */
  total: number;
  loadingMore?: boolean;
  onMore: () => void;
};

/**
 * The header's bell: the unread count on a disclosure button; the list below
 * it (newest first, a page at a time with "Show more"), each unread one with
 * "Mark read", and "Mark all read" for every unread one, listed or not.
 * Escape or a click outside closes it.
 */
export function NotificationBell(
  { count, open, onToggle, items, loading, error = null, onMarkRead, onMarkAllRead, total, loadingMore = false, onMore }: NotificationBellProps,
) {
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const unreadListed = items.some((item) => !item.isRead);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => event.key === "Escape" && onToggle(false);
    const onClick = (event: MouseEvent) => !root.current?.contains(event.target as Node) && onToggle(false);
    document.addEventListener("keydown", onKey);
    document.addEventListener("mousedown", onClick);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("mousedown", onClick);
    };
  }, [open, onToggle]);

  const label = count === 0 ? "Notifications" : `Notifications, ${count} unread`;
  return (
    <div className="bell" ref={root}>
      <button
        type="button"
        className="bell__button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={label}
        title={label}
        onClick={() => onToggle(!open)}
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" width="22" height="22" fill="currentColor">
          <path d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3.5a1.5 1.5 0 0 0-3 0v.66A7 7 0 0 0 5 11v5l-2 2v1h18v-1Z" />
        </svg>
        {count > 0 && <span className="bell__count" aria-hidden="true">{count > 99 ? "99+" : count}</span>}
      </button>
      <div id={panelId} className="bell__panel" hidden={!open} role="region" aria-label="Notifications">
        <div className="bell__head">
          <h2 className="bell__title">Notifications</h2>
          {(count > 0 || unreadListed) && <button type="button" className="bell__link" onClick={onMarkAllRead}>Mark all read</button>}
        </div>
        {loading && items.length === 0 && <Spinner size={24} label="Loading notifications" />}
        {error && <p className="form-error" role="alert">{error}</p>}
        {!loading && !error && items.length === 0 && <p className="muted">No notifications.</p>}
        {items.length > 0 && (
          <ul className="bell__items">
            {items.map((item) => {
              const to = notificationLink(item);
              const body = notificationText(item);
              return (
                <li key={item.id} className={item.isRead ? "bell__item" : "bell__item bell__item--unread"}>
                  {to ? <Link to={to} onClick={() => onToggle(false)}>{body}</Link> : <span>{body}</span>}
                  <span className="bell__meta">
                    <time className="muted" dateTime={item.createdAt}>{new Date(item.createdAt).toLocaleString()}</time>
                    {!item.isRead && (
                      <button type="button" className="bell__link" onClick={() => onMarkRead([item.id])}>
                        Mark read<span className="visually-hidden">: {body}</span>
                      </button>
                    )}
                  </span>
                </li>
              );
            })}
          </ul>
        )}
        {items.length > 0 && items.length < total && (
          <button type="button" className="bell__link bell__more" onClick={onMore} disabled={loadingMore} aria-busy={loadingMore || undefined}>
            {loadingMore ? "Loading…" : `Show more (${items.length} of ${total})`}
          </button>
        )}
      </div>
    </div>
  );
}
