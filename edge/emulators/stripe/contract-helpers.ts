/**
 * What the contract scenarios share (./contract-scenarios.ts): a scenario's shape and Stripe's test clocks — a
 * customer created on a clock, the clock advanced and polled until `ready`, as Stripe needs — with the objects a
 * membership is made of.
 */
import assert from "node:assert/strict";
import type Stripe from "stripe";

export type Scenario = { name: string; run: (stripe: Stripe) => Promise<void> };

export const DAY = 86_400;
/** How long a test clock may take to reach `ready` after an advance (Stripe: usually seconds, sometimes a minute). */
const CLOCK_READY_TIMEOUT_MS = 180_000;
const CLOCK_POLL_MS = 2_000;

export type Clock = { id: string; advanceTo(unix: number): Promise<void> };

/**
 * A test clock frozen at now for one scenario, deleted afterwards (on Stripe that deletes its customers and their
 * subscriptions too). Advancing polls the clock until `ready` — at most CLOCK_READY_TIMEOUT_MS.
 */
export async function withClock(stripe: Stripe, name: string, fn: (clock: Clock) => Promise<void>): Promise<void> {
  const created = await stripe.testHelpers.testClocks.create({ frozen_time: Math.floor(Date.now() / 1000), name: `contract: ${name}`.slice(0, 100) });
  const clock: Clock = {
    id: created.id,
    async advanceTo(unix) {
      await stripe.testHelpers.testClocks.advance(created.id, { frozen_time: unix });
      const deadline = Date.now() + CLOCK_READY_TIMEOUT_MS;
      for (;;) {
        const c = await stripe.testHelpers.testClocks.retrieve(created.id);
        if (c.status === "ready") {
          assert.equal(c.frozen_time, unix);
          return;
        }
        if (c.status === "internal_failure") throw new Error(`test clock ${created.id} failed to advance`);
        if (Date.now() > deadline) throw new Error(`test clock ${created.id} not ready after ${CLOCK_READY_TIMEOUT_MS} ms (status ${c.status})`);
        await new Promise((r) => setTimeout(r, CLOCK_POLL_MS));
      }
    },
  };
  try {
    await fn(clock);
  } finally {
    await stripe.testHelpers.testClocks.del(created.id).catch(() => {});
  }
}

/** A customer on the clock with a default card, and a monthly price. */
export async function memberOnClock(stripe: Stripe, clock: Clock, amount = 5900, card = "pm_card_visa") {
  const customer = await stripe.customers.create({ email: "contract-clock@example.test", test_clock: clock.id });
  const pm = await stripe.paymentMethods.attach(card, { customer: customer.id });
  await stripe.customers.update(customer.id, { invoice_settings: { default_payment_method: pm.id } });
  const price = await monthly(stripe, amount);
  return { customer, pm, price };
}

export function monthly(stripe: Stripe, amount: number) {
  return stripe.prices.create({ currency: "usd", unit_amount: amount, recurring: { interval: "month" }, product_data: { name: "Contract test membership" } });
}

export function periodOf(sub: Stripe.Subscription) {
  return { start: sub.items.data[0].current_period_start, end: sub.items.data[0].current_period_end };
}

export async function withLatestInvoice(stripe: Stripe, subId: string) {
  const sub = await stripe.subscriptions.retrieve(subId, { expand: ["latest_invoice"] });
  return { sub, invoice: sub.latest_invoice as Stripe.Invoice };
}

export function lineAmounts(invoice: Stripe.Invoice): number[] {
  return invoice.lines.data.map((l) => l.amount).sort((a, b) => a - b);
}
