/**
 * Site notifications (list, unread count, mark read) and notification
 * settings. A kind whose `site` channel the user turned off is left out of the
 * list and the count (so the consultation notices written by the scheduler
 * follow the setting too). `notify` is how a feature notifies on the site: it
 * writes one row per recipient who wants it and tells their sockets
 * (`siteNotification:new`). Email and SMS channels are stored for the features
 * that send mail to read (none does yet).
 */
import type { Actor } from "../../access/actor.ts";
import type { Deps } from "../../deps.ts";
import type { Queryable } from "../../db/connect.ts";
import { badRequest } from "../../http/errors.ts";
import { listOf } from "../../http/envelope.ts";
import type { Role } from "../../../../sync/roles.ts";
import { CHAT_EVENTS } from "../../../../sync/schemas/chat.ts";
import {
  effectiveSettings,
  type MarkReadResult,
  NOTIFICATION_DEFAULTS,
  type NotificationKind,
  type NotificationSettings,
  type NotificationSettingsInput,
  type NotificationSettingsResult,
  type SiteNotificationCount,
} from "../../../../sync/schemas/notifications.ts";
import { createNotificationsRepo } from "./repo.ts";

export function createNotificationsService(deps: Pick<Deps, "sql" | "clock" | "events">) {
  const { clock, events } = deps;
  const repo = createNotificationsRepo(deps.sql);

  async function settingsOf(userId: string): Promise<{ role: Role; settings: NotificationSettings }> {
    const stored = (await repo.storedSettings([userId])).get(userId);
    const role = (stored?.role ?? "patient") as Role;
    return { role, settings: effectiveSettings(role, stored?.settings) };
  }

  /** Kinds this user does not want on the site. */
  async function hiddenKinds(userId: string): Promise<string[]> {
    const { settings } = await settingsOf(userId);
    return Object.entries(settings).filter(([, c]) => !c.site).map(([kind]) => kind);
  }

  return {
    async list(actor: Actor, o: { offset: number; limit: number; unread?: boolean }) {
      const { list, totalCount } = await repo.list(actor.userId, await hiddenKinds(actor.userId), o);
      return listOf(list, o.offset, o.limit, totalCount);
    },

    async count(actor: Actor): Promise<SiteNotificationCount> {
      return { count: await repo.unreadCount(actor.userId, await hiddenKinds(actor.userId)) };
    },

    async markRead(actor: Actor, ids: string[]): Promise<MarkReadResult> {
      const updated = await repo.markRead(actor.userId, ids, clock.now());
      return { updated, count: await repo.unreadCount(actor.userId, await hiddenKinds(actor.userId)) };
    },

    async settings(actor: Actor): Promise<NotificationSettingsResult> {
      return { settings: (await settingsOf(actor.userId)).settings };
    },

    async updateSettings(actor: Actor, input: NotificationSettingsInput): Promise<NotificationSettingsResult> {
      const { role, settings } = await settingsOf(actor.userId);
      const mine = NOTIFICATION_DEFAULTS[role];
      const foreign = Object.keys(input.settings).filter((kind) => !(kind in mine));
      if (foreign.length) {
        throw badRequest("Please correct the highlighted fields", {
          reason: "VALIDATION_FAILED",
          fields: Object.fromEntries(foreign.map((k) => [`settings.${k}`, "Not a notification of your role"])),
        });
      }
      const next: NotificationSettings = { ...settings };
      for (const [kind, channels] of Object.entries(input.settings) as [NotificationKind, Record<string, boolean>][]) {
        next[kind] = { ...next[kind]!, ...channels };
      }
      await repo.saveSettings(actor.userId, next);
      return { settings: next };
    },

    /** Notifies on the site those of `userIds` who want this kind there; returns the ids written. */
    async notify(userIds: readonly string[], kind: NotificationKind, payload: Record<string, unknown>) {
      const written = await write(deps.sql, userIds, kind, payload);
      await announce(written);
      return written.rows.map((r) => r.id);
    },

    /**
     * `notify` in two halves, for a notification that must be written in the caller's transaction
     * (once with the change it reports): `write` inside it, `announce` to the sockets after it commits.
     */
    write,
    announce,
  };

  async function write(q: Queryable, userIds: readonly string[], kind: NotificationKind, payload: Record<string, unknown>) {
    const stored = await repo.storedSettings(userIds, q);
    const wanting = userIds.filter((id) => {
      const s = stored.get(id);
      return s && effectiveSettings(s.role as Role, s.settings)[kind]?.site !== false;
    });
    return { kind, rows: await repo.insert(wanting, kind, payload, clock.now(), q) };
  }

  async function announce(written: { kind: NotificationKind; rows: { id: string; user_id: string }[] }) {
    for (const row of written.rows) {
      await events.toUsers([row.user_id], CHAT_EVENTS.siteNotificationNew, { notificationId: row.id, kind: written.kind });
    }
  }
}
export type NotificationsService = ReturnType<typeof createNotificationsService>;
