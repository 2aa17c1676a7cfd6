/** 402 "Subscription required" (01 §8): the one rule of ./requirement.ts in chat and booking. */
import assert from "node:assert/strict";
import { idempotencyKey, paymentsTest } from "../../test/payments-fixtures.ts";

paymentsTest("memberships: 402 Subscription required", async (t, ctx) => {
  const { doctor, plans } = await ctx.doctorWithPlans();
  const monthly = plans["Primary care — monthly"];
  async function member() {
    const patient = await ctx.createUser("patient");
    const res = await ctx.call("POST", "/payments/stripe/subscribe", {
      token: patient.token, body: { doctorId: doctor.id, planId: monthly, paymentMethodId: "pm_card_visa", idempotencyKey: idempotencyKey() },
    });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    return { patient };
  }
  await t.step("402 Subscription required: chat and booking need a membership of a doctor who offers them", async () => {
    const stranger = await ctx.createUser("patient", { doctor_id: doctor.id });
    const chat = await ctx.call("POST", `/messages/chat/${doctor.id}`, { token: stranger.token });
    assert.equal(chat.status, 402, JSON.stringify(chat.body));
    assert.equal(chat.body.message, "Subscription required");
    // The PWA's upgrade dialog opens the join flow of the doctor named here (pwa/docs/payments.md).
    assert.equal(chat.body.details.doctorId, doctor.id);
    assert.equal(chat.body.details.reason, "SUBSCRIPTION_REQUIRED");
    const { patient } = await member();
    const ok = await ctx.call("POST", `/messages/chat/${doctor.id}`, { token: patient.token });
    assert.equal(ok.status, 201, JSON.stringify(ok.body));
    // A doctor with no enabled option asks for none.
    const free = await ctx.createUser("doctor", { stripe_account: "acct_free", is_active_stripe_account: true });
    const p2 = await ctx.createUser("patient", { doctor_id: free.id });
    assert.equal((await ctx.call("POST", `/messages/chat/${free.id}`, { token: p2.token })).status, 201);
  });
});
