/** HTTP for subscribing and managing memberships (02 §7 "Payments" and "Doctors" `/doctors/subscription/...`). */
import { z } from "zod";
import { allow } from "../../access/policy.ts";
import { answers } from "../../http/answers.ts";
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
  membershipSchema,
  subscribeResultSchema,
  subscribeSchema,
} from "../../../../sync/schemas/membership.ts";
import { servicePurchaseSchema } from "../../../../sync/schemas/commerce-answers.ts";
import type { MembershipsService } from "./service.ts";

const doctorCancelSchema = z.object({ mode: z.enum(CANCEL_MODES).default("periodEnd") }).strict();
/** `POST /stripe/confirm/intent` confirms a membership's first payment or a paid service's charge (issue 14). */
const confirmedSchema = z.union([membershipSchema, servicePurchaseSchema]);
const forPatientSchema = z.object({ subscriptionId: z.string().regex(/^sub_[A-Za-z0-9_]{1,200}$/, "Invalid subscription"), patientId: z.uuid("Invalid patient") });

export function membershipsRoutes(memberships: MembershipsService) {
  const r = createRouter();

  const byId = validate({ param: idParamSchema });
  const id = (c: Parameters<typeof valid>[0]) => valid(c, idParamSchema).id;

  r.get("/payments/stripe/subscribe", allow.roles("patient"), answers(z.array(membershipSchema)), async (c) => ok(c, await memberships.listMine(actorOf(c))));
  r.post("/payments/stripe/subscribe", allow.roles("patient"), answers(subscribeResultSchema), validate({ json: subscribeSchema }), async (c) =>
    ok(c, await memberships.subscribe(actorOf(c), valid(c, subscribeSchema))));
  r.put("/payments/stripe/subscribe", allow.roles("patient"), answers(membershipSchema), validate({ json: changePlanSchema }), async (c) => {
    const input = valid(c, changePlanSchema);
    return ok(c, await memberships.change(actorOf(c), input.membershipId, input.planId));
  });
  r.delete("/payments/stripe/subscribe", allow.roles("patient"), answers(membershipSchema), validate({ json: cancelSubscriptionSchema }), async (c) => {
    const input = valid(c, cancelSubscriptionSchema);
    return ok(c, await memberships.cancel(actorOf(c), input.membershipId, input.mode));
  });
  r.delete("/payments/stripe/subscribe/change/:id", allow.roles("patient"), answers(membershipSchema), byId, async (c) =>
    ok(c, await memberships.cancelChange(actorOf(c), id(c))));
  r.get("/payments/stripe/subscribe/:id", allow.roles("patient", "doctor", "vma", "admin"), answers(membershipSchema), byId, async (c) =>
    ok(c, await memberships.byId(actorOf(c), id(c))));
  r.post("/stripe/confirm/intent", allow.roles("patient"), answers(confirmedSchema), validate({ json: confirmIntentSchema }), async (c) =>
    ok(c, await memberships.confirmIntent(actorOf(c), valid(c, confirmIntentSchema).intentId)));

  // The doctor's side (their VMAs see the list).
  r.get("/doctors/subscription/patients", allow.approved("doctor", "vma"), answers(z.array(membershipSchema)), async (c) => ok(c, await memberships.listOfDoctor(actorOf(c))));
  r.post("/doctors/subscription/cancel/:id", allow.approved("doctor"), answers(membershipSchema), validate({ param: idParamSchema, json: doctorCancelSchema }), async (c) =>
    ok(c, await memberships.cancel(actorOf(c), id(c), valid(c, doctorCancelSchema).mode)));
  r.delete("/doctors/subscription/change/:id", allow.approved("doctor"), answers(membershipSchema), byId, async (c) =>
    ok(c, await memberships.cancelChange(actorOf(c), id(c))));
  r.delete("/doctors/subscription/:subscriptionId/for/:patientId", allow.approved("doctor"), answers(membershipSchema), validate({ param: forPatientSchema }), async (c) => {
    const p = valid(c, forPatientSchema);
    return ok(c, await memberships.cancelForPatient(actorOf(c), p.subscriptionId, p.patientId));
  });

  return r.app;
}
