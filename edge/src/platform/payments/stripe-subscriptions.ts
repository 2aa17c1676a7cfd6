/**
 * The subscriptions of the `Payments` port on the `stripe` SDK (a member's plan: its recurring price, its start with
 * the first payment's adjustment, cancellation, a price change at period end or after its notice, recovery with a
 * new card), spread into createStripePayments.
 */
import type Stripe from "stripe";
import type { IntentState, Payments } from "./payments.ts";
import { idOf, type Loose, rethrowCard, toDate, toIntent, toSubscription } from "./stripe-shapes.ts";

export type SubscriptionPayments = Pick<
  Payments,
  | "createPrice"
  | "createSubscription"
  | "retrieveSubscription"
  | "cancelSubscription"
  | "schedulePriceChange"
  | "releaseSchedule"
  | "changePrice"
  | "retryWithCard"
>;

export function stripeSubscriptions(stripe: Stripe): SubscriptionPayments {
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

  return {
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
      // `iterations` in 2025-09-30.clover and answers parameter_unknown to it (contract-clock-scenarios.ts checks this).
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
  };
}
