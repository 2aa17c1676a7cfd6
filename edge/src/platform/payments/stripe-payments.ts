/**
 * `Payments` on the npm `stripe` SDK: the one implementation, against Stripe
 * itself or, with `host/port/protocol`, the project's Stripe-API emulator.
 * Customers, cards, intents and webhooks here; subscriptions in
 * ./stripe-subscriptions.ts; promo codes, payout accounts, one-off charges and
 * payouts in ./stripe-commerce.ts; Stripe's objects and card errors mapped to the
 * port's shapes in ./stripe-shapes.ts.
 */
import Stripe from "stripe";
import type { Payments } from "./payments.ts";
import { stripeCommerce } from "./stripe-commerce.ts";
import { idOf, type Loose, rethrowCard, toCard, toIntent, toInvoice, toSubscription } from "./stripe-shapes.ts";
import { stripeSubscriptions } from "./stripe-subscriptions.ts";

/** The 02 §8 wording of a card failure (used by the services that explain a card error). */
export { cardMessage } from "./stripe-shapes.ts";

export type StripePaymentsOptions = {
  secretKey: string;
  webhookSecret: string;
  publishableKey: string;
  /** STRIPE_API_BASE, e.g. http://127.0.0.1:12111 (the emulator); unset = api.stripe.com. */
  apiBase?: string | null;
  emulatorUrl?: string | null;
};

export function createStripePayments(o: StripePaymentsOptions): Payments {
  const base = o.apiBase ? new URL(o.apiBase) : null;
  const stripe = new Stripe(o.secretKey, {
    httpClient: Stripe.createFetchHttpClient(),
    maxNetworkRetries: 2,
    ...(base
      ? { host: base.hostname, port: Number(base.port || (base.protocol === "https:" ? 443 : 80)), protocol: base.protocol.replace(":", "") as "http" | "https" }
      : {}),
  });
  const crypto = Stripe.createSubtleCryptoProvider();

  return {
    publishableKey: o.publishableKey,
    emulatorUrl: o.emulatorUrl ?? null,
    ...stripeCommerce(stripe),
    ...stripeSubscriptions(stripe),

    async createCustomer({ email, name, userId }) {
      const c = await stripe.customers.create({ email, name, metadata: { userId } }, { idempotencyKey: `customer-${userId}` });
      return c.id;
    },

    async listCards(customerId) {
      const customer = (await stripe.customers.retrieve(customerId)) as unknown as Loose;
      const defaultId = idOf(customer.invoice_settings?.default_payment_method);
      const list = await stripe.paymentMethods.list({ customer: customerId, type: "card", limit: 100 });
      return list.data.map((pm) => toCard(pm as unknown as Loose, defaultId));
    },

    async attachCard(customerId, paymentMethodId) {
      const pm = await rethrowCard(() => stripe.paymentMethods.attach(paymentMethodId, { customer: customerId }));
      const customer = (await stripe.customers.retrieve(customerId)) as unknown as Loose;
      let defaultId = idOf(customer.invoice_settings?.default_payment_method);
      if (!defaultId) {
        await stripe.customers.update(customerId, { invoice_settings: { default_payment_method: pm.id } });
        defaultId = pm.id;
      }
      return toCard(pm as unknown as Loose, defaultId);
    },

    async detachCard(customerId, paymentMethodId) {
      const customer = (await stripe.customers.retrieve(customerId)) as unknown as Loose;
      await stripe.paymentMethods.detach(paymentMethodId);
      if (idOf(customer.invoice_settings?.default_payment_method) === paymentMethodId) {
        const rest = await stripe.paymentMethods.list({ customer: customerId, type: "card", limit: 1 });
        await stripe.customers.update(customerId, { invoice_settings: { default_payment_method: rest.data[0]?.id ?? "" } });
      }
    },

    async setDefaultCard(customerId, paymentMethodId) {
      await stripe.customers.update(customerId, { invoice_settings: { default_payment_method: paymentMethodId } });
    },

    async retrieveIntent(id) {
      return toIntent(await stripe.paymentIntents.retrieve(id) as unknown as Loose);
    },

    async confirmIntent(id) {
      return toIntent(await rethrowCard(() => stripe.paymentIntents.confirm(id)) as unknown as Loose);
    },

    async verifyWebhook(rawBody, signature) {
      const e = await stripe.webhooks.constructEventAsync(rawBody, signature, o.webhookSecret, undefined, crypto);
      return { id: e.id, type: e.type, created: e.created, object: e.data.object as unknown as Record<string, unknown>, account: e.account ?? null };
    },

    toSubscription,
    toInvoice,
  };
}
