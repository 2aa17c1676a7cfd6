/**
 * Site notifications (01 §3 "Notification"): rows in `site_notifications`, one
 * per recipient. This issue writes them (the 15-minute consultation notice);
 * the notifications issue adds `GET /siteNotifications`, the count, marking
 * read and live delivery.
 */
import type { ConsultationType } from "./consultation.ts";

export const SITE_NOTIFICATION_KINDS = ["consultation.startsSoon"] as const;
export type SiteNotificationKind = (typeof SITE_NOTIFICATION_KINDS)[number];

/** Payload of `consultation.startsSoon`, sent to both parties 15 minutes before the start. */
export type ConsultationStartsSoonPayload = {
  consultationId: string;
  type: ConsultationType;
  startAt: string;
  endAt: string;
  /** The other party. */
  withUser: { id: string; firstName: string; lastName: string };
};

export type SiteNotification = {
  id: string;
  kind: SiteNotificationKind;
  payload: ConsultationStartsSoonPayload;
  createdAt: string;
  readAt: string | null;
};
