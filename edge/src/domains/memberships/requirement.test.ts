/** 402 "Subscription required" (01 §8): the one rule of ./requirement.ts in chat and booking. */
import assert from "node:assert/strict";
import { idempotencyKey, paymentsTest } from "../../test/payments-fixtures.ts";
import { create, createChat, newMessage, push, stored } from "../../test/sync-fixtures.ts";
import { isRefusedTombstone } from "../../../../sync/protocol.ts";

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
  await t.step("chat: 402 Subscription required unless a member of a doctor who offers memberships", async () => {
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

  await t.step("booking: 402 for a patient of the doctor who is not a member, nothing booked; a member books the same slot", async () => {
    const hours = await ctx.call("PUT", "/availability", {
      token: doctor.token,
      body: {
        timezone: "UTC", slotMinutes: 30,
        weekly: Object.fromEntries(
          ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"].map((d) => [d, [{ start: "00:00", end: "23:30" }]]),
        ),
      },
    });
    assert.equal(hours.status, 200, JSON.stringify(hours.body));
    const noon = new Date(ctx.clock.now().getTime() + 2 * 86400_000);
    noon.setUTCHours(12, 0, 0, 0);
    const body = { doctorId: doctor.id, startAt: noon.toISOString(), type: "video", reason: "Persistent cough" };
    const stranger = await ctx.createUser("patient", { doctor_id: doctor.id });
    const refused = await ctx.call("POST", "/consultations", { token: stranger.token, body });
    assert.equal(refused.status, 402, JSON.stringify(refused.body));
    assert.equal(refused.body.status, "error");
    assert.equal(refused.body.message, "Subscription required");
    assert.equal(refused.body.details.reason, "SUBSCRIPTION_REQUIRED");
    assert.equal(refused.body.details.doctorId, doctor.id);
    assert.equal((await ctx.sql`select 1 from consultations where patient_id = ${stranger.id}`).length, 0);
    const { patient } = await member();
    const booked = await ctx.call("POST", "/consultations", { token: patient.token, body });
    assert.equal(booked.status, 201, JSON.stringify(booked.body));
    assert.equal(booked.body.result.doctorId, doctor.id);
    assert.equal(booked.body.result.patientId, patient.id);
  });

  await t.step("a chat message pushed through sync is refused like any forbidden create unless the patient is a member", async () => {
    const pushMessage = async (token: string, chatId: string, authorId: string) => {
      const doc = newMessage(chatId, authorId);
      const res = await push(ctx, token, "chat_messages", [create(doc)]);
      assert.equal(res.status, 200, JSON.stringify(res.body));
      return { doc, answer: res.body.result as { id: string; updatedAt: number; _deleted: boolean }[] };
    };
    // A patient of the doctor in a chat with them (made without the chat API), not a member: refused, nothing stored.
    const stranger = await ctx.createUser("patient", { doctor_id: doctor.id });
    const strangerChat = await createChat(ctx, [stranger.id, doctor.id]);
    const refused = await pushMessage(stranger.token, strangerChat, stranger.id);
    assert.equal(refused.answer.length, 1);
    assert.ok(isRefusedTombstone(refused.answer[0] as never), JSON.stringify(refused.answer));
    assert.equal(refused.answer[0].id, refused.doc.id);
    assert.equal(await stored(ctx, "chat_messages", refused.doc.id), null);

    // A member's message is stored; after an immediate cancellation the next one is refused.
    const { patient } = await member();
    const started = await ctx.call("POST", `/messages/chat/${doctor.id}`, { token: patient.token });
    assert.equal(started.status, 201, JSON.stringify(started.body));
    const chatId = started.body.result.chatId as string;
    const accepted = await pushMessage(patient.token, chatId, patient.id);
    assert.deepEqual(accepted.answer, []);
    assert.ok(await stored(ctx, "chat_messages", accepted.doc.id));
    const [membership] = (await ctx.call("GET", "/payments/stripe/subscribe", { token: patient.token })).body.result;
    const cancelled = await ctx.call("DELETE", "/payments/stripe/subscribe", {
      token: patient.token, body: { membershipId: membership.id, mode: "immediately" },
    });
    assert.equal(cancelled.status, 200, JSON.stringify(cancelled.body));
    assert.equal(cancelled.body.result.status, "expired");
    const after = await pushMessage(patient.token, chatId, patient.id);
    assert.ok(isRefusedTombstone(after.answer[0] as never), JSON.stringify(after.answer));
    assert.equal(await stored(ctx, "chat_messages", after.doc.id), null);

    // The doctor still writes to the former member (the rule binds patients only).
    const fromDoctor = await pushMessage(doctor.token, chatId, doctor.id);
    assert.deepEqual(fromDoctor.answer, []);
  });
});
