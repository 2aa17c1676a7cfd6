/**
 * The contract scenarios that move time (./contract-scenarios.ts), each on its own Stripe test clock: a trial, a
 * cancel at period end, a plan change at period end through a schedule, a failed renewal and its recovery, and the
 * first payment's one-off line on create and after a trial.
 */
import assert from "node:assert/strict";
import type Stripe from "stripe";
import { DAY, lineAmounts, memberOnClock, monthly, periodOf, type Scenario, withClock, withLatestInvoice } from "./contract-helpers.ts";

export const clockScenarios: Scenario[] = [
  {
    name: "a trial: trialing with a $0 first invoice; past the trial end the first real invoice is paid",
    run: (stripe) =>
      withClock(stripe, "trial", async (clock) => {
        const { customer, price } = await memberOnClock(stripe, clock, 5900);
        const sub = await stripe.subscriptions.create({ customer: customer.id, items: [{ price: price.id }], trial_period_days: 7, expand: ["latest_invoice"] });
        assert.equal(sub.status, "trialing");
        assert.equal(sub.test_clock, clock.id);
        assert.equal(sub.trial_end! - sub.trial_start!, 7 * DAY);
        const trialInvoice = sub.latest_invoice as Stripe.Invoice;
        assert.equal(trialInvoice.status, "paid");
        assert.equal(trialInvoice.amount_due, 0);
        assert.equal(trialInvoice.amount_paid, 0);
        assert.equal(trialInvoice.billing_reason, "subscription_create");

        await clock.advanceTo(sub.trial_end! + DAY);
        const { sub: after, invoice } = await withLatestInvoice(stripe, sub.id);
        assert.equal(after.status, "active");
        assert.equal(periodOf(after).start, sub.trial_end);
        assert.notEqual(invoice.id, trialInvoice.id);
        assert.equal(invoice.billing_reason, "subscription_cycle");
        assert.equal(invoice.status, "paid");
        assert.equal(invoice.amount_paid, 5900);
        assert.equal((await stripe.invoices.list({ subscription: sub.id })).data.length, 2);
      }),
  },
  {
    name: "cancel at period end: still active until the period ends, then canceled with no further invoice",
    run: (stripe) =>
      withClock(stripe, "cancel at period end", async (clock) => {
        const { customer, price } = await memberOnClock(stripe, clock, 5900);
        const sub = await stripe.subscriptions.create({ customer: customer.id, items: [{ price: price.id }] });
        assert.equal(sub.status, "active");
        const { end } = periodOf(sub);
        const pending = await stripe.subscriptions.update(sub.id, { cancel_at_period_end: true });
        assert.equal(pending.cancel_at_period_end, true);
        assert.equal(pending.status, "active");
        assert.equal(periodOf(pending).end, end);

        await clock.advanceTo(end - DAY);
        assert.equal((await stripe.subscriptions.retrieve(sub.id)).status, "active");
        await clock.advanceTo(end + DAY);
        const ended = await stripe.subscriptions.retrieve(sub.id);
        assert.equal(ended.status, "canceled");
        assert.equal(ended.ended_at, end);
        const invoices = await stripe.invoices.list({ subscription: sub.id });
        assert.equal(invoices.data.length, 1);
        assert.equal(invoices.data[0].amount_paid, 5900);
      }),
  },
  {
    name: "a plan change at period end through a subscription schedule (as stripe-subscriptions.ts schedulePriceChange): the next invoice charges the new price",
    run: (stripe) =>
      withClock(stripe, "plan change at period end", async (clock) => {
        const { customer, price } = await memberOnClock(stripe, clock, 5900);
        const newPrice = await monthly(stripe, 8900);
        const created = await stripe.subscriptions.create({ customer: customer.id, items: [{ price: price.id }] });
        const { end } = periodOf(created);

        // The calls of schedulePriceChange, in its order.
        const sub = await stripe.subscriptions.retrieve(created.id);
        assert.equal(sub.schedule, null);
        const scheduleId = (await stripe.subscriptionSchedules.create({ from_subscription: sub.id })).id;
        const schedule = await stripe.subscriptionSchedules.retrieve(scheduleId);
        const current = schedule.phases[0];
        const currentPrice = typeof current.items[0].price === "string" ? current.items[0].price : current.items[0].price.id;
        assert.equal(currentPrice, price.id);
        assert.equal(current.end_date, end);
        const recurring = (await stripe.prices.retrieve(newPrice.id)).recurring;
        const updated = await stripe.subscriptionSchedules.update(scheduleId, {
          end_behavior: "release",
          phases: [
            { items: [{ price: currentPrice, quantity: 1 }], start_date: current.start_date, end_date: current.end_date },
            { items: [{ price: newPrice.id, quantity: 1 }], duration: { interval: recurring?.interval ?? "month", interval_count: recurring?.interval_count ?? 1 } },
          ],
        });
        assert.equal(updated.phases.length, 2);
        assert.equal(updated.phases[1].start_date, end);
        assert.equal((await stripe.subscriptions.retrieve(sub.id)).schedule, scheduleId);
        // Nothing changes before the period end; the preview of the renewal shows the new price.
        assert.equal((await stripe.subscriptions.retrieve(sub.id)).items.data[0].price.id, price.id);
        assert.equal((await stripe.invoices.createPreview({ subscription: sub.id })).amount_due, 8900);

        await clock.advanceTo(end + DAY);
        const { sub: after, invoice } = await withLatestInvoice(stripe, sub.id);
        assert.equal(after.status, "active");
        assert.equal(after.items.data[0].price.id, newPrice.id);
        assert.equal(invoice.billing_reason, "subscription_cycle");
        assert.equal(invoice.status, "paid");
        assert.equal(invoice.amount_paid, 8900);
        assert.equal(invoice.period_start, end);
      }),
  },
  {
    name: "a failed renewal: the card swapped for one that fails charges; at the renewal past_due, the invoice open and attempted; a new card pays it",
    run: (stripe) =>
      withClock(stripe, "failed renewal", async (clock) => {
        const { customer, price } = await memberOnClock(stripe, clock, 5900);
        const sub = await stripe.subscriptions.create({ customer: customer.id, items: [{ price: price.id }], expand: ["latest_invoice"] });
        assert.equal(sub.status, "active");
        assert.equal((sub.latest_invoice as Stripe.Invoice).amount_paid, 5900);
        const { end } = periodOf(sub);
        // 4000 0000 0000 0341 attaches fine and fails every charge.
        const failing = await stripe.paymentMethods.attach("pm_card_chargeCustomerFail", { customer: customer.id });
        await stripe.customers.update(customer.id, { invoice_settings: { default_payment_method: failing.id } });

        await clock.advanceTo(end + DAY);
        const { sub: after, invoice } = await withLatestInvoice(stripe, sub.id);
        assert.equal(after.status, "past_due");
        assert.notEqual(invoice.id, (sub.latest_invoice as Stripe.Invoice).id);
        assert.equal(invoice.billing_reason, "subscription_cycle");
        assert.equal(invoice.status, "open");
        assert.ok(invoice.attempt_count >= 1, `attempt_count ${invoice.attempt_count}`);
        assert.equal(invoice.attempted, true);
        assert.equal(invoice.amount_due, 5900);
        assert.equal(invoice.amount_paid, 0);

        const good = await stripe.paymentMethods.attach("pm_card_visa", { customer: customer.id });
        const paid = await stripe.invoices.pay(invoice.id, { payment_method: good.id });
        assert.equal(paid.status, "paid");
        assert.equal(paid.amount_paid, 5900);
        assert.equal((await stripe.subscriptions.retrieve(sub.id)).status, "active");
      }),
  },
  {
    name: "add_invoice_items on create (as stripe-subscriptions.ts for an initial price above the price): a one-off line on the first invoice only",
    run: (stripe) =>
      withClock(stripe, "add_invoice_items on create", async (clock) => {
        const { customer, price } = await memberOnClock(stripe, clock, 5900);
        const product = typeof price.product === "string" ? price.product : price.product.id;
        const sub = await stripe.subscriptions.create({
          customer: customer.id,
          items: [{ price: price.id }],
          add_invoice_items: [{ price_data: { currency: "usd", product, unit_amount: 2000 } }],
          expand: ["latest_invoice"],
        });
        assert.equal(sub.status, "active");
        const first = sub.latest_invoice as Stripe.Invoice;
        assert.equal(first.status, "paid");
        assert.equal(first.amount_paid, 7900);
        assert.deepEqual(lineAmounts(first), [2000, 5900]);

        await clock.advanceTo(periodOf(sub).end + DAY);
        const { invoice: renewal } = await withLatestInvoice(stripe, sub.id);
        assert.notEqual(renewal.id, first.id);
        assert.equal(renewal.status, "paid");
        assert.equal(renewal.amount_paid, 5900);
        assert.deepEqual(lineAmounts(renewal), [5900]);
      }),
  },
  {
    name: "add_invoice_items after a trial (as stripe-subscriptions.ts: an update during the trial): the one-off line is on the first paid invoice",
    run: (stripe) =>
      withClock(stripe, "add_invoice_items after a trial", async (clock) => {
        const { customer, price } = await memberOnClock(stripe, clock, 5900);
        const product = typeof price.product === "string" ? price.product : price.product.id;
        const sub = await stripe.subscriptions.create({ customer: customer.id, items: [{ price: price.id }], trial_period_days: 7, expand: ["latest_invoice"] });
        assert.equal((sub.latest_invoice as Stripe.Invoice).amount_due, 0);
        await stripe.subscriptions.update(sub.id, {
          proration_behavior: "none",
          add_invoice_items: [{ price_data: { currency: "usd", product, unit_amount: 2000 } }],
        });

        await clock.advanceTo(sub.trial_end! + DAY);
        const { sub: after, invoice } = await withLatestInvoice(stripe, sub.id);
        assert.equal(after.status, "active");
        assert.equal(invoice.status, "paid");
        assert.equal(invoice.amount_paid, 7900);
        assert.deepEqual(lineAmounts(invoice), [2000, 5900]);
        assert.equal((await stripe.invoices.retrieve((sub.latest_invoice as Stripe.Invoice).id)).amount_paid, 0);
      }),
  },
];
