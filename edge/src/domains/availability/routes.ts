/** HTTP for availability (02 §7 `GET/PUT /availability`) and the free slots a patient can book. */
import { allow } from "../../access/policy.ts";
import { ok } from "../../http/envelope.ts";
import { actorOf, jsonBody } from "../../http/input.ts";
import { createRouter } from "../../http/router.ts";
import { parse } from "../../http/validate.ts";
import {
  availabilityInputSchema,
  availabilityQuerySchema,
  slotsQuerySchema,
} from "../../../../sync/schemas/availability.ts";
import type { AvailabilityService } from "./service.ts";

export function availabilityRoutes(availability: AvailabilityService) {
  const r = createRouter();

  // Public: the free slots of a listed doctor (shown on their profile before signing in).
  r.get("/availability/slots", allow.public, async (c) => {
    return ok(c, await availability.slots(parse(slotsQuerySchema, c.req.query())));
  });

  r.get("/availability", allow.signedIn, async (c) => {
    const { doctorId } = parse(availabilityQuerySchema, c.req.query());
    return ok(c, await availability.get(actorOf(c), doctorId));
  });

  r.put("/availability", allow.roles("doctor", "vma", "admin"), async (c) => {
    const input = parse(availabilityInputSchema, await jsonBody(c));
    return ok(c, await availability.put(actorOf(c), input));
  });

  return r.app;
}
