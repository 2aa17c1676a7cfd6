/** HTTP for subscribing and managing memberships (02 §7 "Payments" and "Doctors" `/doctors/subscription/...`). */
import { z } from "zod";
import { allow } from "../../access/policy.ts";
import { ok } from "../../http/envelope.ts";
import { actorOf } from "../../http/input.ts";
import { createRouter } from "../../http/router.ts";
import { valid, validate } from "../../http/validate.ts";
import { idParamSchema } from "../../../../sync/schemas/auth.ts";
import {
  CANCEL_MODES,
  cancelSubscriptionSchema,
  changePlanSchema,
  confirmIntentSchema,
  subscribeSchema,
} from "../../../../sync/schemas/membership.ts";
import type { MembershipsService } from "./service.ts";

const doctorCancelSchema = z.object({ mode: z.enum(CANCEL_MODES).default("periodEnd") }).strict();
const forPatientSchema = z.object({ subscriptionId: z.string().regex(/^sub_[A-Za-z0-9_]{1,200}$/, "Invalid subscription"), patientId: z.uuid("Invalid patient") });

export function membershipsRoutes(memberships: MembershipsService) {
  const r = createRouter();

  r.get("/payments/stripe/subscribe", allow.roles("patient"), async (c) => ok(c, await memberships.listMine(actorOf(c))));
  r.post("/payments/stripe/subscribe", allow.roles("patient"), validate({ json: subscribeSchema }), async (c) =>
    ok(c, await memberships.subscribe(actorOf(c), valid(c, subscribeSchema))));
  r.put("/payments/stripe/subscribe", allow.roles("patient"), validate({ json: changePlanSchema }), async (c) => {
    const input = valid(c, changePlanSchema);
    return ok(c, await memberships.change(actorOf(c), input.membershipId, input.planId));
  });
  r.delete("/payments/stripe/subscribe", allow.roles("patient"), validate({ json: cancelSubscriptionSchema }), async (c) => {
    const input = valid(c, cancelSubscriptionSchema);
    return ok(c, await memberships.cancel(actorOf(c), input.membershipId, input.mode));
  });
  r.delete("/payments/stripe/subscribe/change/:id", allow.roles("patient"), validate({ param: idParamSchema }), async (c) =>
    ok(c, await memberships.cancelChange(actorOf(c), valid(c, idParamSchema).id)));
  r.get("/payments/stripe/subscribe/:id", allow.roles("patient", "doctor", "vma", "admin"), validate({ param: idParamSchema }), async (c) =>
    ok(c, await memberships.byId(actorOf(c), valid(c, idParamSchema).id)));
  r.post("/stripe/confirm/intent", allow.roles("patient"), validate({ json: confirmIntentSchema }), async (c) =>
    ok(c, await memberships.confirmIntent(actorOf(c), valid(c, confirmIntentSchema).intentId)));

  // The doctor's side (their VMAs see the list).
  r.get("/doctors/subscription/patients", allow.approved("doctor", "vma"), async (c) => ok(c, await memberships.listOfDoctor(actorOf(c))));
  r.post("/doctors/subscription/cancel/:id", allow.approved("doctor"), validate({ param: idParamSchema, json: doctorCancelSchema }), async (c) =>
    ok(c, await memberships.cancel(actorOf(c), valid(c, idParamSchema).id, valid(c, doctorCancelSchema).mode)));
  r.delete("/doctors/subscription/change/:id", allow.approved("doctor"), validate({ param: idParamSchema }), async (c) =>
    ok(c, await memberships.cancelChange(actorOf(c), valid(c, idParamSchema).id)));
  r.delete("/doctors/subscription/:subscriptionId/for/:patientId", allow.approved("doctor"), validate({ param: forPatientSchema }), async (c) => {
    const p = valid(c, forPatientSchema);
    return ok(c, await memberships.cancelForPatient(actorOf(c), p.subscriptionId, p.patientId));
  });

  return r.app;
}
