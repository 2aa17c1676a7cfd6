/** HTTP for the calendar (01 §7 `GET /calendar`). */
import { allow } from "../../access/policy.ts";
import { ok } from "../../http/envelope.ts";
import { actorOf } from "../../http/input.ts";
import { createRouter } from "../../http/router.ts";
import { valid, validate } from "../../http/validate.ts";
import { answers } from "../../http/answers.ts";
import { calendarQuerySchema, calendarResultSchema } from "../../../../sync/schemas/calendar.ts";
import type { CalendarService } from "./service.ts";

export function calendarRoutes(calendar: CalendarService) {
  const r = createRouter();
  r.get("/calendar", allow.signedIn, answers(calendarResultSchema), validate({ query: calendarQuerySchema }), async (c) => {
    return ok(c, await calendar.view(actorOf(c), valid(c, calendarQuerySchema)));
  });
  return r.app;
}
