/**
 * The doctor's side of 02 §7 "Doctors" (`/doctors/subscription/...`) and other
 * people's memberships: a doctor acts on their own patients' memberships only;
 * a patient on their own only. Anyone else gets the same 404 and nothing changes.
 */
import assert from "node:assert/strict";
import { idempotencyKey, type PaymentsContext, paymentsTest } from "../../test/payments-fixtures.ts";

type User = Awaited<ReturnType<PaymentsContext["createUser"]>>;

async function join(ctx: PaymentsContext, doctorId: string, planId: string) {
  const patient = await ctx.createUser("patient");
  const res = await ctx.call("POST", "/payments/stripe/subscribe", {
    token: patient.token, body: { doctorId, planId, paymentMethodId: "pm_card_visa", idempotencyKey: idempotencyKey() },
  });
  assert.equal(res.status, 200, JSON.stringify(res.body));
  await ctx.settle();
  const m = res.body.result.membership;
  const [row] = await ctx.sql<{ subscription_id: string }[]>`select subscription_id from memberships where id = ${m.id}`;
  return { patient, membershipId: m.id as string, subscriptionId: row.subscription_id };
}

const view = async (ctx: PaymentsContext, who: User, membershipId: string) => {
  const res = await ctx.call("GET", `/payments/stripe/subscribe/${membershipId}`, { token: who.token });
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return res.body.result;
};

const processorStatus = async (ctx: PaymentsContext, subscriptionId: string) =>
  (await fetch(`${ctx.emulator.url}/v1/subscriptions/${subscriptionId}`, { headers: { authorization: "Bearer sk_test_x" } })
    .then((r) => r.json())).status;

function assertNotFound(res: { status: number; body: any }) {
  assert.equal(res.status, 404, JSON.stringify(res.body));
  assert.equal(res.body.status, "error");
  assert.equal(res.body.message, "No such membership");
}

paymentsTest("memberships: the doctor's side and other people's memberships", async (t, ctx) => {
  const a = await ctx.doctorWithPlans();
  const b = await ctx.doctorWithPlans();
  const monthly = a.plans["Primary care — monthly"];
  const annual = a.plans["Primary care — annual"];
  const p = await join(ctx, a.doctor.id, monthly); // doctor A's patient
  const q = await join(ctx, a.doctor.id, monthly); // another patient of doctor A
  const r = await join(ctx, b.doctor.id, monthly); // doctor B's patient

  await t.step("another patient's membership: 404 on DELETE and on undo-change, nothing changes", async () => {
    const changed = await ctx.call("PUT", "/payments/stripe/subscribe", { token: p.patient.token, body: { membershipId: p.membershipId, planId: annual } });
    assert.equal(changed.status, 200, JSON.stringify(changed.body));
    for (const mode of ["immediately", "periodEnd", "notCancel"]) {
      assertNotFound(await ctx.call("DELETE", "/payments/stripe/subscribe", { token: q.patient.token, body: { membershipId: p.membershipId, mode } }));
    }
    assertNotFound(await ctx.call("DELETE", `/payments/stripe/subscribe/change/${p.membershipId}`, { token: q.patient.token }));
    assertNotFound(await ctx.call("DELETE", `/payments/stripe/subscribe/change/${crypto.randomUUID()}`, { token: p.patient.token }));
    const still = await view(ctx, p.patient, p.membershipId);
    assert.equal(still.status, "active");
    assert.equal(still.pendingChange?.planId, annual);
    assert.equal(await processorStatus(ctx, p.subscriptionId), "active");
  });

  await t.step("DELETE /doctors/subscription/change/:id: another doctor gets 404; the patient's doctor drops the pending change", async () => {
    assertNotFound(await ctx.call("DELETE", `/doctors/subscription/change/${p.membershipId}`, { token: b.doctor.token }));
    assert.equal((await view(ctx, p.patient, p.membershipId)).pendingChange?.planId, annual);
    // Only doctors use the doctor's calls.
    assert.equal((await ctx.call("DELETE", `/doctors/subscription/change/${p.membershipId}`, { token: p.patient.token })).status, 403);
    // Nothing pending on Q's membership: a conflict, not a change.
    const none = await ctx.call("DELETE", `/doctors/subscription/change/${q.membershipId}`, { token: a.doctor.token });
    assert.equal(none.status, 409, JSON.stringify(none.body));
    assert.equal(none.body.details.reason, "NO_PENDING_CHANGE");
    const dropped = await ctx.call("DELETE", `/doctors/subscription/change/${p.membershipId}`, { token: a.doctor.token });
    assert.equal(dropped.status, 200, JSON.stringify(dropped.body));
    assert.equal(dropped.body.result.pendingChange, null);
    assert.equal(dropped.body.result.planId, monthly);
    // At period end the membership renews on the current plan (the schedule was released at the processor).
    await ctx.advanceDays(32);
    const renewed = await view(ctx, p.patient, p.membershipId);
    assert.equal(renewed.planId, monthly);
    assert.equal(renewed.status, "active");
  });

  await t.step("a cancellation the patient made: the doctor cannot resume it (409), the patient can; the practice's own one the doctor can", async () => {
    const s = await join(ctx, a.doctor.id, monthly);
    const byPatient = await ctx.call("DELETE", "/payments/stripe/subscribe", { token: s.patient.token, body: { membershipId: s.membershipId, mode: "periodEnd" } });
    assert.equal(byPatient.status, 200, JSON.stringify(byPatient.body));
    assert.deepEqual([byPatient.body.result.cancelAtPeriodEnd, byPatient.body.result.cancelledByPatient], [true, true]);
    const resumed = await ctx.call("POST", `/doctors/subscription/cancel/${s.membershipId}`, { token: a.doctor.token, body: { mode: "notCancel" } });
    assert.deepEqual([resumed.status, resumed.body.details?.reason], [409, "CANCELLED_BY_PATIENT"], JSON.stringify(resumed.body));
    // Asking for the same end first does not make the patient's cancellation the practice's.
    const same = await ctx.call("POST", `/doctors/subscription/cancel/${s.membershipId}`, { token: a.doctor.token, body: { mode: "periodEnd" } });
    assert.deepEqual([same.status, same.body.result.cancelledByPatient], [200, true], JSON.stringify(same.body));
    const again = await ctx.call("POST", `/doctors/subscription/cancel/${s.membershipId}`, { token: a.doctor.token, body: { mode: "notCancel" } });
    assert.equal(again.status, 409);
    assert.equal((await view(ctx, s.patient, s.membershipId)).cancelAtPeriodEnd, true, "still ends at period end");
    const own = await ctx.call("DELETE", "/payments/stripe/subscribe", { token: s.patient.token, body: { membershipId: s.membershipId, mode: "notCancel" } });
    assert.deepEqual([own.status, own.body.result.cancelAtPeriodEnd, own.body.result.cancelledByPatient], [200, false, false]);
    const byDoctor = await ctx.call("POST", `/doctors/subscription/cancel/${s.membershipId}`, { token: a.doctor.token, body: { mode: "periodEnd" } });
    assert.deepEqual([byDoctor.status, byDoctor.body.result.cancelledByPatient], [200, false]);
    const undone = await ctx.call("POST", `/doctors/subscription/cancel/${s.membershipId}`, { token: a.doctor.token, body: { mode: "notCancel" } });
    assert.deepEqual([undone.status, undone.body.result.cancelAtPeriodEnd], [200, false], JSON.stringify(undone.body));
  });

  await t.step("DELETE /doctors/subscription/:sid/for/:pid: own patient ends now; another doctor's patient or a mismatched pair is 404", async () => {
    // Another doctor on A's patient.
    assertNotFound(await ctx.call("DELETE", `/doctors/subscription/${q.subscriptionId}/for/${q.patient.id}`, { token: b.doctor.token }));
    // Doctor A on doctor B's patient.
    assertNotFound(await ctx.call("DELETE", `/doctors/subscription/${r.subscriptionId}/for/${r.patient.id}`, { token: a.doctor.token }));
    // A's own subscription named with another patient.
    assertNotFound(await ctx.call("DELETE", `/doctors/subscription/${q.subscriptionId}/for/${p.patient.id}`, { token: a.doctor.token }));
    assert.equal((await ctx.call("DELETE", `/doctors/subscription/not-a-sub/for/${q.patient.id}`, { token: a.doctor.token })).status, 400);
    assert.equal((await view(ctx, q.patient, q.membershipId)).status, "active");
    assert.equal((await view(ctx, r.patient, r.membershipId)).status, "active");
    assert.equal(await processorStatus(ctx, q.subscriptionId), "active");
    assert.equal(await processorStatus(ctx, r.subscriptionId), "active");

    const ended = await ctx.call("DELETE", `/doctors/subscription/${q.subscriptionId}/for/${q.patient.id}`, { token: a.doctor.token });
    assert.equal(ended.status, 200, JSON.stringify(ended.body));
    assert.equal(ended.body.result.id, q.membershipId);
    assert.equal(ended.body.result.status, "expired");
    assert.equal(await processorStatus(ctx, q.subscriptionId), "canceled");
    await ctx.settle();
    assert.equal((await view(ctx, q.patient, q.membershipId)).status, "expired");
    const audit = await ctx.deps.audit.forSubject(q.patient.id);
    assert.ok(audit.some((e) => e.actor_id === a.doctor.id && e.details.what === "subscription.cancel" && e.details.mode === "immediately"));
  });
});
