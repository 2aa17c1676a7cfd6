/**
 * Subscribing through the real stripe SDK against the Stripe-API emulator:
 * a good card, the four refusals (nothing left behind), 3-D Secure, the
 * rules (disabled option, inactive payout account, unknown plan, panel cap),
 * idempotency under 10 concurrent identical requests, concurrent requests with
 * different keys (one membership), and who sees what.
 */
import assert from "node:assert/strict";
import { answer3ds } from "../../../emulators/stripe/test-helpers.ts";
import { idempotencyKey, paymentsTest } from "../../test/payments-fixtures.ts";

paymentsTest("memberships: subscribe", async (t, ctx) => {
  const { doctor, plans } = await ctx.doctorWithPlans();
  const monthly = plans["Primary care — monthly"];
  /** The processor's charges of a patient's customer. */
  const chargesOf = async (patientId: string) => {
    const [customer] = await ctx.sql<{ customer_id: string }[]>`select customer_id from payment_customers where user_id = ${patientId}`;
    return await fetch(`${ctx.emulator.url}/v1/charges?customer=${customer.customer_id}`, { headers: { authorization: "Bearer sk_test_x" } })
      .then((r) => r.json());
  };
  const subscribe = (token: string, body: Record<string, unknown>) =>
    ctx.call("POST", "/payments/stripe/subscribe", { token, body: { doctorId: doctor.id, planId: monthly, idempotencyKey: idempotencyKey(), ...body } });

  await t.step("a good card: a member at once, charged $59.00 once, transaction succeeded", async () => {
    const patient = await ctx.createUser("patient");
    const res = await subscribe(patient.token, { paymentMethodId: "pm_card_visa" });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(res.body.result.status, "active");
    const m = res.body.result.membership;
    assert.equal(m.status, "active");
    assert.equal(m.amountCents, 5900);
    assert.equal(m.doctorId, doctor.id);
    assert.ok(m.currentPeriodEnd);
    await ctx.settle();
    const list = await ctx.call("GET", "/payments/stripe/subscribe", { token: patient.token });
    assert.equal(list.body.result.length, 1);
    assert.equal(list.body.result[0].status, "active");
    const tx = await ctx.call("GET", "/payments/transactions", { token: patient.token });
    assert.equal(tx.body.result.list.length, 1);
    assert.equal(tx.body.result.list[0].status, "succeeded");
    assert.equal(tx.body.result.list[0].amountCents, 5900);
    assert.equal(tx.body.result.hasMore, false);
    // The membership is the relationship: the patient now belongs to the doctor's panel.
    const [u] = await ctx.sql<{ doctor_id: string }[]>`select doctor_id from users where id = ${patient.id}`;
    assert.equal(u.doctor_id, doctor.id);
    const audit = await ctx.deps.audit.forSubject(patient.id);
    assert.ok(audit.some((a) => a.event === "payment.write" && a.details.what === "subscription.create"));
    // A second subscription to the same doctor is refused.
    const again = await subscribe(patient.token, { paymentMethodId: "pm_card_visa" });
    assert.equal(again.status, 409);
  });

  for (const [card, message] of [
    ["pm_card_chargeDeclined", "Your card was declined."],
    ["pm_card_chargeDeclinedExpiredCard", "Your card has expired."],
    ["pm_card_chargeDeclinedIncorrectCvc", "Your card's security code is incorrect."],
    ["pm_card_chargeDeclinedInsufficientFunds", "Your card has insufficient funds."],
    // Attaches, then its first payment fails: a subscription was made at the processor and must be cancelled.
    ["pm_card_chargeCustomerFail", "Your card was declined."],
  ]) {
    await t.step(`${card}: 402 with the card message, nothing left behind`, async () => {
      const patient = await ctx.createUser("patient");
      const res = await subscribe(patient.token, { paymentMethodId: card });
      assert.equal(res.status, 402, JSON.stringify(res.body));
      assert.equal(res.body.message, message);
      assert.equal(res.body.details.reason, "CARD_ERROR");
      await ctx.settle();
      assert.equal((await ctx.sql`select 1 from memberships where patient_id = ${patient.id}`).length, 0);
      assert.equal((await ctx.sql`select 1 from payment_transactions where patient_id = ${patient.id}`).length, 0);
      // The customer is made before the card is tried (and kept for the next attempt); nothing live hangs off it.
      const [customer] = await ctx.sql<{ customer_id: string }[]>`select customer_id from payment_customers where user_id = ${patient.id}`;
      assert.ok(customer, "the processor customer is recorded");
      const processor = (path: string) =>
        fetch(`${ctx.emulator.url}/v1/${path}`, { headers: { authorization: "Bearer sk_test_x" } }).then((r) => r.json());
      const subs = await processor(`subscriptions?customer=${customer.customer_id}&status=all`);
      assert.equal(subs.data.filter((s: { status: string }) => s.status !== "canceled" && s.status !== "incomplete_expired").length, 0);
      assert.equal((await processor(`payment_methods?customer=${customer.customer_id}`)).data.length, 0, "no card left attached");
      const list = await ctx.call("GET", "/payments/stripe/subscribe", { token: patient.token });
      assert.deepEqual(list.body.result, []);
    });
  }

  await t.step("a saved card refused: 402, and the card stays saved (it may pay the patient's other memberships)", async () => {
    const patient = await ctx.createUser("patient");
    const add = await ctx.call("POST", "/stripe/account/paymentMethods", { token: patient.token, body: { paymentMethodId: "pm_card_visa" } });
    assert.equal(add.status, 201, JSON.stringify(add.body));
    const saved = (await ctx.call("GET", "/stripe/account/paymentMethods", { token: patient.token })).body.result;
    assert.equal(saved.length, 1);
    ctx.emulator.declineCharges(saved[0].id, "generic_decline");
    const res = await subscribe(patient.token, { paymentMethodId: saved[0].id });
    assert.equal(res.status, 402, JSON.stringify(res.body));
    assert.equal(res.body.message, "Your card was declined.");
    const after = (await ctx.call("GET", "/stripe/account/paymentMethods", { token: patient.token })).body.result;
    assert.deepEqual(after.map((c: { id: string }) => c.id), [saved[0].id]);
  });

  await t.step("the processor cannot cancel a refused card's subscription: the card message, the row kept, a job cancels it later", async () => {
    const patient = await ctx.createUser("patient");
    // The cancel (DELETE /v1/subscriptions/sub_…) fails on the first try and the SDK's two retries: an outage.
    for (let i = 0; i < 3; i++) {
      ctx.emulator.failNext(/^\/v1\/subscriptions\/sub_[^/]+$/, { status: 500, type: "api_error", message: "Outage" });
    }
    const res = await subscribe(patient.token, { paymentMethodId: "pm_card_chargeCustomerFail" });
    assert.equal(res.status, 402, JSON.stringify(res.body));
    assert.equal(res.body.status, "error");
    assert.equal(res.body.message, "Your card was declined.");
    // Tracked: the row stays (not a member, not listed) while the processor's subscription is still open.
    const [row] = await ctx.sql<{ id: string; subscription_id: string; status: string }[]>`
      select id, subscription_id, status from memberships where patient_id = ${patient.id}`;
    assert.equal(row?.status, "incomplete");
    assert.deepEqual((await ctx.call("GET", "/payments/stripe/subscribe", { token: patient.token })).body.result, []);
    const processorStatus = async () =>
      (await fetch(`${ctx.emulator.url}/v1/subscriptions/${row.subscription_id}`, { headers: { authorization: "Bearer sk_test_x" } })
        .then((r) => r.json())).status;
    assert.equal(await processorStatus(), "incomplete");
    // The job retries the cancellation, then forgets the row.
    await ctx.settle();
    assert.equal(await processorStatus(), "canceled");
    assert.equal((await ctx.sql`select 1 from memberships where patient_id = ${patient.id}`).length, 0);
    assert.equal((await ctx.deps.jobs.failed()).filter((j) => j.name === "memberships.undo").length, 0);
  });

  await t.step("3-D Secure: requires action, then a member after the patient authenticates and the edge confirms", async () => {
    const patient = await ctx.createUser("patient");
    const res = await subscribe(patient.token, { paymentMethodId: "pm_card_authenticationRequired" });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(res.body.result.status, "requiresAction");
    const { intentId, actionUrl, clientSecret } = res.body.result;
    assert.match(intentId, /^pi_/);
    assert.ok(clientSecret);
    assert.equal(actionUrl, `${ctx.emulator.url}/_emulator/3ds/${intentId}`);
    // Not a member yet: confirming before authenticating asks for the action again.
    const early = await ctx.call("POST", "/stripe/confirm/intent", { token: patient.token, body: { intentId } });
    assert.equal(early.status, 402);
    assert.equal(early.body.message, "payment-action-required");
    // Another patient cannot confirm it.
    const other = await ctx.createUser("patient");
    assert.equal((await ctx.call("POST", "/stripe/confirm/intent", { token: other.token, body: { intentId } })).status, 404);
    // The patient completes authentication on the emulator's page (what the PWA opens).
    await (await answer3ds(ctx.emulator, intentId, "complete", actionUrl)).body?.cancel();
    const confirmed = await ctx.call("POST", "/stripe/confirm/intent", { token: patient.token, body: { intentId } });
    assert.equal(confirmed.status, 200, JSON.stringify(confirmed.body));
    assert.equal(confirmed.body.result.status, "active");
    await ctx.settle();
    const tx = await ctx.call("GET", "/payments/transactions", { token: patient.token });
    assert.equal(tx.body.result.list[0]?.status, "succeeded");
  });

  await t.step("a second subscribe while the first waits for its bank check replaces it: one membership, the first cancelled", async () => {
    const patient = await ctx.createUser("patient");
    const first = await subscribe(patient.token, { paymentMethodId: "pm_card_authenticationRequired" });
    assert.equal(first.body.result.status, "requiresAction", JSON.stringify(first.body));
    const [waiting] = await ctx.sql<{ subscription_id: string }[]>`select subscription_id from memberships where patient_id = ${patient.id}`;
    const second = await subscribe(patient.token, { paymentMethodId: "pm_card_visa" });
    assert.equal(second.status, 200, JSON.stringify(second.body));
    assert.equal(second.body.result.status, "active");
    await ctx.settle();
    const processor = await fetch(`${ctx.emulator.url}/v1/subscriptions/${waiting.subscription_id}`, { headers: { authorization: "Bearer sk_test_x" } })
      .then((r) => r.json());
    assert.equal(processor.status, "canceled");
    const rows = await ctx.sql<{ status: string }[]>`select status from memberships where patient_id = ${patient.id}`;
    assert.deepEqual(rows.map((r) => r.status), ["active"]);
  });

  await t.step("3-D Secure failed: the card message, nothing left behind", async () => {
    const patient = await ctx.createUser("patient");
    const res = await subscribe(patient.token, { paymentMethodId: "pm_card_authenticationRequired" });
    const { intentId } = res.body.result;
    await (await answer3ds(ctx.emulator, intentId, "fail")).body?.cancel();
    const confirmed = await ctx.call("POST", "/stripe/confirm/intent", { token: patient.token, body: { intentId } });
    assert.equal(confirmed.status, 402);
    assert.equal(confirmed.body.details.reason, "CARD_ERROR");
    // The bank's check failed: not "declined", which would send the patient to another card for no reason.
    assert.equal(confirmed.body.message, "Your bank could not confirm this payment (3-D Secure). Nothing was charged: try again or use another card.");
    await ctx.settle();
    assert.equal((await ctx.sql`select 1 from memberships where patient_id = ${patient.id}`).length, 0);
  });

  await t.step("rules: disabled option, unknown plan, unknown doctor, inactive payout account, bad input", async () => {
    const patient = await ctx.createUser("patient");
    await ctx.sql`update membership_options set enabled = false where doctor_id = ${doctor.id} and plan_id = ${plans["Primary care — annual"]}`;
    const disabled = await subscribe(patient.token, { planId: plans["Primary care — annual"], paymentMethodId: "pm_card_visa" });
    assert.equal(disabled.status, 404);
    assert.equal(disabled.body.message, "No such membership option!");
    const unknown = await subscribe(patient.token, { planId: crypto.randomUUID(), paymentMethodId: "pm_card_visa" });
    assert.equal(unknown.body.message, "No such membership option!");
    const noDoctor = await subscribe(patient.token, { doctorId: crypto.randomUUID(), paymentMethodId: "pm_card_visa" });
    assert.equal(noDoctor.status, 404);
    const inactive = await ctx.doctorWithPlans({ payout: false });
    const refused = await ctx.call("POST", "/payments/stripe/subscribe", {
      token: patient.token,
      body: { doctorId: inactive.doctor.id, planId: monthly, paymentMethodId: "pm_card_visa", idempotencyKey: idempotencyKey() },
    });
    assert.equal(refused.status, 409);
    assert.equal(refused.body.message, "Sorry, you cannot subscribe to the doctor. Please contact support service.");
    for (const bad of [{ paymentMethodId: "4242424242424242" }, { paymentMethodId: "pm_card_visa", idempotencyKey: "x" }, { paymentMethodId: "pm_card_visa", extra: 1 }, { paymentMethodId: "pm_\u0000" }]) {
      const res = await subscribe(patient.token, bad);
      assert.equal(res.status, 400, JSON.stringify(bad));
    }
    assert.equal((await ctx.sql`select 1 from memberships where patient_id = ${patient.id}`).length, 0);
    // Only patients subscribe.
    assert.equal((await subscribe(doctor.token, { paymentMethodId: "pm_card_visa" })).status, 403);
  });

  await t.step("a full panel (400) takes no new member", async () => {
    const full = await ctx.doctorWithPlans();
    await ctx.sql`insert into users (role, email, password_hash, first_name, last_name, doctor_id, is_activated)
      select 'patient', 'panel' || g || '-' || ${full.doctor.id}::text || '@example.test', 'x', 'P', 'P', ${full.doctor.id}, true from generate_series(1, 400) g`;
    const patient = await ctx.createUser("patient");
    const res = await ctx.call("POST", "/payments/stripe/subscribe", {
      token: patient.token,
      body: { doctorId: full.doctor.id, planId: full.plans["Primary care — monthly"], paymentMethodId: "pm_card_visa", idempotencyKey: idempotencyKey() },
    });
    assert.equal(res.status, 409);
    assert.equal(res.body.details.reason, "PANEL_FULL");
  });

  await t.step("10 identical requests at once with one idempotency key: one subscription, one charge", async () => {
    const patient = await ctx.createUser("patient");
    const key = idempotencyKey();
    const results = await Promise.all(Array.from({ length: 10 }, () => subscribe(patient.token, { paymentMethodId: "pm_card_visa", idempotencyKey: key })));
    for (const r of results) assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.equal(new Set(results.map((r) => r.body.result.membership.id)).size, 1);
    await ctx.settle();
    assert.equal((await ctx.sql`select 1 from memberships where patient_id = ${patient.id}`).length, 1);
    const charges = await chargesOf(patient.id);
    assert.equal(charges.data.length, 1);
    assert.equal(charges.data[0].amount, 5900);
    // The same key with another request is refused.
    const other = await subscribe(patient.token, { paymentMethodId: "pm_card_mastercard", idempotencyKey: key });
    assert.equal(other.status, 409);
    assert.equal(other.body.details.reason, "IDEMPOTENCY_KEY_REUSED");
  });

  await t.step("5 requests at once with different keys (two tabs, a double tap): one membership, one charge, the others 409", async () => {
    const patient = await ctx.createUser("patient");
    const results = await Promise.all(Array.from({ length: 5 }, () => subscribe(patient.token, { paymentMethodId: "pm_card_visa" })));
    assert.equal(results.filter((r) => r.status === 200).length, 1, JSON.stringify(results.map((r) => r.body)));
    for (const r of results.filter((r) => r.status !== 200)) {
      assert.equal(r.status, 409);
      assert.ok(["SUBSCRIBE_IN_PROGRESS", "ALREADY_MEMBER"].includes(r.body.details.reason), r.body.details.reason);
    }
    await ctx.settle();
    assert.equal((await ctx.sql`select 1 from memberships where patient_id = ${patient.id}`).length, 1);
    const charges = await chargesOf(patient.id);
    assert.equal(charges.data.length, 1);
    // The claim was given back: nothing is left "being set up".
    assert.equal((await ctx.sql`select 1 from membership_claims where patient_id = ${patient.id}`).length, 0);
  });
});
