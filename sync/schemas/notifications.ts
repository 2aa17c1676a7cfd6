/**
 * Site notifications (`GET/POST /siteNotifications`, `/count`) and the
 * per-user notification settings (`GET/PUT /settings/notifications`). The
 * rows themselves are written by the features that notify (the 15-minute
 * consultation notice, a contact-us message for admins).
 */
import { z } from "zod";
import type { Role } from "../roles.ts";
import { SITE_NOTIFICATION_KINDS as CONSULTATION_KINDS } from "./site-notification.ts";

/** Every kind a site notification or a setting may have. */
export const NOTIFICATION_KINDS = [
  ...CONSULTATION_KINDS,
  /** Admins: a contact-us message arrived in the support queue. */
  "contactUs.received",
  /** A new chat message while the recipient is away (email/SMS channels; the site shows chat counters instead). */
  "message.received",
  /** A task was assigned to the recipient (issue 17). */
  "task.assigned",
  /** Patients: their doctor was deactivated; they can choose another doctor. */
  "doctor.deactivated",
  /** Admins: a doctor's credentialing (every 3 years) is due. */
  "doctor.credentialingDue",
  /** Patients: a membership payment failed (past due) — the processor retries; update the card. */
  "membership.paymentFailed",
  /** Patients: a membership's price changes after the 30-day notice. */
  "membership.priceChange",
  /** Patients: a payment was refunded, in whole or in part (issue 32). */
  "payment.refunded",
  /** Doctors: a payout to their bank failed (the money is back in their balance). */
  "payout.failed",
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const NOTIFICATION_CHANNELS = ["site", "email", "sms"] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];
export const channelSettingsSchema = z.object({ site: z.boolean(), email: z.boolean(), sms: z.boolean() }).strict();
export type ChannelSettings = z.output<typeof channelSettingsSchema>;
/** The channels of each kind the user's role receives. */
export const notificationSettingsSchema = z.partialRecord(z.enum(NOTIFICATION_KINDS), channelSettingsSchema);
export type NotificationSettings = z.output<typeof notificationSettingsSchema>;

/** Which kinds a role can receive, and what they get before choosing. */
export const NOTIFICATION_DEFAULTS: Record<Role, NotificationSettings> = {
  patient: {
    "consultation.startsSoon": { site: true, email: true, sms: false },
    "doctor.deactivated": { site: true, email: false, sms: false },
    "message.received": { site: false, email: true, sms: false },
    "membership.paymentFailed": { site: true, email: true, sms: false },
    "membership.priceChange": { site: true, email: true, sms: false },
    "payment.refunded": { site: true, email: true, sms: false },
  },
  doctor: {
    "consultation.startsSoon": { site: true, email: true, sms: false },
    "message.received": { site: false, email: true, sms: false },
    "task.assigned": { site: true, email: false, sms: false },
    "payout.failed": { site: true, email: true, sms: false },
  },
  vma: {
    "message.received": { site: false, email: true, sms: false },
    "task.assigned": { site: true, email: false, sms: false },
  },
  admin: {
    "contactUs.received": { site: true, email: false, sms: false },
    "task.assigned": { site: true, email: false, sms: false },
    "doctor.credentialingDue": { site: true, email: false, sms: false },
    "message.received": { site: false, email: false, sms: false },
  },
};

/** Merged over the stored choice, so a kind added later starts with its default. */
export function effectiveSettings(role: Role, stored: unknown): NotificationSettings {
  const out: NotificationSettings = {};
  const saved = (stored && typeof stored === "object" ? stored : {}) as Record<string, Partial<ChannelSettings>>;
  for (const [kind, defaults] of Object.entries(NOTIFICATION_DEFAULTS[role]) as [NotificationKind, ChannelSettings][]) {
    const mine = saved[kind] ?? {};
    out[kind] = {
      site: typeof mine.site === "boolean" ? mine.site : defaults.site,
      email: typeof mine.email === "boolean" ? mine.email : defaults.email,
      sms: typeof mine.sms === "boolean" ? mine.sms : defaults.sms,
    };
  }
  return out;
}

const channelsSchema = z.object({ site: z.boolean(), email: z.boolean(), sms: z.boolean() }).partial().strict();

/** `PUT /settings/notifications`: any subset of kinds and channels; the rest stays as it was. */
export const notificationSettingsInputSchema = z.object({
  settings: z.partialRecord(z.enum(NOTIFICATION_KINDS, { error: "Unknown notification kind" }), channelsSchema),
}).strict();
export type NotificationSettingsInput = z.infer<typeof notificationSettingsInputSchema>;

export const SITE_NOTIFICATIONS_PAGE_SIZE = 20;

export const siteNotificationsQuerySchema = z.object({
  offset: z.coerce.number({ error: "Offset must be a number" }).int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number({ error: "Limit must be a number" }).int().min(1).max(100).default(SITE_NOTIFICATIONS_PAGE_SIZE),
  unread: z.enum(["true", "false"]).transform((v) => v === "true").optional(),
});

export const markReadSchema = z.object({
  ids: z.array(z.uuid("Invalid id")).min(1, "Name at least one notification").max(500),
}).strict();

export const siteNotificationViewSchema = z.object({
  id: z.uuid(),
  /** 01 §3 names it notificationId; the same value as id. */
  notificationId: z.uuid(),
  kind: z.enum(NOTIFICATION_KINDS),
  // Each kind's feature writes its own payload (e.g. ConsultationStartsSoonPayload, ContactUsReceivedPayload).
  payload: z.record(z.string(), z.unknown()),
  createdAt: z.iso.datetime(),
  readAt: z.iso.datetime().nullable(),
  isRead: z.boolean(),
}).strict();
export type SiteNotificationView = z.output<typeof siteNotificationViewSchema>;

/** `GET /siteNotifications/count`: the unread notifications the user wants on the site. */
export const siteNotificationCountSchema = z.object({ count: z.number().int() }).strict();
export type SiteNotificationCount = z.output<typeof siteNotificationCountSchema>;
/** `POST /siteNotifications`: how many were marked read now, and the unread count after. */
export const markReadResultSchema = z.object({ updated: z.number().int(), count: z.number().int() }).strict();
export type MarkReadResult = z.output<typeof markReadResultSchema>;
/** `GET`/`PUT /settings/notifications`. */
export const notificationSettingsResultSchema = z.object({ settings: notificationSettingsSchema }).strict();
export type NotificationSettingsResult = z.output<typeof notificationSettingsResultSchema>;

export type ContactUsReceivedPayload = { contactMessageId: string; subject: string };
