import assert from "node:assert/strict";
import Stripe from "stripe";
import { answer3ds, DAY, eventTypes, memberWithCard, monthlyPrice, startForTest, withEmulator } from "./test-helpers.ts";

Deno.test("products and prices round-trip; interval counts past one year are refused", () =>
  withEmulator(async ({ stripe }) => {
    const product = await stripe.products.create({ name: "Membership", metadata: { plan: "p1" } });
    assert.match(product.id, /^prod_/);
    const price = await stripe.prices.create({ product: product.id, currency: "usd", unit_amount: 14700, recurring: { interval: "month", interval_count: 3 } });
    assert.match(price.id, /^price_/);
    assert.deepEqual([price.recurring?.interval, price.recurring?.interval_count], ["month", 3]);
    assert.equal((await stripe.prices.list({ product: product.id })).data.length, 1);
    const inactive = await stripe.prices.update(price.id, { active: false });
    assert.equal(inactive.active, false);
    for (const [interval, count] of [["month", 13], ["week", 53], ["day", 366], ["year", 2]] as const) {
      await assert.rejects(stripe.prices.create({ product: product.id, currency: "usd", unit_amount: 100, recurring: { interval, interval_count: count } }), (e: any) => e.param === "recurring[interval_count]");
    }
    assert.equal((await stripe.products.update(product.id, { active: false })).active, false);
  }));

Deno.test("subscribe with a good card: active, invoice paid, charge made; expand latest_invoice payments", () =>
  withEmulator(async ({ stripe }) => {
    const { customer } = await memberWithCard(stripe);
    const price = await monthlyPrice(stripe);
    const sub = await stripe.subscriptions.create({ customer: customer.id, items: [{ price: price.id }], expand: ["latest_invoice.payments"] });
    assert.equal(sub.status, "active");
    const invoice = sub.latest_invoice as Stripe.Invoice;
    assert.equal(invoice.status, "paid");
    assert.equal(invoice.amount_paid, 5900);
    assert.equal(invoice.parent?.subscription_details?.subscription, sub.id);
    const pi = invoice.payments!.data[0].payment.payment_intent as string;
    const listed = await stripe.invoicePayments.list({ invoice: invoice.id });
    assert.equal(listed.data[0].payment.payment_intent, pi);
    assert.equal((await stripe.paymentIntents.retrieve(pi)).status, "succeeded");
    const item = sub.items.data[0];
    assert.equal(item.current_period_end - item.current_period_start >= 28 * DAY, true);
    assert.deepEqual((await eventTypes(stripe)).filter((t) => t.startsWith("customer.subscription") || t.startsWith("invoice.")), [
      "invoice.created",
      "invoice.finalized",
      "invoice.paid",
      "invoice.payment_succeeded",
      "customer.subscription.created",
    ]);
  }));

Deno.test("default_incomplete with a 3-D Secure card: confirm the invoice's intent, complete the challenge, active", () =>
  withEmulator(async ({ stripe, emulator }) => {
    const { customer, pm } = await memberWithCard(stripe, "pm_card_authenticationRequired");
    const price = await monthlyPrice(stripe);
    const sub = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: price.id }],
      payment_behavior: "default_incomplete",
      expand: ["latest_invoice.confirmation_secret", "latest_invoice.payment_intent"],
    });
    assert.equal(sub.status, "incomplete");
    const invoice = sub.latest_invoice as Stripe.Invoice & { payment_intent: Stripe.PaymentIntent };
    assert.match(invoice.confirmation_secret!.client_secret, /^pi_.+_secret_/);
    const pi = await stripe.paymentIntents.confirm(invoice.payment_intent.id, { payment_method: pm.id });
    assert.equal(pi.status, "requires_action");
    (await answer3ds(emulator, pi.id, "complete")).body?.cancel();
    const after = await stripe.subscriptions.retrieve(sub.id, { expand: ["latest_invoice"] });
    assert.equal(after.status, "active");
    assert.equal((after.latest_invoice as Stripe.Invoice).status, "paid");
  }));

Deno.test("declined cards at subscribe (allow_incomplete): incomplete, nothing charged; error_if_incomplete answers 402; incomplete expires after 23 h", () =>
  withEmulator(async ({ stripe, emulator }) => {
    const { customer, pm } = await memberWithCard(stripe, "pm_card_chargeCustomerFail");
    const price = await monthlyPrice(stripe);
    const sub = await stripe.subscriptions.create({ customer: customer.id, items: [{ price: price.id }] });
    assert.equal(sub.status, "incomplete");
    await assert.rejects(
      stripe.subscriptions.create({ customer: customer.id, items: [{ price: price.id }], default_payment_method: pm.id, payment_behavior: "error_if_incomplete" }),
      (e: any) => e.code === "card_declined" && e.statusCode === 402,
    );
    assert.equal((await stripe.subscriptions.list({ customer: customer.id })).data.length, 1);
    await emulator.clock.advance(24 * 3600);
    const expired = await stripe.subscriptions.retrieve(sub.id, { expand: ["latest_invoice"] });
    assert.equal(expired.status, "incomplete_expired");
    assert.equal((expired.latest_invoice as Stripe.Invoice).status, "void");
    assert.equal((await stripe.charges.list({ customer: customer.id })).data.filter((c) => c.paid).length, 0);
  }));

Deno.test("trial then first charge; trial_will_end 3 days before", () =>
  withEmulator(async ({ stripe, emulator }) => {
    const { customer } = await memberWithCard(stripe);
    const price = await monthlyPrice(stripe);
    const sub = await stripe.subscriptions.create({ customer: customer.id, items: [{ price: price.id }], trial_period_days: 14 });
    assert.equal(sub.status, "trialing");
    assert.equal(sub.trial_end! - sub.trial_start!, 14 * DAY);
    assert.equal(((await stripe.invoices.retrieve(String(sub.latest_invoice))).amount_due), 0);
    await emulator.clock.advance(12 * DAY);
    assert.equal((await stripe.events.list({ type: "customer.subscription.trial_will_end" })).data.length, 1);
    await emulator.clock.advance(2 * DAY + 60);
    const after = await stripe.subscriptions.retrieve(sub.id, { expand: ["latest_invoice"] });
    assert.equal(after.status, "active");
    assert.equal((after.latest_invoice as Stripe.Invoice).amount_paid, 5900);
    assert.equal(after.items.data[0].current_period_start, sub.trial_end);
  }));

Deno.test("renewal paid each month, keeping the anchor day", () =>
  withEmulator(async ({ stripe, emulator }) => {
    const { customer } = await memberWithCard(stripe);
    const price = await monthlyPrice(stripe);
    const sub = await stripe.subscriptions.create({ customer: customer.id, items: [{ price: price.id }] });
    await emulator.clock.advance(65 * DAY);
    const invoices = await stripe.invoices.list({ subscription: sub.id });
    assert.equal(invoices.data.length, 3);
    assert.ok(invoices.data.every((i) => i.status === "paid"));
    const after = await stripe.subscriptions.retrieve(sub.id);
    const day = (t: number) => new Date(t * 1000).getUTCDate();
    assert.equal(after.status, "active");
    assert.equal(Math.min(day(after.items.data[0].current_period_start), 28), Math.min(day(sub.created), 28));
    assert.ok((await stripe.events.list({ type: "invoice.upcoming" })).data.length >= 2);
  }));

Deno.test("failed renewal → past_due → retries after 3, 5, 7 days → canceled", () =>
  withEmulator(async ({ stripe, emulator }) => {
    const { customer, pm } = await memberWithCard(stripe);
    const price = await monthlyPrice(stripe);
    const sub = await stripe.subscriptions.create({ customer: customer.id, items: [{ price: price.id }] });
    emulator.declineCharges(pm.id, "insufficient_funds");
    await emulator.clock.advance(sub.items.data[0].current_period_end - emulator.clock.now() + 60);
    const pastDue = await stripe.subscriptions.retrieve(sub.id, { expand: ["latest_invoice"] });
    assert.equal(pastDue.status, "past_due");
    const invoice = pastDue.latest_invoice as Stripe.Invoice;
    assert.equal(invoice.attempt_count, 1);
    assert.ok(invoice.next_payment_attempt! - emulator.clock.now() > 2 * DAY);
    await emulator.clock.advance(3 * DAY + 60);
    assert.equal((await stripe.invoices.retrieve(invoice.id)).attempt_count, 2);
    await emulator.clock.advance(12 * DAY + 120);
    const ended = await stripe.subscriptions.retrieve(sub.id);
    assert.equal(ended.status, "canceled");
    assert.equal((await stripe.invoices.retrieve(invoice.id)).attempt_count, 4);
    assert.equal((await stripe.events.list({ type: "invoice.payment_failed" })).data.length, 4);
    assert.equal((await stripe.events.list({ type: "customer.subscription.deleted" })).data.length, 1);
  }));

Deno.test("past_due recovered by a new card: the next retry pays, or invoices.pay at once", () =>
  withEmulator(async ({ stripe, emulator }) => {
    const { customer, pm } = await memberWithCard(stripe);
    const price = await monthlyPrice(stripe);
    const sub = await stripe.subscriptions.create({ customer: customer.id, items: [{ price: price.id }] });
    emulator.declineCharges(pm.id, "generic_decline");
    await emulator.clock.advance(sub.items.data[0].current_period_end - emulator.clock.now() + 60);
    assert.equal((await stripe.subscriptions.retrieve(sub.id)).status, "past_due");
    const fresh = await stripe.paymentMethods.attach("pm_card_mastercard", { customer: customer.id });
    await stripe.customers.update(customer.id, { invoice_settings: { default_payment_method: fresh.id } });
    await emulator.clock.advance(3 * DAY + 60);
    assert.equal((await stripe.subscriptions.retrieve(sub.id)).status, "active");

    // Second path: the product pays the open invoice right away with the new card.
    const other = await memberWithCard(stripe);
    const sub2 = await stripe.subscriptions.create({ customer: other.customer.id, items: [{ price: price.id }] });
    emulator.declineCharges(other.pm.id, "expired_card");
    await emulator.clock.advance(sub2.items.data[0].current_period_end - emulator.clock.now() + 60);
    const open = await stripe.invoices.retrieve(String((await stripe.subscriptions.retrieve(sub2.id)).latest_invoice));
    assert.equal(open.status, "open");
    const card = await stripe.paymentMethods.attach("pm_card_visa", { customer: other.customer.id });
    const paid = await stripe.invoices.pay(open.id, { payment_method: card.id });
    assert.equal(paid.status, "paid");
    assert.equal((await stripe.subscriptions.retrieve(sub2.id)).status, "active");
  }));

Deno.test("cancel at period end, then it ends; immediate cancel; undo a pending cancel", () =>
  withEmulator(async ({ stripe, emulator }) => {
    const { customer } = await memberWithCard(stripe);
    const price = await monthlyPrice(stripe);
    const sub = await stripe.subscriptions.create({ customer: customer.id, items: [{ price: price.id }] });
    const pending = await stripe.subscriptions.update(sub.id, { cancel_at_period_end: true });
    assert.equal(pending.cancel_at_period_end, true);
    assert.equal(pending.cancel_at, sub.items.data[0].current_period_end);
    const undone = await stripe.subscriptions.update(sub.id, { cancel_at_period_end: false });
    assert.equal(undone.cancel_at, null);
    await stripe.subscriptions.update(sub.id, { cancel_at_period_end: true });
    await emulator.clock.advance(32 * DAY);
    const ended = await stripe.subscriptions.retrieve(sub.id);
    assert.equal(ended.status, "canceled");
    assert.equal(ended.ended_at, sub.items.data[0].current_period_end);
    assert.equal((await stripe.invoices.list({ subscription: sub.id })).data.length, 1);
    const now = await stripe.subscriptions.create({ customer: customer.id, items: [{ price: price.id }] });
    const canceled = await stripe.subscriptions.cancel(now.id);
    assert.equal(canceled.status, "canceled");
    await assert.rejects(stripe.subscriptions.cancel(now.id), (e: any) => e.statusCode === 404);
  }));

Deno.test("plan change at period end through a subscription schedule; release drops a pending change", () =>
  withEmulator(async ({ stripe, emulator }) => {
    const { customer } = await memberWithCard(stripe);
    const monthly = await monthlyPrice(stripe, 5900);
    const quarterly = await monthlyPrice(stripe, 14700, "month", 3);
    const sub = await stripe.subscriptions.create({ customer: customer.id, items: [{ price: monthly.id }] });
    const schedule = await stripe.subscriptionSchedules.create({ from_subscription: sub.id });
    const phase = schedule.phases[0];
    await stripe.subscriptionSchedules.update(schedule.id, {
      end_behavior: "release",
      phases: [
        { items: [{ price: monthly.id, quantity: 1 }], start_date: phase.start_date, end_date: phase.end_date, proration_behavior: "none" },
        { items: [{ price: quarterly.id, quantity: 1 }], duration: { interval: "month", interval_count: 3 }, proration_behavior: "none" },
      ],
    });
    assert.equal((await stripe.subscriptions.retrieve(sub.id)).schedule, schedule.id);
    await emulator.clock.advance(phase.end_date - emulator.clock.now() + 60);
    const changed = await stripe.subscriptions.retrieve(sub.id, { expand: ["latest_invoice"] });
    assert.equal(changed.items.data[0].price.id, quarterly.id);
    assert.equal((changed.latest_invoice as Stripe.Invoice).amount_paid, 14700);
    assert.ok(changed.items.data[0].current_period_end - changed.items.data[0].current_period_start > 88 * DAY);

    const sub2 = await stripe.subscriptions.create({ customer: customer.id, items: [{ price: monthly.id }] });
    const s2 = await stripe.subscriptionSchedules.create({ from_subscription: sub2.id });
    await stripe.subscriptionSchedules.update(s2.id, {
      phases: [
        { items: [{ price: monthly.id }], start_date: s2.phases[0].start_date, end_date: s2.phases[0].end_date },
        { items: [{ price: quarterly.id }], duration: { interval: "month", interval_count: 3 } },
      ],
    });
    const released = await stripe.subscriptionSchedules.release(s2.id);
    assert.equal(released.status, "released");
    await emulator.clock.advance(32 * DAY);
    assert.equal((await stripe.subscriptions.retrieve(sub2.id)).items.data[0].price.id, monthly.id);
  }));

Deno.test("invoice preview shows the next renewal (a scheduled plan's price); Stripe's test clock endpoints move time", () =>
  withEmulator(async ({ stripe }) => {
    const testClock = await stripe.testHelpers.testClocks.create({ frozen_time: Math.floor(Date.now() / 1000) });
    const customer = await stripe.customers.create({ test_clock: testClock.id, metadata: { userId: "u-42" } });
    assert.deepEqual((await stripe.customers.search({ query: "metadata['userId']:'u-42'" })).data.map((c) => c.id), [customer.id]);
    const pm = await stripe.paymentMethods.attach("pm_card_visa", { customer: customer.id });
    const monthly = await monthlyPrice(stripe, 5900);
    const yearly = await monthlyPrice(stripe, 46800, "year");
    const sub = await stripe.subscriptions.create({ customer: customer.id, items: [{ price: monthly.id }], default_payment_method: pm.id });
    const schedule = await stripe.subscriptionSchedules.create({ from_subscription: sub.id });
    await stripe.subscriptionSchedules.update(schedule.id, {
      phases: [
        { items: [{ price: monthly.id }], start_date: schedule.phases[0].start_date, end_date: schedule.phases[0].end_date },
        { items: [{ price: yearly.id }], duration: { interval: "year", interval_count: 1 } },
      ],
    });
    const preview = await stripe.invoices.createPreview({ subscription: sub.id });
    assert.equal(preview.amount_due, 46800);
    assert.equal(preview.period_end, sub.items.data[0].current_period_end);
    const advanced = await stripe.testHelpers.testClocks.advance(testClock.id, { frozen_time: testClock.frozen_time + 32 * DAY });
    assert.equal(advanced.status, "ready");
    const after = await stripe.subscriptions.retrieve(sub.id, { expand: ["latest_invoice"] });
    assert.equal(after.items.data[0].price.id, yearly.id);
    assert.equal((after.latest_invoice as Stripe.Invoice).amount_paid, 46800);
    await assert.rejects(stripe.testHelpers.testClocks.advance(testClock.id, { frozen_time: testClock.frozen_time }), (e: any) => e.param === "frozen_time");
    // As on Stripe: one advance goes at most two intervals of the shortest subscription on the clock (here a year).
    const now = advanced.frozen_time;
    await assert.rejects(stripe.testHelpers.testClocks.advance(testClock.id, { frozen_time: now + 800 * DAY }), (e: any) => e.param === "frozen_time");
    const weekly = await monthlyPrice(stripe, 4900, "week");
    const other = await stripe.customers.create({ test_clock: testClock.id });
    const card = await stripe.paymentMethods.attach("pm_card_visa", { customer: other.id });
    await stripe.subscriptions.create({ customer: other.id, items: [{ price: weekly.id }], default_payment_method: card.id });
    await assert.rejects(stripe.testHelpers.testClocks.advance(testClock.id, { frozen_time: now + 15 * DAY }), (e: any) => e.param === "frozen_time");
    assert.equal((await stripe.testHelpers.testClocks.advance(testClock.id, { frozen_time: now + 14 * DAY })).status, "ready");
  }));

Deno.test("the same subscribe request 10× at once with one idempotency key: one subscription, one charge", () =>
  withEmulator(async ({ stripe }) => {
    const { customer } = await memberWithCard(stripe);
    const price = await monthlyPrice(stripe);
    const results = await Promise.all(Array.from({ length: 10 }, () =>
      stripe.subscriptions.create({ customer: customer.id, items: [{ price: price.id }] }, { idempotencyKey: `subscribe-${customer.id}` })
    ));
    assert.equal(new Set(results.map((s) => s.id)).size, 1);
    assert.equal((await stripe.subscriptions.list({ customer: customer.id })).data.length, 1);
    assert.equal((await stripe.charges.list({ customer: customer.id })).data.length, 1);
    assert.equal((await stripe.events.list({ type: "customer.subscription.created" })).data.length, 1);
  }));

Deno.test("billing option: one retry after 1 day, then the subscription is unpaid and no longer renews", async () => {
  const { emulator, stripe } = await startForTest({ billing: { retryDays: [1], afterFinalRetry: "unpaid" } });
  try {
    const { customer } = await memberWithCard(stripe, "pm_card_chargeCustomerFail");
    const good = await stripe.paymentMethods.attach("pm_card_visa", { customer: customer.id });
    const price = await monthlyPrice(stripe);
    const sub = await stripe.subscriptions.create({ customer: customer.id, items: [{ price: price.id }], default_payment_method: good.id });
    const bad = (await stripe.customers.retrieve(customer.id) as Stripe.Customer).invoice_settings.default_payment_method as string;
    await stripe.subscriptions.update(sub.id, { default_payment_method: bad });
    await emulator.clock.advance(sub.items.data[0].current_period_end - emulator.clock.now() + 2 * DAY);
    const unpaid = await stripe.subscriptions.retrieve(sub.id);
    assert.equal(unpaid.status, "unpaid");
    await emulator.clock.advance(40 * DAY);
    assert.equal((await stripe.invoices.list({ subscription: sub.id })).data.length, 2);
  } finally {
    await emulator.close();
  }
});

Deno.test("a trial that ends without any card: past_due with retries, then a card added pays the next retry", () =>
  withEmulator(async ({ stripe, emulator }) => {
    const customer = await stripe.customers.create({});
    const price = await monthlyPrice(stripe);
    const sub = await stripe.subscriptions.create({ customer: customer.id, items: [{ price: price.id }], trial_period_days: 7 });
    await emulator.clock.advance(7 * DAY + 60);
    const pastDue = await stripe.subscriptions.retrieve(sub.id, { expand: ["latest_invoice"] });
    assert.equal(pastDue.status, "past_due");
    assert.equal((pastDue.latest_invoice as Stripe.Invoice).attempt_count, 1);
    const pm = await stripe.paymentMethods.attach("pm_card_visa", { customer: customer.id });
    await stripe.customers.update(customer.id, { invoice_settings: { default_payment_method: pm.id } });
    await emulator.clock.advance(3 * DAY + 60);
    assert.equal((await stripe.subscriptions.retrieve(sub.id)).status, "active");
  }));

Deno.test("as at API 2025-09-30.clover and later: a schedule phase's `iterations` is an unknown parameter; objects on a test clock's customer carry the clock", () =>
  withEmulator(async ({ stripe }) => {
    const testClock = await stripe.testHelpers.testClocks.create({ frozen_time: Math.floor(Date.now() / 1000) });
    const customer = await stripe.customers.create({ test_clock: testClock.id });
    const pm = await stripe.paymentMethods.attach("pm_card_visa", { customer: customer.id });
    const monthly = await monthlyPrice(stripe, 5900);
    const quarterly = await monthlyPrice(stripe, 14700, "month", 3);
    const sub = await stripe.subscriptions.create({ customer: customer.id, items: [{ price: monthly.id }], default_payment_method: pm.id, expand: ["latest_invoice"] });
    assert.equal(sub.test_clock, testClock.id);
    assert.equal((sub.latest_invoice as Stripe.Invoice).test_clock, testClock.id);
    const schedule = await stripe.subscriptionSchedules.create({ from_subscription: sub.id });
    await assert.rejects(
      stripe.subscriptionSchedules.update(schedule.id, {
        phases: [
          { items: [{ price: monthly.id }], start_date: schedule.phases[0].start_date, end_date: schedule.phases[0].end_date },
          { items: [{ price: quarterly.id }], iterations: 1 } as any,
        ],
      }),
      (e: any) => e.statusCode === 400 && e.code === "parameter_unknown" && e.param === "phases[1][iterations]",
    );
    const other = await stripe.subscriptions.create({ customer: (await memberWithCard(stripe)).customer.id, items: [{ price: monthly.id }] });
    assert.equal(other.test_clock, null);
  }));
