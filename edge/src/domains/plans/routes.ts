/** HTTP for plans (02 §7 "Plans and membership options") and the doctors' membership options. */
import { z } from "zod";
import { allow } from "../../access/policy.ts";
import { answers } from "../../http/answers.ts";
import { idempotent } from "../../http/idempotency.ts";
import { ok } from "../../http/envelope.ts";
import { actorOf } from "../../http/input.ts";
import { createRouter } from "../../http/router.ts";
import { valid, validate } from "../../http/validate.ts";
import { idParamSchema } from "../../../../sync/schemas/auth.ts";
import { listResultSchema } from "../../../../sync/envelope.ts";
import {
  membershipOptionAnswerSchema,
  membershipOptionUpdateSchema,
  planAnswerSchema,
  planChoiceSchema,
  planInputSchema,
  plansQuerySchema,
  planUpdateAnswerSchema,
} from "../../../../sync/schemas/membership.ts";
import type { PlansService } from "./service.ts";

/** A plan id in the path of the doctors' option calls: anything else reads as "no such option". */
const optionIdSchema = z.object({ id: z.uuid("No such membership option!") });

export function plansRoutes(plans: PlansService) {
  const r = createRouter();
  const byId = validate({ param: idParamSchema });
  const planId = (c: Parameters<typeof valid>[0]) => valid(c, idParamSchema).id;
  const optionId = (c: Parameters<typeof valid>[0]) => valid(c, optionIdSchema).id;

  r.get("/plans", allow.roles("admin"), answers(listResultSchema(planAnswerSchema)), validate({ query: plansQuerySchema }), async (c) =>
    ok(c, await plans.list(actorOf(c), valid(c, plansQuerySchema))));
  r.get("/plans/dropdown", allow.signedIn, answers(z.array(planChoiceSchema)), async (c) => ok(c, await plans.dropdown()));
  r.get("/plans/home", allow.public, answers(z.array(planAnswerSchema)), async (c) => ok(c, await plans.home()));
  r.post("/plans", allow.roles("admin"), answers(planAnswerSchema, 201), validate({ json: planInputSchema }), idempotent(), async (c) =>
    ok(c, await plans.create(actorOf(c), valid(c, planInputSchema)), 201));
  r.put("/plans/activate/:id", allow.roles("admin"), answers(planAnswerSchema), byId, async (c) => ok(c, await plans.setActive(actorOf(c), planId(c), true)));
  r.put("/plans/deactivate/:id", allow.roles("admin"), answers(planAnswerSchema), byId, async (c) => ok(c, await plans.setActive(actorOf(c), planId(c), false)));
  r.put("/plans/:id/add-to-homepage", allow.roles("admin"), answers(planAnswerSchema), byId, async (c) => ok(c, await plans.setHomepage(actorOf(c), planId(c), true)));
  r.put("/plans/:id/remove-from-homepage", allow.roles("admin"), answers(planAnswerSchema), byId, async (c) =>
    ok(c, await plans.setHomepage(actorOf(c), planId(c), false)));
  r.put("/plans/:id", allow.roles("admin"), answers(planUpdateAnswerSchema), validate({ param: idParamSchema, json: planInputSchema }), async (c) =>
    ok(c, await plans.update(actorOf(c), planId(c), valid(c, planInputSchema))));
  // Not in the spec (issue 32): the price change of the last few minutes, before members are told.
  r.post("/plans/:id/price/undo", allow.roles("admin"), answers(planAnswerSchema), byId, async (c) => ok(c, await plans.undoPrice(actorOf(c), planId(c))));

  r.get("/membershipOptions/settings/me", allow.roles("doctor"), answers(z.array(membershipOptionAnswerSchema)), async (c) => ok(c, await plans.mySettings(actorOf(c))));
  // Public: a doctor's prices are on their public profile (guests see them with a sign-in prompt).
  r.get("/membershipOptions/doctor/:id", allow.public, answers(z.array(membershipOptionAnswerSchema)), byId, async (c) => ok(c, await plans.optionsOfDoctor(planId(c))));
  const byOption = validate({ param: optionIdSchema });
  r.put("/membershipOptions/:id/enable/for/me", allow.roles("doctor"), answers(membershipOptionAnswerSchema), byOption, async (c) =>
    ok(c, await plans.setEnabled(actorOf(c), optionId(c), true)));
  r.put("/membershipOptions/:id/disable/for/me", allow.roles("doctor"), answers(membershipOptionAnswerSchema), byOption, async (c) =>
    ok(c, await plans.setEnabled(actorOf(c), optionId(c), false)));
  r.put("/membershipOptions/:id", allow.roles("doctor"), answers(membershipOptionAnswerSchema), validate({ param: optionIdSchema, json: membershipOptionUpdateSchema }), async (c) =>
    ok(c, await plans.updateOption(actorOf(c), optionId(c), valid(c, membershipOptionUpdateSchema))));
  r.post("/membershipOptions/:id/price/undo", allow.roles("doctor"), answers(membershipOptionAnswerSchema), byOption, async (c) =>
    ok(c, await plans.undoOptionPrice(actorOf(c), optionId(c))));

  return r.app;
}
