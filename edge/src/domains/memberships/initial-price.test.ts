/**
 * The option's initial price is the first payment, the consecutive price every renewal — charged by the
 * processor itself (a one-off invoice line above the price, a `once` coupon below it), after a trial too, with a
 * promo code's percentage off the first payment — through the real SDK against the Stripe-API emulator and its clock.
 */
import assert from "node:assert/strict";
import { idempotencyKey, paymentsTest } from "../../test/payments-fixtures.ts";

paymentsTest("memberships: the initial price is the first payment, renewals the consecutive price", async (t, ctx) => {
  /** A new doctor whose monthly option ($59.00) has these terms; a new patient joins it. */
  async function join(terms: { initialPriceCents: number | null; trialDays?: number }, coupon?: string) {
    const { doctor, plans } = await ctx.doctorWithPlans();
    const monthly = plans["Primary care — monthly"];
    const set = await ctx.call("PUT", `/membershipOptions/${monthly}`, { token: doctor.token, body: terms });
    assert.equal(set.status, 200, JSON.stringify(set.body));
    const patient = await ctx.createUser("patient");
    const res = await ctx.call("POST", "/payments/stripe/subscribe", {
      token: patient.token,
      body: { doctorId: doctor.id, planId: monthly, paymentMethodId: "pm_card_visa", idempotencyKey: idempotencyKey(), ...(coupon ? { coupon } : {}) },
    });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(res.body.result.status, "active");
    // What the membership renews at: the consecutive price.
    assert.equal(res.body.result.membership.amountCents, 5900);
    await ctx.settle();
    return patient;
  }
  /** The patient's paid charges, oldest first ($0 trial invoices left out). */
  async function charges(token: string) {
    const res = await ctx.call("GET", "/payments/transactions?limit=50", { token });
    return (res.body.result.list as { amountCents: number; status: string }[])
      .filter((tx) => tx.status === "succeeded" && tx.amountCents > 0)
      .map((tx) => tx.amountCents)
      .reverse();
  }

  // A 20 % promo code comes off the first payment, whichever side of the price the initial price is (as the PWA shows).
  const admin = await ctx.createUser("admin");
  for (const [name, duration] of [["FIRST20", "once"], ["ALWAYS20", "forever"]]) {
    const made = await ctx.call("POST", "/coupons", { token: admin.token, body: { name, percentageDiscount: 20, duration, redemptionLimit: null } });
    assert.equal(made.status, 201, JSON.stringify(made.body));
  }
  const higherOnce = await join({ initialPriceCents: 9900 }, "FIRST20");
  const lowerForever = await join({ initialPriceCents: 1900 }, "ALWAYS20");
  const higher = await join({ initialPriceCents: 9900 });
  const lower = await join({ initialPriceCents: 1900 });
  const same = await join({ initialPriceCents: 5900 });
  const none = await join({ initialPriceCents: null });
  const trial = await join({ initialPriceCents: 9900, trialDays: 7 });

  await t.step("the first payment is the initial price (after the trial: nothing yet)", async () => {
    assert.deepEqual(await charges(higher.token), [9900]);
    assert.deepEqual(await charges(lower.token), [1900]);
    assert.deepEqual(await charges(same.token), [5900]);
    assert.deepEqual(await charges(none.token), [5900]);
    assert.deepEqual(await charges(trial.token), []);
    assert.deepEqual(await charges(higherOnce.token), [7920]);
    assert.deepEqual(await charges(lowerForever.token), [1520]);
  });

  await t.step("after the trial the first paid invoice is the initial price", async () => {
    await ctx.advanceDays(8);
    assert.deepEqual(await charges(trial.token), [9900]);
  });

  await t.step("each renewal is the consecutive price", async () => {
    await ctx.advanceDays(31);
    assert.deepEqual(await charges(higher.token), [9900, 5900]);
    assert.deepEqual(await charges(lower.token), [1900, 5900]);
    assert.deepEqual(await charges(same.token), [5900, 5900]);
    assert.deepEqual(await charges(none.token), [5900, 5900]);
    assert.deepEqual(await charges(trial.token), [9900, 5900]);
    assert.deepEqual(await charges(higherOnce.token), [7920, 5900]);
    assert.deepEqual(await charges(lowerForever.token), [1520, 4720]);
  });
});
