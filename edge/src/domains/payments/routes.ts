/** HTTP for cards, transactions, the card-entry configuration and the processor's webhooks. */
import { z } from "zod";
import { allow } from "../../access/policy.ts";
import { answers } from "../../http/answers.ts";
import { idempotent } from "../../http/idempotency.ts";
import { ok } from "../../http/envelope.ts";
import { actorOf } from "../../http/input.ts";
import { createRouter } from "../../http/router.ts";
import { valid, validate } from "../../http/validate.ts";
import {
  cardDeletedSchema,
  cardSchema,
  paymentMethodIdSchema,
  paymentsConfigSchema,
  transactionsPageSchema,
  transactionsQuerySchema,
  webhookAckSchema,
} from "../../../../sync/schemas/membership.ts";
import type { PaymentsService } from "./service.ts";
import type { createWebhooks } from "../memberships/webhooks.ts";

const pmParamSchema = z.object({ id: z.string().regex(/^pm_[A-Za-z0-9_]{1,200}$/, "No such payment method") });

export function paymentsRoutes(payments: PaymentsService, webhooks: ReturnType<typeof createWebhooks>) {
  const r = createRouter();

  r.get("/payments/products", allow.signedIn, answers(paymentsConfigSchema), (c) => ok(c, payments.config()));
  r.get("/payments/transactions", allow.roles("patient"), answers(transactionsPageSchema), validate({ query: transactionsQuerySchema }), async (c) =>
    ok(c, await payments.transactions(actorOf(c), valid(c, transactionsQuerySchema))));

  r.get("/stripe/account/paymentMethods", allow.roles("patient"), answers(z.array(cardSchema)), async (c) => ok(c, await payments.cards(actorOf(c))));
  r.post("/stripe/account/paymentMethods", allow.roles("patient"), answers(cardSchema, 201), validate({ json: paymentMethodIdSchema }), idempotent(), async (c) =>
    ok(c, await payments.addCard(actorOf(c), valid(c, paymentMethodIdSchema).paymentMethodId), 201));
  r.post("/stripe/account/paymentMethods/default", allow.roles("patient"), answers(z.array(cardSchema)), validate({ json: paymentMethodIdSchema }), async (c) =>
    ok(c, await payments.makeDefault(actorOf(c), valid(c, paymentMethodIdSchema).paymentMethodId)));
  r.delete("/stripe/account/paymentMethods/:id", allow.roles("patient"), answers(cardDeletedSchema), validate({ param: pmParamSchema }), async (c) =>
    ok(c, await payments.deleteCard(actorOf(c), valid(c, pmParamSchema).id)));

  // The processor calls this; the signature is the authentication.
  r.post("/stripe/webhook", allow.public, answers(webhookAckSchema), async (c) => {
    const fresh = await webhooks.receive(await c.req.text(), c.req.header("stripe-signature"));
    return ok(c, { received: true, duplicate: !fresh });
  });

  return r.app;
}
