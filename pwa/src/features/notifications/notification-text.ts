/** How a site notification reads (edge/docs/chat.md "Site notifications and settings"). Pure. */
import type { NotificationKind, SiteNotificationView as SiteNotification } from "../../../../sync/schemas/notifications.ts";
import { formatUsd } from "../../../../sync/rules/money.ts";

/** What the bell shows of a site notification (`GET /siteNotifications` answers these fields and more). */
export type SiteNotificationView = Pick<SiteNotification, "id" | "kind" | "payload" | "createdAt" | "isRead">;

const text = (value: unknown) => (typeof value === "string" ? value : "");
const usd = formatUsd;

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
    case "doctor.deactivated":
      return text(p.doctorName)
        ? `Dr. ${text(p.doctorName)} no longer sees patients here. You can choose another doctor.`
        : "Your doctor no longer sees patients here. You can choose another doctor.";
    case "doctor.credentialingDue":
      return text(p.doctorName) ? `Credentialing is due for ${text(p.doctorName)}.` : "A doctor's credentialing is due.";
    case "contactUs.received":
      return text(p.subject) ? `New contact-us message: ${text(p.subject)}` : "New contact-us message.";
    case "task.assigned": {
      const by = text(p.byName);
      const what = text(p.description).slice(0, 80);
      return by ? `${by} assigned you a task: ${what}` : `You have a new task: ${what}`;
    }
    case "payout.failed": {
      const cents = typeof p.amountCents === "number" ? p.amountCents : null;
      const amount = cents === null ? "A payout" : `Your payout of ${usd(cents)}`;
      return `${amount} failed${text(p.reason) ? `: ${text(p.reason)}` : "."} The money is back in your balance.`;
    }
    case "payment.refunded": {
      const amount = typeof p.amountCents === "number" ? usd(p.amountCents) : "A refund";
      const whole = typeof p.totalRefundedCents === "number" && typeof p.paidCents === "number" && p.totalRefundedCents >= p.paidCents;
      return `${amount} of your ${typeof p.paidCents === "number" ? `${usd(p.paidCents)} ` : ""}payment was refunded${whole ? " (all of it)" : ""}. It reaches your card in 5 to 10 business days.`;
    }
    case "membership.paymentFailed":
      return `Your membership payment${typeof p.amountCents === "number" ? ` of ${usd(p.amountCents)}` : ""} did not go through. Update your card to keep your membership.`;
    case "membership.priceChange":
      return "Your membership's price changes. See the new price and when it starts in Settings.";
    default:
      return "New notification.";
  }
}

/** Where a notification leads, or null. */
export function notificationLink(item: Pick<SiteNotificationView, "kind" | "payload">): string | null {
  const p = item.payload ?? {};
  if (item.kind === "consultation.startsSoon" && text(p.consultationId)) return `/consultation/${text(p.consultationId)}`;
  if (item.kind === "task.assigned" && ["doctor", "vma", "admin"].includes(text(p.area))) return `/${text(p.area)}/tasks`;
  if (item.kind === "contactUs.received") return "/admin/messages";
  if (item.kind === "doctor.deactivated") return "/doctors";
  if (item.kind === "doctor.credentialingDue") return "/admin/providers?status=approved";
  if (item.kind === "payout.failed") return "/settings#balance";
  if (item.kind === "payment.refunded") return "/settings#payment-history";
  if (item.kind === "membership.paymentFailed") return "/settings#payment-methods";
  if (item.kind === "membership.priceChange") return "/settings#my-membership";
  return null;
}

/** Every kind's label in Settings → Notifications (typed by the kinds: none shows as its raw key). */
export const KIND_LABELS: Record<NotificationKind, string> = {
  "consultation.startsSoon": "A consultation starts in 15 minutes",
  "contactUs.received": "A contact-us message arrives",
  "message.received": "A new chat message while you are away",
  "task.assigned": "A task is assigned to you",
  "doctor.deactivated": "Your doctor stops seeing patients here",
  "doctor.credentialingDue": "A doctor's credentialing falls due",
  "payout.failed": "A payout to your bank fails",
  "membership.paymentFailed": "A membership payment fails",
  "membership.priceChange": "Your membership's price changes",
  "payment.refunded": "A payment is refunded to you",
};

export const CHANNEL_LABELS = { site: "On the site", email: "Email", sms: "Text message" } as const;
