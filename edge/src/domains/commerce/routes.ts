/** HTTP for commerce: promo codes (/coupons) and paid services (/paidServices). */
import { z } from "zod";
import { allow } from "../../access/policy.ts";
import { answers, answersFile } from "../../http/answers.ts";
import { idempotent } from "../../http/idempotency.ts";
import { attachment, storedFileResponse } from "../../http/download.ts";
import { ok } from "../../http/envelope.ts";
import { actorOf } from "../../http/input.ts";
import { createRouter } from "../../http/router.ts";
import { valid, validate } from "../../http/validate.ts";
import { couponInputSchema, couponsQuerySchema, paidServiceInputSchema, paidServicesQuerySchema } from "../../../../sync/schemas/commerce.ts";
import type { CouponsService } from "./coupons.ts";
import type { PaidServicesService } from "./services.ts";
import type { Purchases } from "./purchase.ts";
import type { PayoutAccounts } from "./payout-account.ts";
import type { Money } from "./money.ts";
import { ledgerQuerySchema, payoutSchema, refundSchema, requestDoneSchema, serviceRequestSchema } from "../../../../sync/schemas/commerce.ts";
import { idParamSchema } from "../../../../sync/schemas/auth.ts";
import { idResultSchema, listResultSchema } from "../../../../sync/envelope.ts";
import {
  couponCheckSchema,
  couponSchema,
  doctorBalanceSchema,
  doctorPaidServiceAnswerSchema,
  ledgerReportSchema,
  ledgerTransactionSchema,
  paidServiceChoiceSchema,
  paidServiceAnswerSchema,
  payoutAccountStatusSchema,
  payoutAnswerSchema,
  payoutDashboardLinkSchema,
  payoutFinalizeSchema,
  payoutLinkSchema,
  refundedTransactionSchema,
  servicePurchaseSchema,
  serviceQuoteSchema,
  serviceRequestViewSchema,
} from "../../../../sync/schemas/commerce-answers.ts";

const couponIdSchema = z.object({ id: z.uuid("No such coupon") });
const codeSchema = z.object({ code: z.string().max(40, "Invalid coupon").refine((s) => !s.includes("\u0000"), "Invalid coupon") });
const serviceIdSchema = z.object({ id: z.uuid("No such service!") });
const doctorIdSchema = z.object({ id: z.uuid("No such doctor") });
const quoteQuerySchema = z.object({ doctorId: z.uuid("No such doctor") }).strict();

const finalizeSchema = z.object({
  csrfToken: z.string().regex(/^[0-9a-f]{48}$/, "There was an error connecting your stripe account!"),
  code: z.string().max(200).refine((s) => !s.includes("\u0000")).optional(),
}).strict();
const txIdSchema = z.object({ id: z.uuid("No such transaction") });
const requestsQuerySchema = z.object({
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(50),
}).strict();
const requestFileSchema = z.object({ id: z.uuid("No such request"), fileId: z.uuid("File not found") });

export function commerceRoutes(coupons: CouponsService, services: PaidServicesService, purchases: Purchases, accounts: PayoutAccounts, money: Money) {
  const r = createRouter();
  const withService = validate({ param: serviceIdSchema });
  const sid = (c: Parameters<typeof valid>[0]) => valid(c, serviceIdSchema).id;

  r.get("/coupons", allow.roles("admin"), answers(listResultSchema(couponSchema)), validate({ query: couponsQuerySchema }), async (c) =>
    ok(c, await coupons.list(actorOf(c), valid(c, couponsQuerySchema))));
  r.post("/coupons", allow.roles("admin"), answers(couponSchema, 201), validate({ json: couponInputSchema }), idempotent(), async (c) =>
    ok(c, await coupons.create(actorOf(c), valid(c, couponInputSchema)), 201));
  r.get("/coupons/check/:code", allow.signedIn, answers(couponCheckSchema), validate({ param: codeSchema }), async (c) =>
    ok(c, await coupons.check(valid(c, codeSchema).code)));
  r.delete("/coupons/:id", allow.roles("admin"), answers(idResultSchema), validate({ param: couponIdSchema }), async (c) =>
    ok(c, await coupons.remove(actorOf(c), valid(c, couponIdSchema).id)));

  r.get("/paidServices/list", allow.roles("admin"), answers(listResultSchema(paidServiceAnswerSchema)), validate({ query: paidServicesQuerySchema }), async (c) =>
    ok(c, await services.list(actorOf(c), valid(c, paidServicesQuerySchema))));
  r.get("/paidServices/dropdown", allow.signedIn, answers(z.array(paidServiceChoiceSchema)), async (c) => ok(c, await services.dropdown()));
  r.get("/paidServices/home", allow.public, answers(z.array(paidServiceAnswerSchema)), async (c) => ok(c, await services.home()));
  r.get("/paidServices/settings/me", allow.roles("doctor"), answers(z.array(doctorPaidServiceAnswerSchema)), async (c) => ok(c, await services.mySettings(actorOf(c))));
  // Public, like the membership options (/membershipOptions/doctor/:id): guests compare prices before signing up.
  r.get("/paidServices/doctor/:id", allow.public, answers(z.array(paidServiceAnswerSchema)), validate({ param: doctorIdSchema }), async (c) =>
    ok(c, await services.ofDoctor(valid(c, doctorIdSchema).id)));
  r.post("/paidServices", allow.roles("admin"), answers(paidServiceAnswerSchema, 201), validate({ json: paidServiceInputSchema }), idempotent(), async (c) =>
    ok(c, await services.create(actorOf(c), valid(c, paidServiceInputSchema)), 201));
  r.put("/paidServices/activate/:id", allow.roles("admin"), answers(paidServiceAnswerSchema), withService, async (c) => ok(c, await services.setActive(actorOf(c), sid(c), true)));
  r.put("/paidServices/deactivate/:id", allow.roles("admin"), answers(paidServiceAnswerSchema), withService, async (c) => ok(c, await services.setActive(actorOf(c), sid(c), false)));
  r.put("/paidServices/:id/add-to-homepage", allow.roles("admin"), answers(paidServiceAnswerSchema), withService, async (c) => ok(c, await services.setHomepage(actorOf(c), sid(c), true)));
  r.put("/paidServices/:id/remove-from-homepage", allow.roles("admin"), answers(paidServiceAnswerSchema), withService, async (c) =>
    ok(c, await services.setHomepage(actorOf(c), sid(c), false)));
  r.put("/paidServices/:id/enable/for/me", allow.roles("doctor"), answers(doctorPaidServiceAnswerSchema), withService, async (c) => ok(c, await services.setEnabled(actorOf(c), sid(c), true)));
  r.put("/paidServices/:id/disable/for/me", allow.roles("doctor"), answers(doctorPaidServiceAnswerSchema), withService, async (c) => ok(c, await services.setEnabled(actorOf(c), sid(c), false)));
  r.get("/paidServices/quote/:id", allow.roles("patient"), answers(serviceQuoteSchema), validate({ param: serviceIdSchema, query: quoteQuerySchema }), async (c) =>
    ok(c, await purchases.quote(actorOf(c), sid(c), valid(c, quoteQuerySchema).doctorId)));
  r.post("/paidServices/request/:id", allow.roles("patient"), answers(servicePurchaseSchema, 201), validate({ param: serviceIdSchema, json: serviceRequestSchema }), async (c) =>
    ok(c, await purchases.buy(actorOf(c), sid(c), valid(c, serviceRequestSchema)), 201));

  r.get("/paidServices/requests", allow.roles("patient", "doctor", "vma"), answers(z.array(serviceRequestViewSchema)), validate({ query: requestsQuerySchema }), async (c) =>
    ok(c, await purchases.requests.list(actorOf(c), valid(c, requestsQuerySchema))));
  r.put("/paidServices/requests/:id/done", allow.roles("doctor", "vma"), answers(serviceRequestViewSchema), validate({ param: idParamSchema, json: requestDoneSchema }), async (c) =>
    ok(c, await purchases.requests.markDone(actorOf(c), valid(c, idParamSchema).id, valid(c, requestDoneSchema).done)));
  r.get("/paidServices/requests/:id/files/:fileId", allow.roles("patient", "doctor", "vma"), answersFile("application/octet-stream"), validate({ param: requestFileSchema }), async (c) => {
    const p = valid(c, requestFileSchema);
    const { file, body } = await purchases.requests.file(actorOf(c), p.id, p.fileId);
    return storedFileResponse(file, body);
  });

  // Payout accounts (doctors).
  r.get("/stripe/connect/provider/link", allow.roles("doctor"), answers(payoutLinkSchema), async (c) =>
    ok(c, await accounts.link(actorOf(c), c.req.header("host"))));
  r.post("/stripe/connect/provider/finalize", allow.roles("doctor"), answers(payoutFinalizeSchema), validate({ json: finalizeSchema }), async (c) =>
    ok(c, await accounts.finalize(actorOf(c), valid(c, finalizeSchema).csrfToken)));
  r.get("/stripe/account/me/link", allow.roles("doctor"), answers(payoutDashboardLinkSchema), async (c) => ok(c, await accounts.dashboardLink(actorOf(c))));
  r.get("/stripe/account/me", allow.roles("doctor"), answers(payoutAccountStatusSchema), async (c) => ok(c, await accounts.status(actorOf(c))));

  // Balance and payouts (doctors), transactions (doctor, their VMA, admin), refunds and the ledger (admin).
  r.get("/stripe/balance/me", allow.roles("doctor"), answers(doctorBalanceSchema), async (c) => ok(c, await money.balance(actorOf(c))));
  r.post("/stripe/payouts", allow.roles("doctor"), answers(payoutAnswerSchema, 201), validate({ json: payoutSchema }), idempotent(), async (c) =>
    ok(c, await money.payout(actorOf(c), valid(c, payoutSchema).amountCents), 201));
  r.get("/transactions", allow.roles("doctor", "vma", "admin"), answers(listResultSchema(ledgerTransactionSchema)), validate({ query: ledgerQuerySchema }), async (c) =>
    ok(c, await money.list(actorOf(c), valid(c, ledgerQuerySchema))));
  r.get("/transactions/csv", allow.roles("doctor", "vma", "admin"), answersFile("text/csv"), validate({ query: ledgerQuerySchema }), (c) => {
    const body = money.csv(actorOf(c), valid(c, ledgerQuerySchema));
    return c.body(body, 200, { "content-type": "text/csv; charset=utf-8", "content-disposition": attachment("transactions.csv") });
  });
  r.post("/transactions/:id/refund", allow.roles("admin"), answers(refundedTransactionSchema), validate({ param: txIdSchema, json: refundSchema }), async (c) =>
    ok(c, await money.refund(actorOf(c), valid(c, txIdSchema).id, valid(c, refundSchema))));
  r.get("/admin/ledger", allow.roles("admin"), answers(ledgerReportSchema), async (c) => ok(c, await money.ledger()));

  r.put("/paidServices/:id", allow.roles("admin"), answers(paidServiceAnswerSchema), validate({ param: serviceIdSchema, json: paidServiceInputSchema }), async (c) =>
    ok(c, await services.update(actorOf(c), sid(c), valid(c, paidServiceInputSchema))));

  return r.app;
}
