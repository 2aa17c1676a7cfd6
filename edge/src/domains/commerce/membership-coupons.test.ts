/**
 * Promo codes on memberships (02 §5): `POST /payments/stripe/subscribe {coupon}`
 * applies the code through the processor's subscription discount — once (the
 * first invoice) or forever (every invoice) — and the transactions record the
 * discounted amounts; the redemption limit holds; a bad code changes nothing;
 * a declined first payment gives its redemption back.
 */
import assert from "node:assert/strict";
import { idempotencyKey, paymentsTest } from "../../test/payments-fixtures.ts";

paymentsTest("memberships with a promo code: once, forever, limit, bad codes", async (t, ctx) => {
  const { doctor, plans } = await ctx.doctorWithPlans();
  const monthly = plans["Primary care — monthly"];
  const admin = await ctx.createUser("admin");
  const coupon = async (name: string, duration: "once" | "forever", redemptionLimit: number | null) => {
    const res = await ctx.call("POST", "/coupons", { token: admin.token, body: { name, percentageDiscount: 20, duration, redemptionLimit } });
    assert.equal(res.status, 201, JSON.stringify(res.body));
    return res.body.result.id as string;
  };
  const subscribe = (token: string, body: Record<string, unknown>) =>
    ctx.call("POST", "/payments/stripe/subscribe", {
      token,
      body: { doctorId: doctor.id, planId: monthly, paymentMethodId: "pm_card_visa", idempotencyKey: idempotencyKey(), ...body },
    });
  const amounts = async (patientId: string) =>
    (await ctx.sql<{ amount_cents: number }[]>`select amount_cents from payment_transactions
      where patient_id = ${patientId} and status = 'succeeded' order by created_at, id`).map((r) => r.amount_cents);
  const appliedTimes = async (id: string) => (await ctx.sql<{ n: number }[]>`select applied_times as n from coupons where id = ${id}`)[0].n;
  const processorSubscriptions = async () =>
    ((await (await fetch(`${ctx.emulator.url}/v1/subscriptions?limit=100&status=all`, { headers: { authorization: "Bearer sk_test_any" } })).json())
      .data as unknown[]).length;

  await coupon("ONCE20", "once", null);
  await coupon("EVER20", "forever", null);
  const limitedId = await coupon("ONLYONE", "once", 1);

  const once = await ctx.createUser("patient");
  const forever = await ctx.createUser("patient");

  await t.step("once: the first invoice is $47.20, the processor's subscription carries the discount", async () => {
    const res = await subscribe(once.token, { coupon: "once20" });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(res.body.result.status, "active");
    await ctx.settle();
    assert.deepEqual(await amounts(once.id), [4720]);
    const [m] = await ctx.sql<{ subscription_id: string }[]>`select subscription_id from memberships where patient_id = ${once.id}`;
    const [r] = await ctx.sql<{ subscription_id: string; purpose: string }[]>`select subscription_id, purpose from coupon_redemptions
      where patient_id = ${once.id}`;
    assert.deepEqual(r, { subscription_id: m.subscription_id, purpose: "membership" });
  });

  await t.step("forever: $47.20 first", async () => {
    const res = await subscribe(forever.token, { coupon: "EVER20" });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    await ctx.settle();
    assert.deepEqual(await amounts(forever.id), [4720]);
  });

  await t.step("the second invoice: full price after 'once', still discounted 'forever'", async () => {
    await ctx.advanceDays(32);
    assert.deepEqual(await amounts(once.id), [4720, 5900]);
    assert.deepEqual(await amounts(forever.id), [4720, 4720]);
  });

  await t.step("limit reached: 'Invalid coupon', nothing made, the count stays", async () => {
    const first = await ctx.createUser("patient");
    assert.equal((await subscribe(first.token, { coupon: "ONLYONE" })).status, 200);
    assert.equal(await appliedTimes(limitedId), 1);
    const second = await ctx.createUser("patient");
    const before = await processorSubscriptions();
    const res = await subscribe(second.token, { coupon: "ONLYONE" });
    assert.equal(res.status, 404);
    assert.equal(res.body.message, "Invalid coupon");
    assert.equal(await appliedTimes(limitedId), 1);
    assert.equal((await ctx.sql`select 1 from memberships where patient_id = ${second.id}`).length, 0);
    assert.equal(await processorSubscriptions(), before);
  });

  await t.step("unknown, deleted or malformed codes: 'Invalid coupon' (or 400), nothing made", async () => {
    const deleted = await coupon("GONE20", "once", null);
    assert.equal((await ctx.call("DELETE", `/coupons/${deleted}`, { token: admin.token })).status, 200);
    const patient = await ctx.createUser("patient");
    const before = await processorSubscriptions();
    for (const code of ["NOPE", "GONE20", "bad code"]) {
      const res = await subscribe(patient.token, { coupon: code });
      assert.equal(res.status, 404, code);
      assert.equal(res.body.message, "Invalid coupon");
    }
    assert.equal((await subscribe(patient.token, { coupon: "x".repeat(41) })).status, 400);
    assert.equal((await ctx.sql`select 1 from memberships where patient_id = ${patient.id}`).length, 0);
    assert.equal((await ctx.sql`select 1 from payment_transactions where patient_id = ${patient.id}`).length, 0);
    assert.equal((await ctx.sql`select 1 from coupon_redemptions where patient_id = ${patient.id}`).length, 0);
    assert.equal(await processorSubscriptions(), before);
    // No code (null or absent) is a membership at full price.
    const res = await subscribe(patient.token, { coupon: null });
    assert.equal(res.status, 200);
    await ctx.settle();
    assert.deepEqual(await amounts(patient.id), [5900]);
  });

  await t.step("a declined first payment gives the redemption back", async () => {
    const id = await coupon("LASTONE", "forever", 1);
    const patient = await ctx.createUser("patient");
    const res = await subscribe(patient.token, { coupon: "LASTONE", paymentMethodId: "pm_card_chargeCustomerFail" });
    assert.equal(res.status, 402, JSON.stringify(res.body));
    assert.equal(await appliedTimes(id), 0);
    assert.equal((await ctx.sql`select 1 from coupon_redemptions where coupon_id = ${id}`).length, 0);
    const other = await ctx.createUser("patient");
    assert.equal((await subscribe(other.token, { coupon: "LASTONE" })).status, 200);
    assert.equal(await appliedTimes(id), 1);
  });
});
