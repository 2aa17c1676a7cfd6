/**
 * `Payments` on the npm `stripe` SDK: the one implementation, against Stripe
 * itself or, with `host/port/protocol`, the project's Stripe-API emulator.
 */
import Stripe from "stripe";
import {
  CardError,
  type CardSummary,
  type IntentState,
  type InvoiceState,
  type Payments,
  type SubscriptionState,
} from "./payments.ts";
import { stripeCommerce } from "./stripe-commerce.ts";

export type StripePaymentsOptions = {
  secretKey: string;
  webhookSecret: string;
  publishableKey: string;
  /** STRIPE_API_BASE, e.g. http://127.0.0.1:12111 (the emulator); unset = api.stripe.com. */
  apiBase?: string | null;
  emulatorUrl?: string | null;
};

type Loose = Record<string, any>;
const toDate = (s: unknown) => (typeof s === "number" ? new Date(s * 1000) : null);
const idOf = (v: unknown): string | null => (typeof v === "string" ? v : v && typeof v === "object" ? (v as Loose).id ?? null : null);

const CARD_MESSAGES: Record<string, string> = {
  card_declined: "Your card was declined.",
  insufficient_funds: "Your card has insufficient funds.",
  expired_card: "Your card has expired.",
  incorrect_cvc: "Your card's security code is incorrect.",
  invalid_cvc: "Your card's security code is invalid.",
  invalid_expiry_month: "Your card's expiration date is invalid.",
  invalid_expiry_year: "Your card's expiration date is invalid.",
  processing_error: "An error occurred while processing your card. Try again in a little bit.",
  // 3-D Secure: the bank's own check, not a decline of the card.
  authentication_required: "Your bank asks you to confirm this payment (3-D Secure). Nothing was charged: pay again and complete your bank's check.",
  payment_intent_authentication_failure: "Your bank could not confirm this payment (3-D Secure). Nothing was charged: try again or use another card.",
  setup_intent_authentication_failure: "Your bank could not confirm this card (3-D Secure). It was not saved: try again or use another card.",
};

/** The 02 §8 wording of a card failure; the decline code refines a generic decline. */
export function cardMessage(code: string | null, declineCode: string | null): string {
  return (declineCode && CARD_MESSAGES[declineCode]) || (code && CARD_MESSAGES[code]) || CARD_MESSAGES.card_declined;
}

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

  const toCard = (pm: Loose, defaultId: string | null): CardSummary => ({
    id: pm.id,
    brand: pm.card?.brand ?? "card",
    last4: pm.card?.last4 ?? "",
    expMonth: pm.card?.exp_month ?? 0,
    expYear: pm.card?.exp_year ?? 0,
    isDefault: pm.id === defaultId,
  });

  const toIntent = (pi: Loose): IntentState => ({
    id: pi.id,
    status: pi.status,
    clientSecret: pi.client_secret ?? null,
    errorCode: pi.last_payment_error?.code ?? null,
    declineCode: pi.last_payment_error?.decline_code ?? null,
  });

  function toSubscription(s: Loose): SubscriptionState {
    const item = s.items?.data?.[0];
    return {
      id: s.id,
      customerId: idOf(s.customer) ?? "",
      status: s.status,
      priceId: idOf(item?.price),
      cancelAtPeriodEnd: !!s.cancel_at_period_end,
      currentPeriodEnd: toDate(item?.current_period_end ?? s.current_period_end),
      endedAt: toDate(s.ended_at),
      scheduleId: idOf(s.schedule),
      metadata: (s.metadata ?? {}) as Record<string, string>,
      latestInvoiceId: idOf(s.latest_invoice),
    };
  }

  function toInvoice(i: Loose): InvoiceState {
    const subscription = idOf(i.subscription) ?? idOf(i.parent?.subscription_details?.subscription) ?? idOf(i.lines?.data?.[0]?.subscription);
    return {
      id: i.id,
      subscriptionId: subscription,
      status: i.status,
      amountDue: i.amount_due ?? 0,
      amountPaid: i.amount_paid ?? 0,
      nextPaymentAttempt: toDate(i.next_payment_attempt),
      created: i.created ?? 0,
    };
  }

  /** The payment intent behind an invoice, whichever API version shaped it. */
  async function intentOfInvoice(invoiceId: string | null): Promise<IntentState | null> {
    if (!invoiceId) return null;
    const invoice = (await stripe.invoices.retrieve(invoiceId, { expand: ["payments"] })) as unknown as Loose;
    // This API version: invoice.payments[].payment.payment_intent (older ones: invoice.payment_intent).
    const piId = idOf((invoice.payments?.data as Loose[] | undefined)?.[0]?.payment?.payment_intent) ?? idOf(invoice.payment_intent);
    return piId ? toIntent(await stripe.paymentIntents.retrieve(piId) as unknown as Loose) : null;
  }

  /**
   * How the first paid invoice reaches the initial price: above the price, a one-off line for the difference
   * (`add_invoice_items` with `price_data`); below it, a single-use `once` coupon of the difference.
   */
  async function firstPaymentAdjustment(priceId: string, firstPaymentCents: number | undefined, key: string) {
    if (firstPaymentCents === undefined) return null;
    const price = await stripe.prices.retrieve(priceId);
    const difference = firstPaymentCents - (price.unit_amount ?? 0);
    if (difference === 0) return null;
    if (difference > 0) {
      return { surcharge: { price_data: { currency: price.currency, product: idOf(price.product)!, unit_amount: difference } }, coupon: null };
    }
    const coupon = await stripe.coupons.create(
      { amount_off: -difference, currency: price.currency, duration: "once", max_redemptions: 1, name: "First payment" },
      { idempotencyKey: `${key}-first-payment-coupon` },
    );
    return { surcharge: null, coupon: coupon.id };
  }

  async function rethrowCard<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (e) {
      const err = e as Loose;
      if (err?.type === "StripeCardError" || err?.rawType === "card_error") {
        const code = err.code ?? null;
        const decline = err.decline_code ?? err.raw?.decline_code ?? null;
        throw new CardError(code ?? "card_declined", decline, cardMessage(code, decline));
      }
      throw e;
    }
  }

  return {
    publishableKey: o.publishableKey,
    emulatorUrl: o.emulatorUrl ?? null,
    ...stripeCommerce(stripe, cardMessage),

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

    async createPrice({ name, amountCents, recurrence, planId }) {
      const product = await stripe.products.create({ name, metadata: { planId } });
      const price = await stripe.prices.create({
        product: product.id,
        currency: "usd",
        unit_amount: amountCents,
        recurring: { interval: recurrence.interval, interval_count: recurrence.intervalCount },
        metadata: { planId },
      });
      return price.id;
    },

    async createSubscription(i) {
      const adjust = await firstPaymentAdjustment(i.priceId, i.firstPaymentCents, i.idempotencyKey);
      const trial = i.trialDays > 0;
      const promotion = i.promotionCodeId ? [{ promotion_code: i.promotionCodeId }] : [];
      const sub = await rethrowCard(() =>
        stripe.subscriptions.create({
          customer: i.customerId,
          items: [{ price: i.priceId }],
          default_payment_method: i.paymentMethodId,
          ...(trial ? { trial_period_days: i.trialDays } : {}),
          ...(i.cancelAtPeriodEnd ? { cancel_at_period_end: true } : {}),
          payment_behavior: "allow_incomplete",
          metadata: i.metadata,
          ...(i.connect ? { transfer_data: { destination: i.connect.destinationAccountId }, application_fee_percent: i.connect.applicationFeePercent } : {}),
          // Without a trial the first invoice is made now: the adjustment goes on it.
          ...(!trial && adjust?.surcharge ? { add_invoice_items: [adjust.surcharge] } : {}),
          // The first payment's coupon first, so a promo code's percentage applies to the initial price.
          ...(promotion.length || (!trial && adjust?.coupon) ? { discounts: [...(!trial && adjust?.coupon ? [{ coupon: adjust.coupon }] : []), ...promotion] } : {}),
        }, { idempotencyKey: i.idempotencyKey })
      );
      let loose = sub as unknown as Loose;
      if (trial && adjust) {
        // The trial's $0 invoice exists already: what an update adds goes on the next one, the first paid invoice.
        const kept = ((loose.discounts ?? []) as unknown[]).map((d) => ({ discount: idOf(d)! }));
        loose = await stripe.subscriptions.update(sub.id, {
          proration_behavior: "none",
          ...(adjust.surcharge ? { add_invoice_items: [adjust.surcharge] } : {}),
          ...(adjust.coupon ? { discounts: [{ coupon: adjust.coupon }, ...kept] } : {}),
        }, { idempotencyKey: `${i.idempotencyKey}-first-payment` }) as unknown as Loose;
      }
      const state = toSubscription(loose);
      const intent = state.status === "incomplete" ? await intentOfInvoice(state.latestInvoiceId) : null;
      return { subscription: state, intent };
    },

    async retrieveSubscription(id) {
      return toSubscription(await stripe.subscriptions.retrieve(id) as unknown as Loose);
    },

    async cancelSubscription(id, mode) {
      const s = mode === "now"
        ? await stripe.subscriptions.cancel(id)
        : await stripe.subscriptions.update(id, { cancel_at_period_end: mode === "periodEnd" });
      return toSubscription(s as unknown as Loose);
    },

    async schedulePriceChange(subscriptionId, newPriceId) {
      const sub = (await stripe.subscriptions.retrieve(subscriptionId)) as unknown as Loose;
      let scheduleId = idOf(sub.schedule);
      if (!scheduleId) scheduleId = (await stripe.subscriptionSchedules.create({ from_subscription: subscriptionId })).id;
      const schedule = (await stripe.subscriptionSchedules.retrieve(scheduleId)) as unknown as Loose;
      const current = schedule.phases?.[0] ?? {};
      const currentPrice = idOf(current.items?.[0]?.price) ?? idOf(sub.items?.data?.[0]?.price);
      const periodEnd = current.end_date ?? sub.items?.data?.[0]?.current_period_end ?? sub.current_period_end;
      // One period of the new price, then the schedule releases. `duration`, not `iterations`: Stripe removed
      // `iterations` in 2025-09-30.clover and answers parameter_unknown to it (contract-scenarios.ts checks this).
      const recurring = (await stripe.prices.retrieve(newPriceId)).recurring;
      await stripe.subscriptionSchedules.update(scheduleId, {
        end_behavior: "release",
        phases: [
          { items: [{ price: currentPrice!, quantity: 1 }], start_date: current.start_date, end_date: periodEnd },
          { items: [{ price: newPriceId, quantity: 1 }], duration: { interval: recurring?.interval ?? "month", interval_count: recurring?.interval_count ?? 1 } },
        ],
      });
      return { scheduleId, startsAt: toDate(periodEnd) };
    },

    async releaseSchedule(scheduleId) {
      await stripe.subscriptionSchedules.release(scheduleId);
    },

    async changePrice(subscriptionId, priceId) {
      const sub = (await stripe.subscriptions.retrieve(subscriptionId)) as unknown as Loose;
      const itemId = sub.items?.data?.[0]?.id;
      const updated = await stripe.subscriptions.update(subscriptionId, {
        items: [{ id: itemId, price: priceId }],
        proration_behavior: "none",
      });
      return toSubscription(updated as unknown as Loose);
    },

    async retryWithCard(subscriptionId, paymentMethodId) {
      const sub = (await stripe.subscriptions.update(subscriptionId, { default_payment_method: paymentMethodId })) as unknown as Loose;
      const invoiceId = idOf(sub.latest_invoice);
      if (!invoiceId) return;
      const invoice = await stripe.invoices.retrieve(invoiceId);
      if (invoice.status === "open") await rethrowCard(() => stripe.invoices.pay(invoiceId, { payment_method: paymentMethodId }));
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
