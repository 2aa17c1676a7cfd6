/**
 * A plan's own limits (02 §3; edge/docs/payments.md "Plans that do not renew, loyal clients, places"):
 * a plan that does not renew ends with its first period and is charged once; a plan for loyal clients
 * takes only the doctor's existing patients; a plan with places takes no more live members per doctor.
 */
import assert from "node:assert/strict";
import { idempotencyKey, paymentsTest } from "../../test/payments-fixtures.ts";

paymentsTest("memberships: plans that do not renew, loyal clients only, available places", async (t, ctx) => {
  const { doctor, plans } = await ctx.doctorWithPlans();
  const subscribe = (token: string, planId: string) =>
    ctx.call("POST", "/payments/stripe/subscribe", {
      token,
      body: { doctorId: doctor.id, planId, paymentMethodId: "pm_card_visa", idempotencyKey: idempotencyKey() },
    });
  const optionOf = async (planId: string) => {
    const res = await ctx.call("GET", `/membershipOptions/doctor/${doctor.id}`);
    return (res.body.result as { planId: string; autoRenewable: boolean; loyalClientsOnly: boolean; placesLeft: number | null }[])
      .find((o) => o.planId === planId)!;
  };
  const chargesOf = async (patientId: string) => {
    const [customer] = await ctx.sql<{ customer_id: string }[]>`select customer_id from payment_customers where user_id = ${patientId}`;
    const list = await fetch(`${ctx.emulator.url}/v1/charges?customer=${customer.customer_id}`, { headers: { authorization: "Bearer sk_test_x" } })
      .then((r) => r.json());
    return list.data as { amount: number; status: string }[];
  };

  await t.step("a plan that does not renew (1-week access): charged once, ends with its week", async () => {
    const week = plans["1-week access"];
    assert.equal((await optionOf(week)).autoRenewable, false);
    const patient = await ctx.createUser("patient");
    const res = await subscribe(patient.token, week);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    // A member till the week ends ("cancelled" = active until period end), with nothing to resume.
    const m = res.body.result.membership;
    assert.equal(m.status, "cancelled");
    assert.equal(m.cancelAtPeriodEnd, true);
    assert.equal(m.renews, false);
    const resume = await ctx.call("DELETE", "/payments/stripe/subscribe", { token: patient.token, body: { membershipId: m.id, mode: "notCancel" } });
    assert.equal(resume.status, 409);
    assert.equal(resume.body.details.reason, "NOT_RENEWABLE");
    await ctx.settle();
    await ctx.advanceDays(8);
    await ctx.advanceDays(8);
    const [row] = await ctx.sql<{ status: string }[]>`select status from memberships where patient_id = ${patient.id}`;
    assert.equal(row.status, "canceled");
    const charges = await chargesOf(patient.id);
    assert.deepEqual(charges.map((c) => c.amount), [4900]);
  });

  await t.step("loyal clients only: a new patient is refused and nothing is made; the doctor's patient joins", async () => {
    const monthly = plans["Primary care — monthly"];
    await ctx.sql`update plans set loyal_clients_only = true where id = ${monthly}`;
    assert.equal((await optionOf(monthly)).loyalClientsOnly, true);
    const stranger = await ctx.createUser("patient");
    const refused = await subscribe(stranger.token, monthly);
    assert.equal(refused.status, 409, JSON.stringify(refused.body));
    assert.equal(refused.body.details.reason, "LOYAL_CLIENTS_ONLY");
    assert.equal(refused.body.message, "This membership is only for the doctor's existing patients");
    assert.equal((await ctx.sql`select 1 from memberships where patient_id = ${stranger.id}`).length, 0);
    assert.equal((await ctx.sql`select 1 from payment_customers where user_id = ${stranger.id}`).length, 0);
    const own = await ctx.createUser("patient", { doctor_id: doctor.id });
    const joined = await subscribe(own.token, monthly);
    assert.equal(joined.status, 200, JSON.stringify(joined.body));
    await ctx.sql`update plans set loyal_clients_only = false where id = ${monthly}`;
  });

  await t.step("available places: counted per doctor, a place frees when a member leaves, a change to a full plan is refused", async () => {
    const quarterly = plans["Primary care — 3 months"];
    await ctx.sql`update plans set available_clients = 1 where id = ${quarterly}`;
    assert.equal((await optionOf(quarterly)).placesLeft, 1);
    const first = await ctx.createUser("patient");
    const joined = await subscribe(first.token, quarterly);
    assert.equal(joined.status, 200, JSON.stringify(joined.body));
    assert.equal((await optionOf(quarterly)).placesLeft, 0);

    const second = await ctx.createUser("patient");
    const refused = await subscribe(second.token, quarterly);
    assert.equal(refused.status, 409);
    assert.equal(refused.body.details.reason, "NO_PLACES_LEFT");
    assert.equal((await ctx.sql`select 1 from memberships where patient_id = ${second.id}`).length, 0);

    // Another doctor offering the same plan has their own places.
    const other = await ctx.doctorWithPlans();
    const elsewhere = await ctx.call("POST", "/payments/stripe/subscribe", {
      token: second.token,
      body: { doctorId: other.doctor.id, planId: quarterly, paymentMethodId: "pm_card_visa", idempotencyKey: idempotencyKey() },
    });
    assert.equal(elsewhere.status, 200, JSON.stringify(elsewhere.body));

    // A monthly member cannot change to the full plan, nor to a plan that does not renew.
    const monthlyMember = await ctx.createUser("patient");
    const m = await subscribe(monthlyMember.token, plans["Primary care — monthly"]);
    assert.equal(m.status, 200, JSON.stringify(m.body));
    const membershipId = m.body.result.membership.id;
    const toFull = await ctx.call("PUT", "/payments/stripe/subscribe", { token: monthlyMember.token, body: { membershipId, planId: quarterly } });
    assert.equal(toFull.status, 409);
    assert.equal(toFull.body.details.reason, "NO_PLACES_LEFT");
    const toWeek = await ctx.call("PUT", "/payments/stripe/subscribe", {
      token: monthlyMember.token,
      body: { membershipId, planId: plans["1-week access"] },
    });
    assert.equal(toWeek.status, 409);
    assert.equal(toWeek.body.details.reason, "NOT_RENEWABLE");

    // The first member leaves at once: the place is free again.
    const left = await ctx.call("DELETE", "/payments/stripe/subscribe", {
      token: first.token,
      body: { membershipId: joined.body.result.membership.id, mode: "immediately" },
    });
    assert.equal(left.status, 200, JSON.stringify(left.body));
    await ctx.settle();
    assert.equal((await optionOf(quarterly)).placesLeft, 1);
    const third = await ctx.createUser("patient");
    assert.equal((await subscribe(third.token, quarterly)).status, 200);
  });
});
