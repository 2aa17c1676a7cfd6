/** HTTP for plans (02 §7 "Plans and membership options") and the doctors' membership options. */
import { z } from "zod";
import { allow } from "../../access/policy.ts";
import { ok } from "../../http/envelope.ts";
import { actorOf, jsonBody } from "../../http/input.ts";
import { createRouter } from "../../http/router.ts";
import { parse } from "../../http/validate.ts";
import { idParamSchema } from "../../../../sync/schemas/auth.ts";
import { membershipOptionUpdateSchema, planInputSchema, plansQuerySchema } from "../../../../sync/schemas/membership.ts";
import type { PlansService } from "./service.ts";

const planIdSchema = z.object({ id: z.uuid("No such membership option!") });

export function plansRoutes(plans: PlansService) {
  const r = createRouter();
  const id = (c: { req: { param(): Record<string, string> } }) => parse(idParamSchema, c.req.param()).id;

  r.get("/plans", allow.roles("admin"), async (c) => ok(c, await plans.list(actorOf(c), parse(plansQuerySchema, c.req.query()))));
  r.get("/plans/dropdown", allow.signedIn, async (c) => ok(c, await plans.dropdown()));
  r.get("/plans/home", allow.public, async (c) => ok(c, await plans.home()));
  r.post("/plans", allow.roles("admin"), async (c) => ok(c, await plans.create(actorOf(c), parse(planInputSchema, await jsonBody(c))), 201));
  r.put("/plans/activate/:id", allow.roles("admin"), async (c) => ok(c, await plans.setActive(actorOf(c), id(c), true)));
  r.put("/plans/deactivate/:id", allow.roles("admin"), async (c) => ok(c, await plans.setActive(actorOf(c), id(c), false)));
  r.put("/plans/:id/add-to-homepage", allow.roles("admin"), async (c) => ok(c, await plans.setHomepage(actorOf(c), id(c), true)));
  r.put("/plans/:id/remove-from-homepage", allow.roles("admin"), async (c) => ok(c, await plans.setHomepage(actorOf(c), id(c), false)));
  r.put("/plans/:id", allow.roles("admin"), async (c) => ok(c, await plans.update(actorOf(c), id(c), parse(planInputSchema, await jsonBody(c)))));

  r.get("/membershipOptions/settings/me", allow.roles("doctor"), async (c) => ok(c, await plans.mySettings(actorOf(c))));
  // Public: a doctor's prices are on their public profile (guests see them with a sign-in prompt).
  r.get("/membershipOptions/doctor/:id", allow.public, async (c) => ok(c, await plans.optionsOfDoctor(id(c))));
  r.put("/membershipOptions/:id/enable/for/me", allow.roles("doctor"), async (c) =>
    ok(c, await plans.setEnabled(actorOf(c), parse(planIdSchema, c.req.param()).id, true)));
  r.put("/membershipOptions/:id/disable/for/me", allow.roles("doctor"), async (c) =>
    ok(c, await plans.setEnabled(actorOf(c), parse(planIdSchema, c.req.param()).id, false)));
  r.put("/membershipOptions/:id", allow.roles("doctor"), async (c) =>
    ok(c, await plans.updateOption(actorOf(c), parse(planIdSchema, c.req.param()).id, parse(membershipOptionUpdateSchema, await jsonBody(c)))));

  return r.app;
}
