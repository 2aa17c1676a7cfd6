import { useState } from "react";
import { useSiteNotifications } from "../hooks/use-site-notifications.ts";
import { NotificationBell } from "./NotificationBell.tsx";

/** The bell wired to the API and the live channel (signed-in users only). */
export function HeaderBell() {
  const [open, setOpen] = useState(false);
  const notifications = useSiteNotifications(open);
  return (
    <NotificationBell
      count={notifications.count}
      open={open}
      onToggle={setOpen}
      items={notifications.items}
      loading={notifications.loading}
      error={notifications.error}
      onMarkRead={(ids) => void notifications.markRead(ids)}
      onMarkAllRead={() => void notifications.markAllRead()}
      total={notifications.total}
      loadingMore={notifications.loadingMore}
      onMore={notifications.loadMore}
    />
  );
}
