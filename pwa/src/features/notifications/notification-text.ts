/** How a site notification reads (edge/docs/chat.md "Site notifications and settings"). Pure. */
export type SiteNotificationView = {
  id: string;
  kind: string;
  payload: Record<string, unknown> | null;
  createdAt: string;
  isRead: boolean;
};

const text = (value: unknown) => (typeof value === "string" ? value : "");

export function notificationText(item: Pick<SiteNotificationView, "kind" | "payload">): string {
  const p = item.payload ?? {};
  switch (item.kind) {
    case "consultation.startsSoon": {
      const other = (p.withUser ?? {}) as Record<string, unknown>;
      const name = [text(other.firstName), text(other.lastName)].filter(Boolean).join(" ");
      const start = new Date(text(p.startAt));
      const at = Number.isNaN(start.getTime()) ? "soon" : `at ${start.toLocaleTimeString(undefined, { hour: "numeric", minute: "2-digit" })}`;
      return name ? `Your consultation with ${name} starts ${at}.` : `Your consultation starts ${at}.`;
    }
    case "contactUs.received":
      return text(p.subject) ? `New contact-us message: ${text(p.subject)}` : "New contact-us message.";
    case "task.assigned": {
      const by = text(p.byName);
      const what = text(p.description).slice(0, 80);
      return by ? `${by} assigned you a task: ${what}` : `You have a new task: ${what}`;
    }
    default:
      return "New notification.";
  }
}

/** Where a notification leads, or null. */
export function notificationLink(item: Pick<SiteNotificationView, "kind" | "payload">): string | null {
  const p = item.payload ?? {};
  if (item.kind === "consultation.startsSoon" && text(p.consultationId)) return `/consultation/${text(p.consultationId)}`;
  if (item.kind === "contactUs.received") return "/admin";
  if (item.kind === "task.assigned" && ["doctor", "vma", "admin"].includes(text(p.area))) return `/${text(p.area)}/tasks`;
  return null;
}

export const KIND_LABELS: Record<string, string> = {
  "consultation.startsSoon": "A consultation starts in 15 minutes",
  "contactUs.received": "A contact-us message arrives",
  "message.received": "A new chat message while you are away",
  "task.assigned": "A task is assigned to you",
};

export const CHANNEL_LABELS = { site: "On the site", email: "Email", sms: "Text message" } as const;
