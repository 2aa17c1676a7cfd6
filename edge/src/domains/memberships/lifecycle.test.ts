/**
 * A membership over time, with the processor's clock moved and its webhooks
 * delivered over HTTP: trial then first charge, plan change at period end,
 * cancel at period end then expiry, failed renewal → past due → recovered by
 * a new card, failed to the end → expired, webhooks replayed and out of order,
 * the edge down while an invoice is paid; other people's memberships; 402.
 */
import assert from "node:assert/strict";
import { idempotencyKey, type PaymentsContext, paymentsTest } from "../../test/payments-fixtures.ts";
import { PAYMENT_EVENT_JOB } from "./jobs.ts";

/** Every later charge on the patient's cards fails (a renewal that will not go through). */
async function declineFromNowOn(ctx: PaymentsContext, token: string) {
  const cards = (await ctx.call("GET", "/stripe/account/paymentMethods", { token })).body.result;
  for (const c of cards) ctx.emulator.declineCharges(c.id, "generic_decline");
}

async function member(ctx: PaymentsContext, doctorId: string, planId: string, card = "pm_card_visa") {
  const patient = await ctx.createUser("patient");
  const res = await ctx.call("POST", "/payments/stripe/subscribe", {
    token: patient.token, body: { doctorId, planId, paymentMethodId: card, idempotencyKey: idempotencyKey() },
  });
  assert.equal(res.status, 200, JSON.stringify(res.body));
  await ctx.settle();
  return { patient, membershipId: res.body.result.membership.id as string };
}
const mine = async (ctx: PaymentsContext, token: string) => (await ctx.call("GET", "/payments/stripe/subscribe", { token })).body.result[0];
const transactions = async (ctx: PaymentsContext, token: string) => (await ctx.call("GET", "/payments/transactions", { token })).body.result.list;

paymentsTest("memberships: lifecycle", async (t, ctx) => {
  const { doctor, plans } = await ctx.doctorWithPlans();
  const monthly = plans["Primary care — monthly"];
  const annual = plans["Primary care — annual"];

  await t.step("trial: no charge first, the first charge when the trial ends", async () => {
    await ctx.sql`update membership_options set trial_days = 7 where doctor_id = ${doctor.id} and plan_id = ${monthly}`;
    const { patient } = await member(ctx, doctor.id, monthly);
    assert.equal((await mine(ctx, patient.token)).status, "trialing");
    assert.equal((await transactions(ctx, patient.token)).filter((x: { amountCents: number }) => x.amountCents > 0).length, 0);
    await ctx.advanceDays(8);
    assert.equal((await mine(ctx, patient.token)).status, "active");
    const paid = (await transactions(ctx, patient.token)).filter((x: { amountCents: number }) => x.amountCents > 0);
    assert.equal(paid.length, 1);
    assert.equal(paid[0].amountCents, 5900);
    await ctx.sql`update membership_options set trial_days = null where doctor_id = ${doctor.id} and plan_id = ${monthly}`;
  });

  await t.step("change at period end: the current plan runs out, then the new one starts and is charged; undo works", async () => {
    const { patient, membershipId } = await member(ctx, doctor.id, monthly);
    const other = await ctx.createUser("patient");
    assert.equal((await ctx.call("PUT", "/payments/stripe/subscribe", { token: other.token, body: { membershipId, planId: annual } })).status, 404);
    const bad = await ctx.call("PUT", "/payments/stripe/subscribe", { token: patient.token, body: { membershipId, planId: crypto.randomUUID() } });
    assert.equal(bad.status, 404);
    const changed = await ctx.call("PUT", "/payments/stripe/subscribe", { token: patient.token, body: { membershipId, planId: annual } });
    assert.equal(changed.status, 200, JSON.stringify(changed.body));
    assert.equal(changed.body.result.pendingChange.planId, annual);
    assert.equal(changed.body.result.planId, monthly);
    // Undo, then change again.
    const undone = await ctx.call("DELETE", `/payments/stripe/subscribe/change/${membershipId}`, { token: patient.token });
    assert.equal(undone.body.result.pendingChange, null);
    await ctx.call("PUT", "/payments/stripe/subscribe", { token: patient.token, body: { membershipId, planId: annual } });
    await ctx.settle();
    assert.equal((await mine(ctx, patient.token)).planId, monthly);
    await ctx.advanceDays(32);
    const now = await mine(ctx, patient.token);
    assert.equal(now.planId, annual);
    assert.equal(now.pendingChange, null);
    assert.equal(now.status, "active");
    assert.ok((await transactions(ctx, patient.token)).some((x: { amountCents: number }) => x.amountCents === 46800));
  });

  await t.step("cancel at period end: a member till then (no refund), then expired; bad mode refused", async () => {
    const { patient, membershipId } = await member(ctx, doctor.id, monthly);
    const bad = await ctx.call("DELETE", "/payments/stripe/subscribe", { token: patient.token, body: { membershipId, mode: "later" } });
    assert.equal(bad.status, 400);
    const res = await ctx.call("DELETE", "/payments/stripe/subscribe", { token: patient.token, body: { membershipId, mode: "periodEnd" } });
    assert.equal(res.body.result.status, "cancelled");
    assert.ok(res.body.result.currentPeriodEnd);
    // "Not cancel" undoes it; cancel again.
    const kept = await ctx.call("DELETE", "/payments/stripe/subscribe", { token: patient.token, body: { membershipId, mode: "notCancel" } });
    assert.equal(kept.body.result.status, "active");
    await ctx.call("DELETE", "/payments/stripe/subscribe", { token: patient.token, body: { membershipId, mode: "periodEnd" } });
    await ctx.advanceDays(32);
    assert.equal((await mine(ctx, patient.token)).status, "expired");
    assert.equal((await transactions(ctx, patient.token)).length, 1);
  });

  await t.step("cancel immediately, and the doctor's side", async () => {
    const { patient, membershipId } = await member(ctx, doctor.id, monthly);
    const res = await ctx.call("DELETE", "/payments/stripe/subscribe", { token: patient.token, body: { membershipId, mode: "immediately" } });
    assert.equal(res.body.result.status, "expired");
    const second = await member(ctx, doctor.id, monthly);
    const otherDoctor = await ctx.doctorWithPlans();
    assert.equal((await ctx.call("POST", `/doctors/subscription/cancel/${second.membershipId}`, { token: otherDoctor.doctor.token, body: { mode: "periodEnd" } })).status, 404);
    const byDoctor = await ctx.call("POST", `/doctors/subscription/cancel/${second.membershipId}`, { token: doctor.token, body: { mode: "periodEnd" } });
    assert.equal(byDoctor.body.result.status, "cancelled");
    const list = await ctx.call("GET", "/doctors/subscription/patients", { token: doctor.token });
    assert.ok(list.body.result.some((m: { id: string }) => m.id === second.membershipId));
    const otherList = await ctx.call("GET", "/doctors/subscription/patients", { token: otherDoctor.doctor.token });
    assert.ok(!otherList.body.result.some((m: { id: string }) => m.id === second.membershipId));
    assert.equal((await ctx.call("GET", `/payments/stripe/subscribe/${second.membershipId}`, { token: patient.token })).status, 404);
  });

  await t.step("failed renewal: past due with a notice (site + mail), recovered by a new card", async () => {
    const { patient, membershipId } = await member(ctx, doctor.id, monthly);
    await declineFromNowOn(ctx, patient.token);
    await ctx.advanceDays(31);
    assert.equal((await mine(ctx, patient.token)).status, "pastDue");
    const mail = await ctx.lastMessage(patient.email);
    assert.equal(mail?.subject, "Your membership payment failed");
    assert.match(mail.body, /\$59\.00 payment for your Primary care — monthly membership/);
    // One site notification and one mail per failed attempt the processor reported (a short month may hold two).
    const [{ subscription_id: sub }] = await ctx.sql<{ subscription_id: string }[]>`select subscription_id from memberships where id = ${membershipId}`;
    const failures = (await ctx.sql`select 1 from payment_events where type = 'invoice.payment_failed'
      and payload #>> '{parent,subscription_details,subscription}' = ${sub}`).length;
    assert.ok(failures >= 1);
    const notes = await ctx.sql<{ kind: string; payload: { membershipId: string; amountCents: number } }[]>`
      select kind, payload from site_notifications where user_id = ${patient.id}`;
    assert.deepEqual(
      notes.map((n) => [n.kind, n.payload.membershipId, n.payload.amountCents]),
      Array.from({ length: failures }, () => ["membership.paymentFailed", membershipId, 5900]),
    );
    const mails = await ctx.sql`select 1 from outbox where lower(recipient) = lower(${patient.email}) and subject = 'Your membership payment failed'`;
    assert.equal(mails.length, failures);
    const add = await ctx.call("POST", "/stripe/account/paymentMethods", { token: patient.token, body: { paymentMethodId: "pm_card_mastercard" } });
    assert.equal(add.status, 201, JSON.stringify(add.body));
    await ctx.settle();
    assert.equal((await mine(ctx, patient.token)).status, "active");
    const tx = await transactions(ctx, patient.token);
    assert.equal(tx[0].status, "succeeded");
  });

  await t.step("failed to the end: expired after the last retry", async () => {
    const { patient } = await member(ctx, doctor.id, monthly);
    await declineFromNowOn(ctx, patient.token);
    await ctx.advanceDays(31);
    assert.equal((await mine(ctx, patient.token)).status, "pastDue");
    for (const d of [3, 5, 7]) await ctx.advanceDays(d + 0.1);
    assert.equal((await mine(ctx, patient.token)).status, "expired");
  });

  await t.step("webhooks replayed 3× and out of order change nothing", async () => {
    const { patient, membershipId } = await member(ctx, doctor.id, monthly);
    await ctx.advanceDays(31);
    const before = await mine(ctx, patient.token);
    const txBefore = await transactions(ctx, patient.token);
    const events = await ctx.sql<{ id: string }[]>`select id from payment_events order by created`;
    assert.ok(events.length > 3);
    const stored = events.length;
    // This membership's events delivered again by the processor over HTTP, three times, newest first: each
    // answered 2xx as a duplicate, stored once, nothing queued.
    const [{ subscription_id: sub }] = await ctx.sql<{ subscription_id: string }[]>`select subscription_id from memberships where id = ${membershipId}`;
    const own = await ctx.sql<{ id: string }[]>`select id from payment_events where payload->>'id' = ${sub}
      or payload #>> '{parent,subscription_details,subscription}' = ${sub} order by created`;
    assert.ok(own.length >= 3, JSON.stringify(own));
    ctx.emulator.setWebhookOrder("reversed");
    for (let i = 0; i < 3; i++) for (const e of own) ctx.emulator.resendEvent(e.id);
    assert.equal(await ctx.emulator.deliverPendingWebhooks(), 3 * own.length);
    ctx.emulator.setWebhookOrder("in-order");
    assert.equal((await ctx.sql`select 1 from payment_events`).length, stored);
    assert.equal(await ctx.deps.jobs.drain({ dueNow: true }), 0);
    assert.deepEqual(await mine(ctx, patient.token), before);
    assert.deepEqual(await transactions(ctx, patient.token), txBefore);
    // Every event applied again, three times, newest first (out of order): a processed event is skipped…
    for (let i = 0; i < 3; i++) for (const e of [...events].reverse()) await ctx.deps.jobs.send(PAYMENT_EVENT_JOB, { eventId: e.id });
    await ctx.deps.jobs.drain({ dueNow: true });
    assert.deepEqual(await mine(ctx, patient.token), before);
    // …and even unmarked as processed, older events never overwrite the newer state.
    await ctx.sql`update payment_events set processed_at = null`;
    for (let i = 0; i < 3; i++) for (const e of [...events].reverse()) await ctx.deps.jobs.send(PAYMENT_EVENT_JOB, { eventId: e.id });
    await ctx.deps.jobs.drain({ dueNow: true });
    assert.deepEqual(await mine(ctx, patient.token), before);
    assert.deepEqual(await transactions(ctx, patient.token), txBefore);
    assert.equal((await mine(ctx, patient.token)).id, membershipId);
  });

  await t.step("the edge is down while a renewal is paid: after it is back the state is right", async () => {
    const { patient } = await member(ctx, doctor.id, monthly);
    ctx.setEdgeDown(true);
    await ctx.emulator.clock.advance(31 * 86400);
    assert.equal((await transactions(ctx, patient.token)).length, 1);
    await ctx.restart();
    ctx.setEdgeDown(false);
    await ctx.settle();
    const tx = await transactions(ctx, patient.token);
    assert.equal(tx.length, 2);
    assert.ok(tx.every((x: { status: string }) => x.status === "succeeded"));
    const m = await mine(ctx, patient.token);
    assert.equal(m.status, "active");
    assert.ok(new Date(m.currentPeriodEnd).getTime() > ctx.emulator.clock.now() * 1000);
  });

});
