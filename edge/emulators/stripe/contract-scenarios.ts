/**
 * The payment scenarios the product relies on, written against the real SDK only, so they run against the emulator
 * and against Stripe's test mode alike (contract.test.ts). Only what both can do without a browser belongs here;
 * time moves through Stripe's test clocks (a customer created on a clock, the clock advanced and polled until
 * `ready`, as Stripe needs), never through the emulator's own clock: those scenarios are in
 * ./contract-clock-scenarios.ts, their helpers in ./contract-helpers.ts.
 */
import assert from "node:assert/strict";
import type Stripe from "stripe";
import { clockScenarios } from "./contract-clock-scenarios.ts";
import type { Scenario } from "./contract-helpers.ts";

export type { Scenario } from "./contract-helpers.ts";

export const scenarios: Scenario[] = [
  {
    name: "a member subscribes with a good card: subscription active, first invoice paid",
    async run(stripe) {
      const customer = await stripe.customers.create({ email: "contract@example.test" });
      const pm = await stripe.paymentMethods.attach("pm_card_visa", { customer: customer.id });
      await stripe.customers.update(customer.id, { invoice_settings: { default_payment_method: pm.id } });
      const price = await stripe.prices.create({ currency: "usd", unit_amount: 5900, recurring: { interval: "month" }, product_data: { name: "Contract test membership" } });
      const sub = await stripe.subscriptions.create({ customer: customer.id, items: [{ price: price.id }], expand: ["latest_invoice"] });
      assert.equal(sub.status, "active");
      assert.equal((sub.latest_invoice as Stripe.Invoice).status, "paid");
      assert.equal((sub.latest_invoice as Stripe.Invoice).amount_paid, 5900);
      const canceled = await stripe.subscriptions.update(sub.id, { cancel_at_period_end: true });
      assert.equal(canceled.cancel_at_period_end, true);
      assert.equal((await stripe.subscriptions.cancel(sub.id)).status, "canceled");
    },
  },
  {
    name: "declined, insufficient funds, expired and wrong-CVC cards are refused with Stripe's codes",
    async run(stripe) {
      const customer = await stripe.customers.create({});
      const expected: Record<string, [string, string]> = {
        pm_card_chargeDeclined: ["card_declined", "generic_decline"],
        pm_card_chargeDeclinedInsufficientFunds: ["card_declined", "insufficient_funds"],
        pm_card_chargeDeclinedExpiredCard: ["expired_card", "expired_card"],
        pm_card_chargeDeclinedIncorrectCvc: ["incorrect_cvc", "incorrect_cvc"],
      };
      for (const [card, [code, decline]] of Object.entries(expected)) {
        await assert.rejects(stripe.paymentMethods.attach(card, { customer: customer.id }), (e: any) => e.code === code && e.decline_code === decline);
      }
    },
  },
  {
    name: "a 3-D Secure card leaves the payment intent in requires_action",
    async run(stripe) {
      const pi = await stripe.paymentIntents.create({ amount: 4900, currency: "usd", payment_method: "pm_card_authenticationRequired", confirm: true, automatic_payment_methods: { enabled: true, allow_redirects: "never" } });
      assert.equal(pi.status, "requires_action");
      assert.ok(pi.next_action);
      assert.equal((await stripe.paymentIntents.cancel(pi.id)).status, "canceled");
    },
  },
  {
    name: "an idempotency key replays the same object and refuses other parameters",
    async run(stripe) {
      const key = `contract-${crypto.randomUUID()}`;
      const a = await stripe.customers.create({ email: "idem@example.test" }, { idempotencyKey: key });
      const b = await stripe.customers.create({ email: "idem@example.test" }, { idempotencyKey: key });
      assert.equal(a.id, b.id);
      await assert.rejects(stripe.customers.create({ email: "other@example.test" }, { idempotencyKey: key }), (e: any) => e.type === "StripeIdempotencyError");
    },
  },
  {
    name: "a partial refund, then more than remains is refused",
    async run(stripe) {
      const pi = await stripe.paymentIntents.create({ amount: 5900, currency: "usd", payment_method: "pm_card_visa", confirm: true, automatic_payment_methods: { enabled: true, allow_redirects: "never" } });
      assert.equal(pi.status, "succeeded");
      assert.equal((await stripe.refunds.create({ payment_intent: pi.id, amount: 1000 })).status, "succeeded");
      await assert.rejects(stripe.refunds.create({ payment_intent: pi.id, amount: 5000 }), (e: any) => e.statusCode === 400);
    },
  },
  {
    name: "a missing object answers resource_missing",
    async run(stripe) {
      await assert.rejects(stripe.customers.retrieve("cus_doesnotexist000"), (e: any) => e.code === "resource_missing" && e.statusCode === 404);
    },
  },
  ...clockScenarios,
];
