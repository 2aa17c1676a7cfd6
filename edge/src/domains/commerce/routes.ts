/** HTTP for commerce: promo codes (/coupons) and paid services (/paidServices). */
import { z } from "zod";
import { allow } from "../../access/policy.ts";
import { ok } from "../../http/envelope.ts";
import { actorOf, jsonBody } from "../../http/input.ts";
import { createRouter } from "../../http/router.ts";
import { parse } from "../../http/validate.ts";
import { couponInputSchema, couponsQuerySchema, paidServiceInputSchema, paidServicesQuerySchema } from "../../../../sync/schemas/commerce.ts";
import type { CouponsService } from "./coupons.ts";
import type { PaidServicesService } from "./services.ts";

const couponIdSchema = z.object({ id: z.uuid("No such coupon") });
const codeSchema = z.object({ code: z.string().max(40, "Invalid coupon").refine((s) => !s.includes("\u0000"), "Invalid coupon") });
const serviceIdSchema = z.object({ id: z.uuid("No such service!") });
const doctorIdSchema = z.object({ id: z.uuid("No such doctor") });

export function commerceRoutes(coupons: CouponsService, services: PaidServicesService) {
  const r = createRouter();
  const sid = (c: { req: { param(): Record<string, string> } }) => parse(serviceIdSchema, c.req.param()).id;

  r.get("/coupons", allow.roles("admin"), async (c) => ok(c, await coupons.list(actorOf(c), parse(couponsQuerySchema, c.req.query()))));
  r.post("/coupons", allow.roles("admin"), async (c) =>
    ok(c, await coupons.create(actorOf(c), parse(couponInputSchema, await jsonBody(c))), 201));
  r.get("/coupons/check/:code", allow.signedIn, async (c) => ok(c, await coupons.check(parse(codeSchema, c.req.param()).code)));
  r.delete("/coupons/:id", allow.roles("admin"), async (c) => ok(c, await coupons.remove(actorOf(c), parse(couponIdSchema, c.req.param()).id)));

  r.get("/paidServices/list", allow.roles("admin"), async (c) =>
    ok(c, await services.list(actorOf(c), parse(paidServicesQuerySchema, c.req.query()))));
  r.get("/paidServices/dropdown", allow.signedIn, async (c) => ok(c, await services.dropdown()));
  r.get("/paidServices/home", allow.public, async (c) => ok(c, await services.home()));
  r.get("/paidServices/settings/me", allow.roles("doctor"), async (c) => ok(c, await services.mySettings(actorOf(c))));
  r.get("/paidServices/doctor/:id", allow.signedIn, async (c) => ok(c, await services.ofDoctor(parse(doctorIdSchema, c.req.param()).id)));
  r.post("/paidServices", allow.roles("admin"), async (c) =>
    ok(c, await services.create(actorOf(c), parse(paidServiceInputSchema, await jsonBody(c))), 201));
  r.put("/paidServices/activate/:id", allow.roles("admin"), async (c) => ok(c, await services.setActive(actorOf(c), sid(c), true)));
  r.put("/paidServices/deactivate/:id", allow.roles("admin"), async (c) => ok(c, await services.setActive(actorOf(c), sid(c), false)));
  r.put("/paidServices/:id/add-to-homepage", allow.roles("admin"), async (c) => ok(c, await services.setHomepage(actorOf(c), sid(c), true)));
  r.put("/paidServices/:id/remove-from-homepage", allow.roles("admin"), async (c) =>
    ok(c, await services.setHomepage(actorOf(c), sid(c), false)));
  r.put("/paidServices/:id/enable/for/me", allow.roles("doctor"), async (c) => ok(c, await services.setEnabled(actorOf(c), sid(c), true)));
  r.put("/paidServices/:id/disable/for/me", allow.roles("doctor"), async (c) => ok(c, await services.setEnabled(actorOf(c), sid(c), false)));
  r.put("/paidServices/:id", allow.roles("admin"), async (c) =>
    ok(c, await services.update(actorOf(c), sid(c), parse(paidServiceInputSchema, await jsonBody(c)))));

  return r.app;
}
