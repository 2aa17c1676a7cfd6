/**
 * 02 §9 imaging referral: $59 first, $30 for each additional request within 30
 * days of that first, up to 3 additional (then a new first at $59 opens a new
 * window); refunds refused 30 days after the purchase. The service's options
 * (`additional`, `refundWindowDays`), the checkout's quote, the purchase, the
 * count under concurrency and the admin's refund.
 */
import assert from "node:assert/strict";
import { type CommerceContext, commerceTest } from "../../test/commerce-fixtures.ts";

const REFERRAL = {
  name: "Imaging referral", subscriberPriceCents: 3000, nonSubscriberPriceCents: 5900, fields: [], attachableFiles: false, intakeForm: false,
  additional: { priceCents: 3000, max: 3, withinDays: 30 }, refundWindowDays: 30,
};

async function connectedDoctor(ctx: CommerceContext) {
  const doctor = await ctx.createUser("doctor", { specialty: "Family practice", commission_percent: 15 });
  const link = await ctx.call("GET", "/stripe/connect/provider/link", { token: doctor.token });
  const back = await ctx.onboard(link.body.result.url, "complete");
  await ctx.call("POST", "/stripe/connect/provider/finalize", { token: doctor.token, body: { csrfToken: new URL(back).searchParams.get("state") } });
  return doctor;
}

commerceTest("imaging referral: additional requests within the first's window, the refund window", async (t, ctx) => {
  const admin = await ctx.createUser("admin");
  const doctor = await connectedDoctor(ctx);
  const patient = await ctx.createUser("patient", { doctor_id: doctor.id });
  const card = (await ctx.call("POST", "/stripe/account/paymentMethods", { token: patient.token, body: { paymentMethodId: "pm_card_visa" } })).body.result.id;
  let serviceId = "";
  let plainId = "";
  const buy = async (extra: Record<string, unknown> = {}, id = serviceId) => {
    const res = await ctx.call("POST", `/paidServices/request/${id}`, { token: patient.token, body: { doctorId: doctor.id, card, fields: {}, ...extra } });
    assert.equal(res.status, 201, JSON.stringify(res.body));
    return res.body.result as { id: string; priceCents: number; amountCents: number };
  };
  const quote = async () => (await ctx.call("GET", `/paidServices/quote/${serviceId}?doctorId=${doctor.id}`, { token: patient.token })).body.result;
  const firstOf = async (requestId: string) =>
    (await ctx.sql<{ f: string | null }[]>`select first_request_id as f from service_requests where id = ${requestId}`)[0].f;

  await t.step("the admin sets the options; bad ones refused; an edit that leaves them out keeps them", async () => {
    for (const bad of [{ priceCents: 0, max: 3, withinDays: 30 }, { priceCents: 3000, max: 0, withinDays: 30 }, { priceCents: 3000, max: 11, withinDays: 30 },
      { priceCents: 3000, max: 3 }, { priceCents: 3000, max: 3, withinDays: 0 }]) {
      assert.equal((await ctx.call("POST", "/paidServices", { token: admin.token, body: { ...REFERRAL, additional: bad } })).status, 400, JSON.stringify(bad));
    }
    assert.equal((await ctx.call("POST", "/paidServices", { token: admin.token, body: { ...REFERRAL, refundWindowDays: 0 } })).status, 400);
    const created = await ctx.call("POST", "/paidServices", { token: admin.token, body: REFERRAL });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    serviceId = created.body.result.id;
    assert.deepEqual([created.body.result.additional, created.body.result.refundWindowDays], [REFERRAL.additional, 30]);
    const { additional: _a, refundWindowDays: _r, ...withoutOptions } = REFERRAL;
    const edited = await ctx.call("PUT", `/paidServices/${serviceId}`, { token: admin.token, body: { ...withoutOptions, description: "Allow 2 business days." } });
    assert.deepEqual([edited.body.result.additional, edited.body.result.refundWindowDays, edited.body.result.description], [REFERRAL.additional, 30, "Allow 2 business days."]);
    const plain = await ctx.call("POST", "/paidServices", { token: admin.token, body: { ...withoutOptions, name: "One-week access", nonSubscriberPriceCents: 4900 } });
    plainId = plain.body.result.id;
    assert.deepEqual([plain.body.result.additional, plain.body.result.refundWindowDays], [null, null]);
    for (const id of [serviceId, plainId]) await ctx.call("PUT", `/paidServices/${id}/enable/for/me`, { token: doctor.token });
  });

  let first = "";
  await t.step("first $59.00; then 3 additional at $30.00 (one with a 20 % code: $24.00); the 5th is a new first at $59.00", async () => {
    assert.deepEqual(await quote(), { priceCents: 5900, regularPriceCents: 5900, additional: null });
    const a = await buy();
    first = a.id;
    assert.deepEqual([a.priceCents, a.amountCents, await firstOf(a.id)], [5900, 5900, null]);
    const q = await quote();
    assert.deepEqual([q.priceCents, q.additional.used, q.additional.max], [3000, 0, 3]);
    assert.ok(Math.abs(Date.parse(q.additional.endsAt) - Date.now() - 30 * 86_400_000) < 60_000);
    await ctx.call("POST", "/coupons", { token: admin.token, body: { name: "SAVE20", percentageDiscount: 20, duration: "once", redemptionLimit: 5 } });
    const extra = [await buy(), await buy({ coupon: "SAVE20" }), await buy()];
    assert.deepEqual(extra.map((r) => [r.priceCents, r.amountCents]), [[3000, 3000], [3000, 2400], [3000, 3000]]);
    for (const r of extra) assert.equal(await firstOf(r.id), first);
    assert.deepEqual((await quote()).priceCents, 5900, "the 3 additional places are used");
    const fifth = await buy();
    assert.deepEqual([fifth.priceCents, await firstOf(fifth.id)], [5900, null]);
    assert.deepEqual([(await quote()).priceCents, (await quote()).additional.used], [3000, 0]);
  });

  await t.step("the window closes 30 days after the first: then the full price again", async () => {
    await ctx.sql`update service_requests set created_at = created_at - interval '30 days 1 minute' where patient_id = ${patient.id}`;
    assert.deepEqual(await quote(), { priceCents: 5900, regularPriceCents: 5900, additional: null });
    const next = await buy();
    assert.deepEqual([next.priceCents, await firstOf(next.id)], [5900, null]);
    first = next.id;
  });

  await t.step("concurrent purchases never put more than 3 additional requests in one window", async () => {
    await buy();
    await buy(); // 2 of 3 places used
    const results = await Promise.all(Array.from({ length: 6 }, () =>
      ctx.call("POST", `/paidServices/request/${serviceId}`, { token: patient.token, body: { doctorId: doctor.id, card, fields: {} } })));
    assert.deepEqual(results.map((r) => r.status), Array(6).fill(201));
    const windows = await ctx.sql<{ f: string; n: number }[]>`select first_request_id as f, count(*)::int as n from service_requests
      where first_request_id is not null group by first_request_id`;
    assert.ok(windows.every((w) => w.n <= 3), JSON.stringify(windows));
    assert.equal(windows.find((w) => w.f === first)!.n, 3);
    assert.ok(results.some((r) => r.body.result.priceCents === 3000));
  });

  await t.step("a fully refunded additional request gives its place back", async () => {
    const [tx] = await ctx.sql<{ id: string }[]>`select t.id from payment_transactions t join service_requests r on r.id = t.service_request_id
      where r.first_request_id = ${first} order by t.created_at desc limit 1`;
    const res = await ctx.call("POST", `/transactions/${tx.id}/refund`, { token: admin.token, body: { amountCents: 3000, reason: "Not needed" } });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const [{ n }] = await ctx.sql<{ n: number }[]>`select count(*)::int as n from service_requests
      where first_request_id = ${first} and status in ('pending', 'paid')`;
    assert.equal(n, 2);
  });

  await t.step("refunds: within 30 days of the purchase yes; after, 409 with the reason; a service without a window still can", async () => {
    const fresh = await buy();
    const txOf = async (requestId: string) =>
      (await ctx.sql<{ id: string }[]>`select id from payment_transactions where service_request_id = ${requestId}`)[0].id;
    const tx = await txOf(fresh.id);
    const age = (id: string, days: number) => ctx.sql`update payment_transactions set created_at = now() - make_interval(days => ${days}) where id = ${id}`;
    await age(tx, 29);
    assert.equal((await ctx.call("POST", `/transactions/${tx}/refund`, { token: admin.token, body: { amountCents: 100, reason: "Part" } })).status, 200);
    await age(tx, 30);
    const late = await ctx.call("POST", `/transactions/${tx}/refund`, { token: admin.token, body: { amountCents: 100, reason: "Late" } });
    assert.equal(late.status, 409);
    assert.equal(late.body.message, "This service can be refunded only within 30 days of the purchase; that time has passed.");
    assert.equal(late.body.details.reason, "REFUND_WINDOW_PASSED");
    const [row] = await ctx.sql`select refunded_cents from payment_transactions where id = ${tx}`;
    assert.equal(row.refunded_cents, 100, "nothing more refunded");
    const plain = await buy({}, plainId);
    const plainTx = await txOf(plain.id);
    await age(plainTx, 90);
    assert.equal((await ctx.call("POST", `/transactions/${plainTx}/refund`, { token: admin.token, body: { amountCents: 4900, reason: "Goodwill" } })).status, 200);
  });

  await t.step("the quote: unknown service or doctor, a doctor's token, bad query", async () => {
    assert.equal((await ctx.call("GET", `/paidServices/quote/${crypto.randomUUID()}?doctorId=${doctor.id}`, { token: patient.token })).body.message, "No such service!");
    assert.equal((await ctx.call("GET", `/paidServices/quote/${serviceId}?doctorId=${crypto.randomUUID()}`, { token: patient.token })).status, 404);
    assert.equal((await ctx.call("GET", `/paidServices/quote/${serviceId}`, { token: patient.token })).status, 400);
    assert.equal((await ctx.call("GET", `/paidServices/quote/${serviceId}?doctorId=${doctor.id}`, { token: doctor.token })).status, 403);
  });
});
