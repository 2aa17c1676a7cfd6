/** HTTP for availability (02 §7 `GET/PUT /availability`) and the free slots a patient can book. */
import { allow } from "../../access/policy.ts";
import { ok } from "../../http/envelope.ts";
import { actorOf } from "../../http/input.ts";
import { createRouter } from "../../http/router.ts";
import { valid, validate } from "../../http/validate.ts";
import { answers } from "../../http/answers.ts";
import { listResultSchema } from "../../../../sync/envelope.ts";
import {
  availabilityInputSchema,
  availabilityQuerySchema,
  availabilitySchema,
  slotSchema,
  slotsQuerySchema,
} from "../../../../sync/schemas/availability.ts";
import type { AvailabilityService } from "./service.ts";

export function availabilityRoutes(availability: AvailabilityService) {
  const r = createRouter();

  // Public: the free slots of a listed doctor (shown on their profile before signing in).
  r.get("/availability/slots", allow.public, answers(listResultSchema(slotSchema)), validate({ query: slotsQuerySchema }), async (c) => {
    return ok(c, await availability.slots(valid(c, slotsQuerySchema)));
  });

  r.get("/availability", allow.signedIn, answers(availabilitySchema), validate({ query: availabilityQuerySchema }), async (c) => {
    const { doctorId } = valid(c, availabilityQuerySchema);
    return ok(c, await availability.get(actorOf(c), doctorId));
  });

  r.put("/availability", allow.roles("doctor", "vma", "admin"), answers(availabilitySchema), validate({ json: availabilityInputSchema }), async (c) => {
    const input = valid(c, availabilityInputSchema);
    return ok(c, await availability.put(actorOf(c), input));
  });

  return r.app;
}
