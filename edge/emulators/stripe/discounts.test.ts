/** Subscription discounts: coupons and promotion codes, and a first payment unlike the renewals. */
import assert from "node:assert/strict";
import Stripe from "stripe";
import { DAY, memberWithCard, monthlyPrice, withEmulator } from "./test-helpers.ts";

Deno.test("coupons and promotion codes: 20% once on the first invoice, redemption limit", () =>
  withEmulator(async ({ stripe, emulator }) => {
    const { customer } = await memberWithCard(stripe);
    const price = await monthlyPrice(stripe);
    const coupon = await stripe.coupons.create({ percent_off: 20, duration: "once", max_redemptions: 1 });
    const promo = await stripe.promotionCodes.create({ promotion: { type: "coupon", coupon: coupon.id }, code: "WELCOME20" });
    assert.equal((await stripe.promotionCodes.list({ code: "welcome20" })).data[0].id, promo.id);
    const sub = await stripe.subscriptions.create({ customer: customer.id, items: [{ price: price.id }], discounts: [{ promotion_code: promo.id }], expand: ["latest_invoice"] });
    assert.equal((sub.latest_invoice as Stripe.Invoice).amount_paid, 4720);
    await assert.rejects(stripe.subscriptions.create({ customer: customer.id, items: [{ price: price.id }], discounts: [{ promotion_code: promo.id }] }), (e: any) => e.statusCode === 400);
    await emulator.clock.advance(32 * DAY);
    const renewal = await stripe.invoices.retrieve(String((await stripe.subscriptions.retrieve(sub.id)).latest_invoice));
    assert.equal(renewal.amount_paid, 5900);
  }));

Deno.test("coupons: 'forever' discounts every invoice; the subscription lists its discount; an inactive code is refused", () =>
  withEmulator(async ({ stripe, emulator }) => {
    const { customer } = await memberWithCard(stripe);
    const price = await monthlyPrice(stripe);
    const coupon = await stripe.coupons.create({ percent_off: 20, duration: "forever" });
    const promo = await stripe.promotionCodes.create({ promotion: { type: "coupon", coupon: coupon.id }, code: "EVER20" });
    const sub = await stripe.subscriptions.create({ customer: customer.id, items: [{ price: price.id }], discounts: [{ promotion_code: promo.id }], expand: ["latest_invoice"] });
    assert.equal((sub.latest_invoice as Stripe.Invoice).amount_paid, 4720);
    assert.equal(sub.discounts.length, 1);
    const invoice = sub.latest_invoice as Stripe.Invoice;
    assert.equal(invoice.subtotal, 5900);
    assert.equal(invoice.total_discount_amounts?.[0].amount, 1180);
    await emulator.clock.advance(32 * DAY);
    const renewal = await stripe.invoices.retrieve(String((await stripe.subscriptions.retrieve(sub.id)).latest_invoice));
    assert.equal(renewal.amount_paid, 4720);
    assert.equal((await stripe.coupons.retrieve(coupon.id)).times_redeemed, 1);
    await stripe.promotionCodes.update(promo.id, { active: false });
    await assert.rejects(
      stripe.subscriptions.create({ customer: customer.id, items: [{ price: price.id }], discounts: [{ promotion_code: promo.id }] }),
      (e: any) => e.statusCode === 400 && e.param === "promotion_code",
    );
  }));

Deno.test("a first payment unlike the renewals: add_invoice_items (a one-off surcharge), a once amount_off coupon beside a promotion code, both after a trial", () =>
  withEmulator(async ({ stripe, emulator }) => {
    const { customer } = await memberWithCard(stripe);
    const price = await monthlyPrice(stripe);
    const product = String(price.product);
    const renewalOf = async (id: string) => stripe.invoices.retrieve(String((await stripe.subscriptions.retrieve(id)).latest_invoice));

    // Higher first payment: $59.00 + a one-off $40.00 line = $99.00, then $59.00.
    const higher = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: price.id }],
      add_invoice_items: [{ price_data: { currency: "usd", product, unit_amount: 4000 } }],
      expand: ["latest_invoice"],
    });
    const first = higher.latest_invoice as Stripe.Invoice;
    assert.equal(first.amount_paid, 9900);
    assert.deepEqual(first.lines.data.map((l) => l.amount), [5900, 4000]);
    await assert.rejects(
      stripe.subscriptions.create({ customer: customer.id, items: [{ price: price.id }], add_invoice_items: [{ price: price.id }] }),
      (e: any) => e.statusCode === 400 && e.param === "add_invoice_items[0][price]",
    );

    // Lower first payment, stacked with a 10 % promotion code: (5900 − 590) − 4000 = 1310, then 5310.
    const promoCoupon = await stripe.coupons.create({ percent_off: 10, duration: "forever" });
    const promo = await stripe.promotionCodes.create({ promotion: { type: "coupon", coupon: promoCoupon.id }, code: "TEN" });
    const once = await stripe.coupons.create({ amount_off: 4000, currency: "usd", duration: "once", max_redemptions: 1 });
    const lower = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: price.id }],
      discounts: [{ promotion_code: promo.id }, { coupon: once.id }],
      expand: ["latest_invoice"],
    });
    assert.equal(lower.discounts.length, 2);
    const lowerFirst = lower.latest_invoice as Stripe.Invoice;
    assert.equal(lowerFirst.amount_paid, 1310);
    assert.deepEqual(lowerFirst.total_discount_amounts?.map((d) => d.amount), [590, 4000]);

    // After a trial: the first invoice is $0; items and a once coupon added by an update go on the first paid one.
    const trialing = await stripe.subscriptions.create({ customer: customer.id, items: [{ price: price.id }], trial_period_days: 7, expand: ["latest_invoice"] });
    assert.equal((trialing.latest_invoice as Stripe.Invoice).amount_due, 0);
    await stripe.subscriptions.update(trialing.id, { add_invoice_items: [{ price_data: { currency: "usd", product, unit_amount: 4000 } }], proration_behavior: "none" });
    const trialingLower = await stripe.subscriptions.create({ customer: customer.id, items: [{ price: price.id }], trial_period_days: 7 });
    const once2 = await stripe.coupons.create({ amount_off: 4000, currency: "usd", duration: "once" });
    await stripe.subscriptions.update(trialingLower.id, { discounts: [{ coupon: once2.id }], proration_behavior: "none" });
    const preview = await stripe.invoices.createPreview({ subscription: trialing.id });
    assert.equal(preview.amount_due, 9900);

    await emulator.clock.advance(8 * DAY);
    assert.equal((await renewalOf(trialing.id)).amount_paid, 9900);
    assert.equal((await renewalOf(trialingLower.id)).amount_paid, 1900);
    await emulator.clock.advance(31 * DAY);
    assert.equal((await renewalOf(higher.id)).amount_paid, 5900);
    assert.equal((await renewalOf(lower.id)).amount_paid, 5310);
    assert.equal((await renewalOf(trialing.id)).amount_paid, 5900);
    assert.equal((await renewalOf(trialingLower.id)).amount_paid, 5900);
  }));
