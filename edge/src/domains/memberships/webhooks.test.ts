/**
 * The processor's webhooks over HTTP (`POST /stripe/webhook`, ./webhooks.ts):
 * the signature is the authentication; an event delivered again is stored and
 * applied once; events out of order never move state backwards; a failed
 * payment's notice (site notification + mail) is sent once, even when the job
 * runs again after a crash between its steps.
 */
import assert from "node:assert/strict";
import { signPayload } from "../../../emulators/stripe/webhooks.ts";
import { idempotencyKey, type PaymentsContext, paymentsTest } from "../../test/payments-fixtures.ts";
import { PAYMENT_EVENT_JOB, PAYMENT_FAILED_MAIL_JOB } from "./jobs.ts";

type User = Awaited<ReturnType<PaymentsContext["createUser"]>>;

async function member(ctx: PaymentsContext, doctorId: string, planId: string) {
  const patient = await ctx.createUser("patient");
  const res = await ctx.call("POST", "/payments/stripe/subscribe", {
    token: patient.token, body: { doctorId, planId, paymentMethodId: "pm_card_visa", idempotencyKey: idempotencyKey() },
  });
  assert.equal(res.status, 200, JSON.stringify(res.body));
  await ctx.settle();
  return { patient, membershipId: res.body.result.membership.id as string };
}

/** Every later charge on the patient's cards fails; returns the cards. */
async function declineFromNowOn(ctx: PaymentsContext, token: string) {
  const cards: { id: string }[] = (await ctx.call("GET", "/stripe/account/paymentMethods", { token })).body.result;
  for (const c of cards) ctx.emulator.declineCharges(c.id, "generic_decline");
  return cards;
}

const mine = async (ctx: PaymentsContext, p: User) => (await ctx.call("GET", "/payments/stripe/subscribe", { token: p.token })).body.result[0];
const transactions = async (ctx: PaymentsContext, p: User) =>
  (await ctx.call("GET", "/payments/transactions", { token: p.token })).body.result.list;
const notices = async (ctx: PaymentsContext, p: User) =>
  (await ctx.sql<{ kind: string }[]>`select kind from site_notifications where user_id = ${p.id}`).map((n) => n.kind);
const failureMails = async (ctx: PaymentsContext, p: User) =>
  (await ctx.sql`select 1 from outbox where lower(recipient) = lower(${p.email}) and subject = 'Your membership payment failed'`).length;

/** The events of one patient's subscription, as stored by the edge. */
async function eventsOf(ctx: PaymentsContext, membershipId: string) {
  const [m] = await ctx.sql<{ subscription_id: string }[]>`select subscription_id from memberships where id = ${membershipId}`;
  return await ctx.sql<{ id: string; type: string; created: string }[]>`select id, type, created::text as created from payment_events
    where payload->>'id' = ${m.subscription_id} or payload->>'subscription' = ${m.subscription_id}
      or payload #>> '{parent,subscription_details,subscription}' = ${m.subscription_id}
    order by created, received_at`;
}

paymentsTest("memberships: webhooks over HTTP", async (t, ctx) => {
  const { doctor, plans } = await ctx.doctorWithPlans();
  const monthly = plans["Primary care — monthly"];

  await t.step("a missing or bad Stripe-Signature answers 400 with the error envelope and stores nothing", async () => {
    const event = {
      id: `evt_test_${crypto.randomUUID().replaceAll("-", "")}`, object: "event", type: "customer.created", api_version: "2026-10-28.endive",
      created: Math.floor(Date.now() / 1000), livemode: false, pending_webhooks: 1, request: { id: null, idempotency_key: null },
      data: { object: { id: "cus_webhooktest", object: "customer" } },
    };
    const payload = JSON.stringify(event);
    const post = (signature: string | null, body = payload) =>
      ctx.call("POST", "/stripe/webhook", { body, headers: signature === null ? {} : { "stripe-signature": signature } });
    const stored = async () => (await ctx.sql`select 1 from payment_events where id = ${event.id}`).length;
    const before = (await ctx.sql<{ n: number }[]>`select count(*)::int as n from payment_events`)[0].n;
    const bad: [string, string | null, string?][] = [
      ["missing", null],
      ["not a signature", "garbage"],
      ["another secret", signPayload(payload, "whsec_not_the_edges")],
      ["another body", signPayload(payload.replace("cus_webhooktest", "cus_other"), ctx.webhookSecret)],
      ["too old (replayed an hour later)", signPayload(payload, ctx.webhookSecret, Math.floor(Date.now() / 1000) - 3600)],
    ];
    for (const [what, signature] of bad) {
      const res = await post(signature);
      assert.equal(res.status, 400, `${what}: ${JSON.stringify(res.body)}`);
      assert.equal(res.body.status, "error", what);
      assert.equal(res.body.code, 400, what);
      assert.equal(res.body.details.reason, "WEBHOOK_SIGNATURE", what);
      assert.match(res.body.message, /Stripe-Signature|signature/, what);
      assert.equal(await stored(), 0, what);
    }
    assert.equal((await ctx.sql<{ n: number }[]>`select count(*)::int as n from payment_events`)[0].n, before);
    // The same event, rightly signed, is taken (so the refusals above were the signature's doing).
    const good = await post(signPayload(payload, ctx.webhookSecret));
    assert.equal(good.status, 200, JSON.stringify(good.body));
    assert.deepEqual(good.body.result, { received: true, duplicate: false });
    assert.equal(await stored(), 1);
  });

  await t.step("the first invoice before the membership is stored (its subscribe request still runs): applied once it is", async () => {
    const early = await member(ctx, doctor.id, monthly);
    const [m] = await ctx.sql<{ subscription_id: string; patient_id: string }[]>`
      select subscription_id, patient_id from memberships where id = ${early.membershipId}`;
    const [paid] = (await eventsOf(ctx, early.membershipId)).filter((e) => e.type === "invoice.paid");
    assert.ok(paid);
    // As the moment before the request stored its row: no row for the subscription, the request's claim held.
    await ctx.sql`delete from payment_transactions where membership_id = ${early.membershipId}`;
    await ctx.sql`update memberships set subscription_id = ${`${m.subscription_id}_hidden`} where id = ${early.membershipId}`;
    await ctx.sql`insert into membership_claims (patient_id, doctor_id, claimed_at) values (${m.patient_id}, ${doctor.id}, now())`;
    await ctx.sql`update payment_events set processed_at = null where id = ${paid.id}`;
    await ctx.deps.jobs.send(PAYMENT_EVENT_JOB, { eventId: paid.id });
    await ctx.deps.jobs.drain({ dueNow: true, jobs: [PAYMENT_EVENT_JOB], max: 1 });
    const [waiting] = await ctx.sql<{ processed_at: Date | null }[]>`select processed_at from payment_events where id = ${paid.id}`;
    assert.equal(waiting.processed_at, null, "not dropped: it waits for the membership");
    // The request stores its row and gives its claim back: the retried event records the first payment.
    await ctx.sql`update memberships set subscription_id = ${m.subscription_id} where id = ${early.membershipId}`;
    await ctx.sql`delete from membership_claims where patient_id = ${m.patient_id}`;
    await ctx.deps.jobs.drain({ dueNow: true });
    const tx = await transactions(ctx, early.patient);
    assert.deepEqual(tx.map((t: { status: string; amountCents: number }) => [t.status, t.amountCents]), [["succeeded", 5900]]);
  });

  const failing = await member(ctx, doctor.id, monthly);

  await t.step("a failed renewal notifies once (site + mail), even when its job runs again after a crash between steps", async () => {
    await declineFromNowOn(ctx, failing.patient.token);
    await ctx.advanceDays(31);
    assert.equal((await mine(ctx, failing.patient)).status, "pastDue");
    assert.deepEqual(await notices(ctx, failing.patient), ["membership.paymentFailed"]);
    assert.equal(await failureMails(ctx, failing.patient), 1);
    const [failed] = (await eventsOf(ctx, failing.membershipId)).filter((e) => e.type === "invoice.payment_failed");
    assert.ok(failed);
    // A crash after the notice's transaction, before the event was marked processed: the job runs again.
    await ctx.sql`update payment_events set processed_at = null where id = ${failed.id}`;
    await ctx.deps.jobs.send(PAYMENT_EVENT_JOB, { eventId: failed.id });
    // A crash after the mail went out, before its job was marked done: the mail job runs again.
    await ctx.deps.jobs.send(PAYMENT_FAILED_MAIL_JOB, { eventId: failed.id });
    assert.ok((await ctx.deps.jobs.drain({ dueNow: true })) >= 2);
    assert.deepEqual(await notices(ctx, failing.patient), ["membership.paymentFailed"]);
    assert.equal(await failureMails(ctx, failing.patient), 1);
    assert.equal((await mine(ctx, failing.patient)).status, "pastDue");
    const [processed] = await ctx.sql<{ processed_at: Date | null }[]>`select processed_at from payment_events where id = ${failed.id}`;
    assert.ok(processed.processed_at);
  });

  await t.step("every event of a subscription delivered again 3× over HTTP is stored once and applied once", async () => {
    const events = await eventsOf(ctx, failing.membershipId);
    assert.ok(events.length >= 3, JSON.stringify(events));
    const before = { membership: await mine(ctx, failing.patient), tx: await transactions(ctx, failing.patient) };
    const stored = (await ctx.sql<{ n: number }[]>`select count(*)::int as n from payment_events`)[0].n;
    for (let i = 0; i < 3; i++) for (const e of events) ctx.emulator.resendEvent(e.id);
    // Each delivery answered 2xx (taken as a duplicate), so none stays pending.
    assert.equal(await ctx.emulator.deliverPendingWebhooks(), 3 * events.length);
    assert.equal((await ctx.sql<{ n: number }[]>`select count(*)::int as n from payment_events`)[0].n, stored);
    assert.equal(await ctx.deps.jobs.drain({ dueNow: true }), 0, "nothing queued again");
    assert.deepEqual(await mine(ctx, failing.patient), before.membership);
    assert.deepEqual(await transactions(ctx, failing.patient), before.tx);
    assert.deepEqual(await notices(ctx, failing.patient), ["membership.paymentFailed"]);
    assert.equal(await failureMails(ctx, failing.patient), 1);
  });

  await t.step("events delivered out of order (newest first) never move state backwards", async () => {
    const { patient, membershipId } = await member(ctx, doctor.id, monthly);
    // While the edge is down the renewal fails, then the processor's retry succeeds: every event waits.
    ctx.setEdgeDown(true);
    ctx.emulator.setWebhookOrder("reversed");
    try {
      const cards = await declineFromNowOn(ctx, patient.token);
      await ctx.emulator.clock.advance(31 * 86400);
      for (const c of cards) ctx.emulator.declineCharges(c.id, null);
      await ctx.emulator.clock.advance(3.1 * 86400);
      assert.equal((await mine(ctx, patient)).status, "active", "nothing applied while the edge was down");
      ctx.setEdgeDown(false);
      await ctx.settle();
    } finally {
      ctx.setEdgeDown(false);
      ctx.emulator.setWebhookOrder("in-order");
    }
    const events = await eventsOf(ctx, membershipId);
    const types = events.map((e) => e.type);
    assert.ok(types.includes("invoice.payment_failed") && types.includes("invoice.paid"), JSON.stringify(types));
    // Newest first: the renewal's payment arrived before its failure.
    const arrived = (await ctx.sql<{ type: string }[]>`select type from payment_events where id = any(${events.map((e) => e.id)}) order by received_at`)
      .map((e) => e.type);
    assert.ok(arrived.indexOf("invoice.paid") < arrived.indexOf("invoice.payment_failed"), JSON.stringify(arrived));
    const m = await mine(ctx, patient);
    assert.equal(m.status, "active");
    assert.ok(new Date(m.currentPeriodEnd).getTime() > (ctx.emulator.clock.now() + 20 * 86400) * 1000);
    const tx = await transactions(ctx, patient);
    assert.equal(tx.length, 2);
    assert.ok(tx.every((x: { status: string; amountCents: number }) => x.status === "succeeded" && x.amountCents === 5900), JSON.stringify(tx));
    // The failure reached the edge after the recovery: old news, so no notice to the patient.
    assert.deepEqual(await notices(ctx, patient), []);
    assert.equal(await failureMails(ctx, patient), 0);
    const [{ version }] = await ctx.sql<{ version: string }[]>`select version::text from memberships where id = ${membershipId}`;
    assert.equal(version, events.at(-1)!.created);
  });
});
