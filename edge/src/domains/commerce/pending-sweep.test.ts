/**
 * The sweep of abandoned 3-D Secure service charges (./pending-sweep.ts): a request pending
 * longer than the limit is removed with its intent and its promo-code redemption (the code
 * can be redeemed again); one whose challenge was completed late is recorded as the purchase;
 * a fresh one is left alone; a second run, or two runs at once, change nothing more.
 * Time is moved by ageing the request's created_at; the job is sent and drained as the
 * schedule would.
 */
import assert from "node:assert/strict";
import { answer3ds } from "../../../emulators/stripe/test-helpers.ts";
import { type CommerceContext, commerceTest } from "../../test/commerce-fixtures.ts";
import { createPendingSweep } from "./pending-sweep.ts";
import { PENDING_SWEEP_JOB } from "./jobs.ts";

async function setUp(ctx: CommerceContext) {
  const admin = await ctx.createUser("admin");
  const doctor = await ctx.createUser("doctor", { specialty: "Family practice", commission_percent: 10 });
  const link = await ctx.call("GET", "/stripe/connect/provider/link", { token: doctor.token });
  const back = await ctx.onboard(link.body.result.url, "complete");
  await ctx.call("POST", "/stripe/connect/provider/finalize", { token: doctor.token, body: { csrfToken: new URL(back).searchParams.get("state") } });
  const created = await ctx.call("POST", "/paidServices", {
    token: admin.token, body: { name: "Imaging referral", subscriberPriceCents: 3000, nonSubscriberPriceCents: 5900 },
  });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  await ctx.call("PUT", `/paidServices/${created.body.result.id}/enable/for/me`, { token: doctor.token });
  return { admin, doctor, serviceId: created.body.result.id as string };
}

commerceTest("abandoned 3-D Secure charges are swept: expired, settled late, or left while fresh", async (t, ctx) => {
  const { admin, doctor, serviceId } = await setUp(ctx);
  // One redemption only: while the abandoned request holds it, nobody can use the code.
  const once = await ctx.call("POST", "/coupons", { token: admin.token, body: { name: "ONCE20", percentageDiscount: 20, duration: "once", redemptionLimit: 1 } });
  assert.equal(once.status, 201, JSON.stringify(once.body));
  const couponId = once.body.result.id as string;
  const patient = await ctx.createUser("patient");
  const addCard = async (pm: string) =>
    (await ctx.call("POST", "/stripe/account/paymentMethods", { token: patient.token, body: { paymentMethodId: pm } })).body.result.id as string;
  const challenged = await addCard("pm_card_authenticationRequired");
  const visa = await addCard("pm_card_visa");
  const buy = (card: string, coupon?: string) =>
    ctx.call("POST", `/paidServices/request/${serviceId}`, { token: patient.token, body: { doctorId: doctor.id, card, ...(coupon ? { coupon } : {}) } });
  const age = (id: string, hours: number) => ctx.sql`update service_requests set created_at = now() - make_interval(hours => ${hours}) where intent_id = ${id}`;
  const sweep = async () => {
    await ctx.deps.jobs.send(PENDING_SWEEP_JOB, {});
    // Only the sweep: the processor's webhooks stay undelivered, as if lost.
    assert.equal(await ctx.deps.jobs.drain({ jobs: [PENDING_SWEEP_JOB], dueNow: true }), 1);
  };
  const state = async () => {
    const [r] = await ctx.sql<{ tx: number; pending: number; paid: number; red: number; applied: number; audits: number }[]>`select
      (select count(*)::int from payment_transactions where patient_id = ${patient.id}) as tx,
      (select count(*)::int from service_requests where patient_id = ${patient.id} and status = 'pending') as pending,
      (select count(*)::int from service_requests where patient_id = ${patient.id} and status = 'paid') as paid,
      (select count(*)::int from coupon_redemptions where patient_id = ${patient.id}) as red,
      (select applied_times from coupons where id = ${couponId}) as applied,
      (select count(*)::int from audit_log where event = 'payment.write' and subject_id = ${patient.id}) as audits`;
    return r;
  };

  let abandoned = "";
  await t.step("a fresh pending request is left alone, holding its redemption", async () => {
    const res = await buy(challenged, "ONCE20");
    assert.equal(res.status, 201, JSON.stringify(res.body));
    assert.equal(res.body.result.status, "pending");
    abandoned = res.body.result.intentId;
    await age(abandoned, 23);
    const before = await state();
    assert.deepEqual({ ...before, audits: 0 }, { tx: 0, pending: 1, paid: 0, red: 1, applied: 1, audits: 0 });
    await sweep();
    assert.deepEqual(await state(), before);
    assert.equal((await ctx.stripeGet(`/v1/payment_intents/${abandoned}`)).status, "requires_action");
    // The code is used up while the request holds it.
    assert.equal((await buy(visa, "ONCE20")).status, 404);
  });

  await t.step("abandoned past the limit: intent canceled, request deleted, redemption given back, audited", async () => {
    await age(abandoned, 25);
    await sweep();
    assert.deepEqual({ ...(await state()), audits: 0 }, { tx: 0, pending: 0, paid: 0, red: 0, applied: 0, audits: 0 });
    assert.equal((await ctx.stripeGet(`/v1/payment_intents/${abandoned}`)).status, "canceled");
    const [audit] = await ctx.sql`select actor_id, details from audit_log where event = 'payment.write'
      and details->>'what' = 'service.purchase.discarded' and subject_id = ${patient.id}`;
    assert.equal(audit.actor_id, null);
    assert.equal(audit.details.reason, "expired");
    assert.equal(audit.details.couponId, couponId);
    // The patient's confirm now finds nothing.
    assert.equal((await ctx.call("POST", "/stripe/confirm/intent", { token: patient.token, body: { intentId: abandoned } })).status, 404);
    // The code can be redeemed again.
    const again = await buy(visa, "ONCE20");
    assert.equal(again.status, 201, JSON.stringify(again.body));
    assert.equal(again.body.result.status, "paid");
    assert.equal(again.body.result.amountCents, 4720);
    assert.deepEqual({ ...(await state()), audits: 0 }, { tx: 1, pending: 0, paid: 1, red: 1, applied: 1, audits: 0 });
  });

  await t.step("a challenge completed late is recorded as the purchase, not canceled", async () => {
    const res = await buy(challenged);
    const late = res.body.result.intentId as string;
    await (await answer3ds(ctx.emulator, late, "complete")).body?.cancel();
    await age(late, 30);
    await sweep();
    const [tx] = await ctx.sql`select status, amount_cents, fee_cents, net_cents from payment_transactions where invoice_id = ${late}`;
    assert.deepEqual({ ...tx }, { status: "succeeded", amount_cents: 5900, fee_cents: 590, net_cents: 5310 });
    const [row] = await ctx.sql`select status from service_requests where intent_id = ${late}`;
    assert.equal(row.status, "paid");
    assert.equal((await ctx.stripeGet(`/v1/payment_intents/${late}`)).status, "succeeded");
    assert.equal((await ctx.call("GET", "/paidServices/requests", { token: doctor.token })).body.result.length, 2);
  });

  await t.step("a second run changes nothing; nor do the late webhooks", async () => {
    const before = await state();
    await sweep();
    await ctx.settle();
    assert.deepEqual(await state(), before);
    assert.equal((await ctx.sql`select count(*)::int as n from payment_transactions where patient_id = ${patient.id}`)[0].n, 2);
  });

  await t.step("two sweeps at once (two processes): one request discarded once", async () => {
    const many = await ctx.call("POST", "/coupons", { token: admin.token, body: { name: "MANY10", percentageDiscount: 10, duration: "once", redemptionLimit: 5 } });
    const res = await buy(challenged, "MANY10");
    const intentId = res.body.result.intentId as string;
    await age(intentId, 48);
    const before = await state();
    const a = createPendingSweep(ctx.deps);
    const b = createPendingSweep(ctx.deps);
    const results = await Promise.all([a(), b()]);
    assert.equal(results.reduce((n, r) => n + r.discarded + r.paid, 0) >= 1, true);
    const after = await state();
    assert.deepEqual({ ...after, audits: 0 }, { ...before, pending: 0, red: before.red - 1, audits: 0 });
    assert.equal(after.audits, before.audits + 1);
    const [m] = await ctx.sql`select applied_times from coupons where id = ${many.body.result.id}`;
    assert.equal(m.applied_times, 0);
    assert.equal((await ctx.stripeGet(`/v1/payment_intents/${intentId}`)).status, "canceled");
  });
});
