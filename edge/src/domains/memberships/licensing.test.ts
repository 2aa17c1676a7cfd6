/**
 * 01 §5: a patient may join only a doctor licensed in the patient's state. A Texan joining a Nevada-only doctor is
 * refused before anything is charged (issue 32: $59 was taken); a Nevadan joins.
 */
import assert from "node:assert/strict";
import { idempotencyKey, paymentsTest } from "../../test/payments-fixtures.ts";

paymentsTest("memberships: only a doctor licensed in the patient's state", async (t, ctx) => {
  const { doctor, plans } = await ctx.doctorWithPlans();
  const subscribe = (token: string) => ctx.call("POST", "/payments/stripe/subscribe", {
    token, body: { doctorId: doctor.id, planId: plans["Primary care — monthly"], idempotencyKey: idempotencyKey(), paymentMethodId: "pm_card_visa" },
  });
  // Nothing reached the processor: no invoice, no payment, no subscription for the patient.
  const charged = async (patientId: string) =>
    (await ctx.sql<{ n: number }[]>`select count(*)::int as n from payment_transactions where patient_id = ${patientId}`)[0].n;

  await t.step("a patient in Texas: 403 with the reason, no charge, no membership, no doctor assigned", async () => {
    const texan = await ctx.createUser("patient", { doctor_id: null, state: "TX" });
    const res = await subscribe(texan.token);
    assert.equal(res.status, 403, JSON.stringify(res.body));
    assert.equal(res.body.details.reason, "NOT_LICENSED_IN_STATE");
    assert.match(res.body.message, /is not licensed in Texas, where you live: choose a doctor licensed in Texas/);
    assert.equal(await charged(texan.id), 0);
    const [row] = await ctx.sql<{ n: number; doctor_id: string | null }[]>`select
      (select count(*)::int from memberships where patient_id = ${texan.id}) as n, (select doctor_id from users where id = ${texan.id}) as doctor_id`;
    assert.deepEqual([row.n, row.doctor_id], [0, null]);
  });

  await t.step("a patient with no state yet is told to add it first", async () => {
    const unknown = await ctx.createUser("patient", { doctor_id: null, state: null });
    const res = await subscribe(unknown.token);
    assert.equal(res.status, 403);
    assert.match(res.body.message, /^Add your state to your profile first/);
  });

  await t.step("a patient in Nevada joins", async () => {
    const nevadan = await ctx.createUser("patient", { doctor_id: null, state: "NV" });
    const res = await subscribe(nevadan.token);
    assert.equal(res.status, 200, JSON.stringify(res.body));
  });
});
