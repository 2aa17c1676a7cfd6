/** HTTP for site notifications and notification settings (01 §7). */
import { allow } from "../../access/policy.ts";
import { ok } from "../../http/envelope.ts";
import { actorOf } from "../../http/input.ts";
import { createRouter } from "../../http/router.ts";
import { valid, validate } from "../../http/validate.ts";
import { answers } from "../../http/answers.ts";
import { listResultSchema } from "../../../../sync/envelope.ts";
import {
  markReadResultSchema,
  markReadSchema,
  notificationSettingsInputSchema,
  notificationSettingsResultSchema,
  siteNotificationCountSchema,
  siteNotificationsQuerySchema,
  siteNotificationViewSchema,
} from "../../../../sync/schemas/notifications.ts";
import type { NotificationsService } from "./service.ts";

export function notificationsRoutes(notifications: NotificationsService) {
  const r = createRouter();

  r.get("/siteNotifications/count", allow.signedIn, answers(siteNotificationCountSchema), async (c) => ok(c, await notifications.count(actorOf(c))));

  r.get("/siteNotifications", allow.signedIn, answers(listResultSchema(siteNotificationViewSchema)), validate({ query: siteNotificationsQuerySchema }), async (c) => {
    const query = valid(c, siteNotificationsQuerySchema);
    return ok(c, await notifications.list(actorOf(c), query));
  });

  r.post("/siteNotifications", allow.signedIn, answers(markReadResultSchema), validate({ json: markReadSchema }), async (c) => {
    const { ids } = valid(c, markReadSchema);
    return ok(c, await notifications.markRead(actorOf(c), ids));
  });

  r.get("/settings/notifications", allow.signedIn, answers(notificationSettingsResultSchema), async (c) => ok(c, await notifications.settings(actorOf(c))));

  r.put("/settings/notifications", allow.signedIn, answers(notificationSettingsResultSchema), validate({ json: notificationSettingsInputSchema }), async (c) => {
    const input = valid(c, notificationSettingsInputSchema);
    return ok(c, await notifications.updateSettings(actorOf(c), input));
  });

  return r.app;
}
