/**
 * Who may buy a service at which price (02 §6): a member of the doctor pays the
 * subscribers' price; a service without a non-subscribers' price is for members
 * only, one without a subscribers' price for non-members only — refused with
 * 409 before any charge, no redemption taken, nothing recorded.
 */
import assert from "node:assert/strict";
import { type CommerceContext, commerceTest } from "../../test/commerce-fixtures.ts";

/** A doctor with an active payout account and the given services enabled. */
async function setUp(ctx: CommerceContext, services: Record<string, unknown>[]) {
  const admin = await ctx.createUser("admin");
  const doctor = await ctx.createUser("doctor", { specialty: "Family practice", commission_percent: 10 });
  const link = await ctx.call("GET", "/stripe/connect/provider/link", { token: doctor.token });
  const back = await ctx.onboard(link.body.result.url, "complete");
  await ctx.call("POST", "/stripe/connect/provider/finalize", { token: doctor.token, body: { csrfToken: new URL(back).searchParams.get("state") } });
  const ids: string[] = [];
  for (const service of services) {
    const created = await ctx.call("POST", "/paidServices", { token: admin.token, body: { attachableFiles: false, intakeForm: false, fields: [], ...service } });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    await ctx.call("PUT", `/paidServices/${created.body.result.id}/enable/for/me`, { token: doctor.token });
    ids.push(created.body.result.id);
  }
  return { admin, doctor, ids };
}

/** A live membership with the doctor (what `isMember` reads; the membership tests cover how one is bought). */
async function makeMember(ctx: CommerceContext, patientId: string, doctorId: string) {
  const [plan] = await ctx.sql<{ id: string }[]>`insert into plans (name, price_cents, interval, interval_count)
    values ('Primary care monthly', 5900, 'month', 1) returning id`;
  await ctx.sql`insert into memberships (patient_id, doctor_id, plan_id, subscription_id, status, amount_cents)
    values (${patientId}, ${doctorId}, ${plan.id}, ${`sub_${crypto.randomUUID()}`}, 'active', 5900)`;
}

commerceTest("members' price, members-only and non-members-only services", async (t, ctx) => {
  const { admin, doctor, ids: [both, membersOnly, nonMembersOnly] } = await setUp(ctx, [
    { name: "Imaging referral", subscriberPriceCents: 3000, nonSubscriberPriceCents: 5900 },
    { name: "Members' review", subscriberPriceCents: 2500, nonSubscriberPriceCents: null },
    { name: "One-week access", subscriberPriceCents: null, nonSubscriberPriceCents: 4900 },
  ]);
  await ctx.call("POST", "/coupons", { token: admin.token, body: { name: "TEN", percentageDiscount: 10, duration: "once", redemptionLimit: 10 } });
  const member = await ctx.createUser("patient", { doctor_id: doctor.id });
  await makeMember(ctx, member.id, doctor.id);
  const guest = await ctx.createUser("patient", { doctor_id: doctor.id });
  const cardOf = async (token: string) =>
    (await ctx.call("POST", "/stripe/account/paymentMethods", { token, body: { paymentMethodId: "pm_card_visa" } })).body.result.id as string;
  const cards = { [member.id]: await cardOf(member.token), [guest.id]: await cardOf(guest.token) };
  const buy = (who: { id: string; token: string }, serviceId: string, extra: Record<string, unknown> = {}) =>
    ctx.call("POST", `/paidServices/request/${serviceId}`, { token: who.token, body: { doctorId: doctor.id, card: cards[who.id], fields: {}, ...extra } });
  const counts = async () => ({
    ...(await ctx.sql<{ tx: number; req: number; used: number }[]>`select
      (select count(*)::int from payment_transactions) as tx, (select count(*)::int from service_requests) as req,
      (select applied_times from coupons where name = 'TEN') as used`)[0],
    intents: (await ctx.stripeGet("/v1/payment_intents?limit=100")).data.length,
  });

  await t.step("a member pays the subscribers' price ($30.00), with the commission taken from it", async () => {
    const res = await buy(member, both);
    assert.equal(res.status, 201, JSON.stringify(res.body));
    assert.deepEqual([res.body.result.priceCents, res.body.result.amountCents, res.body.result.feeCents, res.body.result.netCents], [3000, 3000, 300, 2700]);
    const [tx] = await ctx.sql`select amount_cents, invoice_id from payment_transactions where service_request_id = ${res.body.result.id}`;
    assert.equal(tx.amount_cents, 3000);
    assert.equal((await ctx.stripeGet(`/v1/payment_intents/${tx.invoice_id}`)).amount, 3000);
  });

  await t.step("a patient without a membership pays the non-subscribers' price ($59.00)", async () => {
    const res = await buy(guest, both);
    assert.equal(res.status, 201, JSON.stringify(res.body));
    assert.deepEqual([res.body.result.priceCents, res.body.result.amountCents], [5900, 5900]);
  });

  await t.step("members only: a patient without a membership is refused 409, nothing charged, the promo code not used", async () => {
    const before = await counts();
    const res = await buy(guest, membersOnly, { coupon: "TEN" });
    assert.equal(res.status, 409);
    assert.equal(res.body.message, "This service is only for the doctor's members.");
    assert.equal(res.body.details.reason, "SERVICE_MEMBERS_ONLY");
    assert.deepEqual(await counts(), before);
    // The member buys it, with the code: $25.00 − 10 %.
    const ok = await buy(member, membersOnly, { coupon: "TEN" });
    assert.equal(ok.status, 201, JSON.stringify(ok.body));
    assert.equal(ok.body.result.amountCents, 2250);
  });

  await t.step("non-members only: a member is refused 409, nothing charged; a non-member buys it", async () => {
    const before = await counts();
    const res = await buy(member, nonMembersOnly, { coupon: "TEN" });
    assert.equal(res.status, 409);
    assert.equal(res.body.message, "This service is only for patients without a membership.");
    assert.equal(res.body.details.reason, "SERVICE_NON_MEMBERS_ONLY");
    assert.deepEqual(await counts(), before);
    const ok = await buy(guest, nonMembersOnly);
    assert.equal(ok.status, 201, JSON.stringify(ok.body));
    assert.equal(ok.body.result.amountCents, 4900);
  });

  await t.step("a membership that ended: the patient is a non-member again (members-only refused, the full price)", async () => {
    await ctx.sql`update memberships set status = 'canceled' where patient_id = ${member.id}`;
    assert.equal((await buy(member, membersOnly)).status, 409);
    const res = await buy(member, both);
    assert.equal(res.status, 201, JSON.stringify(res.body));
    assert.equal(res.body.result.amountCents, 5900);
  });

  await t.step("a patient living where the doctor is not licensed is refused 403 (01 §5), nothing charged", async () => {
    const texan = await ctx.createUser("patient", { doctor_id: null, state: "TX" });
    cards[texan.id] = await cardOf(texan.token);
    const before = await counts();
    const res = await buy(texan, both);
    assert.equal(res.status, 403, JSON.stringify(res.body));
    assert.equal(res.body.details.reason, "NOT_LICENSED_IN_STATE");
    assert.match(res.body.message, /not licensed in Texas, where you live/);
    assert.deepEqual(await counts(), before);
  });
});
