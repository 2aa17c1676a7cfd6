/** Users through the HTTP API: phone change, SMS codes and their limits, email changes. */
import assert from "node:assert/strict";
import { apiTest } from "../../test/harness.ts";
import { emailOf, INVALID_CODE, NOBODY, otherCode, smsCode } from "./test-helpers.ts";

apiTest("phone change and SMS verification", async (t, ctx) => {
  const patient = await ctx.createUser("patient");
  const phone = "+17025550111";
  let code = "";

  await t.step("PUT /users/phone stores E.164 and marks the phone unverified", async () => {
    await ctx.sql`update users set is_phone_verified = true where id = ${patient.id}`;
    const res = await ctx.call("PUT", "/users/phone", { token: patient.token, body: { phone: "(702) 555-0111" } });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(res.body.result.phoneNumber, phone);
    assert.equal(res.body.result.isPhoneNumberVerified, false);
  });

  await t.step("a bad phone is refused", async () => {
    const res = await ctx.call("PUT", "/users/phone", { token: patient.token, body: { phone: "555" } });
    assert.equal(res.status, 400);
    assert.ok(res.body.details.fields.phone);
    const [row] = await ctx.sql<{ phone_number: string }[]>`select phone_number from users where id = ${patient.id}`;
    assert.equal(row.phone_number, phone);
  });

  await t.step("request-sms sends a code to the phone", async () => {
    const res = await ctx.call("POST", "/users/me/2fa/request-sms", { token: patient.token });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.ok(res.body.result.sentTo.endsWith("0111"), res.body.result.sentTo);
    assert.equal(res.body.result.sentTo.includes("702"), false, "only the last digits are shown");
    code = await smsCode(ctx, phone);
  });

  await t.step("a wrong code is refused", async () => {
    const res = await ctx.call("POST", "/users/me/2fa/confirm-phone", { token: patient.token, body: { verificationCode: otherCode(code) } });
    assert.equal(res.status, 400);
    assert.equal(res.body.message, INVALID_CODE);
  });

  await t.step("a code that is not six digits is refused", async () => {
    const res = await ctx.call("POST", "/users/me/2fa/confirm-phone", { token: patient.token, body: { verificationCode: "12ab" } });
    assert.equal(res.status, 400);
    assert.ok(res.body.details.fields.verificationCode);
  });

  await t.step("after five wrong attempts even the right code is refused", async () => {
    for (let i = 0; i < 4; i++) {
      const res = await ctx.call("POST", "/users/me/2fa/confirm-phone", { token: patient.token, body: { verificationCode: otherCode(code) } });
      assert.equal(res.status, 400);
    }
    const res = await ctx.call("POST", "/users/me/2fa/confirm-phone", { token: patient.token, body: { verificationCode: code } });
    assert.equal(res.status, 429);
    const [row] = await ctx.sql<{ is_phone_verified: boolean }[]>`select is_phone_verified from users where id = ${patient.id}`;
    assert.equal(row.is_phone_verified, false);
  });

  await t.step("a new code confirms the phone", async () => {
    const req = await ctx.call("POST", "/users/me/2fa/request-sms", { token: patient.token });
    assert.equal(req.status, 200);
    const fresh = await smsCode(ctx, phone);
    const res = await ctx.call("POST", "/users/me/2fa/confirm-phone", { token: patient.token, body: { verificationCode: fresh } });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(res.body.result.isPhoneNumberVerified, true);
    const again = await ctx.call("POST", "/users/me/2fa/confirm-phone", { token: patient.token, body: { verificationCode: fresh } });
    assert.equal(again.status, 400, "a code works once");
  });

  await t.step("a new phone number is unverified again", async () => {
    const res = await ctx.call("PUT", "/users/phone", { token: patient.token, body: { phone: "702 555 0112" } });
    assert.equal(res.status, 200);
    assert.equal(res.body.result.phoneNumber, "+17025550112");
    assert.equal(res.body.result.isPhoneNumberVerified, false);
  });

  await t.step("a code sent to the old number does not verify the new one", async () => {
    await ctx.call("PUT", "/users/phone", { token: patient.token, body: { phone: "702 555 0111" } });
    await ctx.call("POST", "/users/me/2fa/request-sms", { token: patient.token });
    const oldCode = await smsCode(ctx, phone);
    await ctx.call("PUT", "/users/phone", { token: patient.token, body: { phone: "702 555 0113" } });
    const res = await ctx.call("POST", "/users/me/2fa/confirm-phone", { token: patient.token, body: { verificationCode: oldCode } });
    assert.equal(res.status, 400);
    assert.equal(res.body.message, INVALID_CODE);
  });

  await t.step("a code expires after ten minutes", async () => {
    await ctx.call("PUT", "/users/phone", { token: patient.token, body: { phone: "702 555 0111" } });
    const req = await ctx.call("POST", "/users/me/2fa/request-sms", { token: patient.token });
    assert.equal(req.status, 200);
    const late = await smsCode(ctx, phone);
    ctx.clock.advance(11 * 60_000);
    const res = await ctx.call("POST", "/users/me/2fa/confirm-phone", { token: patient.token, body: { verificationCode: late } });
    assert.equal(res.status, 400);
    assert.equal(res.body.message, INVALID_CODE);
  });
});

apiTest("SMS requests are rate-limited per account", async (t, ctx) => {
  const patient = await ctx.createUser("patient", { phone_number: "+17025550121" });
  const other = await ctx.createUser("patient", { phone_number: "+17025550122" });

  await t.step("the third request in the window is refused", async () => {
    for (let i = 0; i < 2; i++) {
      assert.equal((await ctx.call("POST", "/users/me/2fa/request-sms", { token: patient.token })).status, 200);
    }
    const res = await ctx.call("POST", "/users/me/2fa/request-sms", { token: patient.token });
    assert.equal(res.status, 429);
    assert.equal(res.body.details.reason, "RATE_LIMITED");
    assert.ok(Number(res.headers.get("retry-after")) > 0);
    const [{ count }] = await ctx.sql<{ count: number }[]>`select count(*)::int as count from outbox where recipient = '+17025550121'`;
    assert.equal(count, 2, "no SMS is sent for the refused request");
  });

  await t.step("another account is not affected", async () => {
    assert.equal((await ctx.call("POST", "/users/me/2fa/request-sms", { token: other.token })).status, 200);
  });

  await t.step("a user without a phone cannot request a code", async () => {
    const noPhone = await ctx.createUser("patient", { phone_number: null });
    const res = await ctx.call("POST", "/users/me/2fa/request-sms", { token: noPhone.token });
    assert.equal(res.status, 400);
    assert.equal(res.body.details.reason, "NO_PHONE");
  });
}, { limits: { smsPerAccount: { limit: 2, windowSeconds: 900 } } });

apiTest("changing email", async (t, ctx) => {
  const phone = "+17025550131";
  const patient = await ctx.createUser("patient", { phone_number: phone });
  const neighbour = await ctx.createUser("patient");
  const admin = await ctx.createUser("admin");
  const otherAdmin = await ctx.createUser("admin");
  const newEmail = `changed.${crypto.randomUUID().slice(0, 8)}@example.test`;
  let code = "";

  await t.step("a taken email is refused on details.fields.newEmail", async () => {
    await ctx.call("POST", "/users/me/2fa/request-sms", { token: patient.token });
    code = await smsCode(ctx, phone);
    const res = await ctx.call("PUT", "/users/me/change-email", {
      token: patient.token,
      body: { newEmail: neighbour.email.toUpperCase(), verificationCode: code },
    });
    assert.equal(res.status, 400);
    assert.equal(res.body.details.fields.newEmail, "Email already occupied");
    assert.equal(await emailOf(ctx, patient.id), patient.email);
  });

  await t.step("a wrong code is refused and the email stays", async () => {
    const res = await ctx.call("PUT", "/users/me/change-email", {
      token: patient.token,
      body: { newEmail, verificationCode: otherCode(code) },
    });
    assert.equal(res.status, 400);
    assert.equal(res.body.message, INVALID_CODE);
    assert.equal(await emailOf(ctx, patient.id), patient.email);
  });

  await t.step("an invalid new email is refused", async () => {
    const res = await ctx.call("PUT", "/users/me/change-email", { token: patient.token, body: { newEmail: "nope", verificationCode: code } });
    assert.equal(res.status, 400);
    assert.ok(res.body.details.fields.newEmail);
  });

  await t.step("with the right code the email changes and signs in", async () => {
    const res = await ctx.call("PUT", "/users/me/change-email", { token: patient.token, body: { newEmail, verificationCode: code } });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(res.body.result.email, newEmail);
    assert.equal(await emailOf(ctx, patient.id), newEmail);
    const login = await ctx.call("POST", "/users/login", { body: { email: newEmail, password: patient.password } });
    assert.equal(login.status, 200);
    const old = await ctx.call("POST", "/users/login", { body: { email: patient.email, password: patient.password } });
    assert.equal(old.status, 401);
  });

  await t.step("the code cannot be used a second time", async () => {
    const res = await ctx.call("PUT", "/users/me/change-email", {
      token: patient.token,
      body: { newEmail: `again.${crypto.randomUUID().slice(0, 8)}@example.test`, verificationCode: code },
    });
    assert.equal(res.status, 400);
    assert.equal(await emailOf(ctx, patient.id), newEmail);
  });

  const adminEmail = `by-admin.${crypto.randomUUID().slice(0, 8)}@example.test`;
  await t.step("an admin changes a user's email", async () => {
    const res = await ctx.call("PUT", "/users/admin/change-email", { token: admin.token, body: { newEmail: adminEmail, userId: neighbour.id } });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(res.body.result.email, adminEmail);
    assert.equal(await emailOf(ctx, neighbour.id), adminEmail);
    const [row] = await ctx.sql<{ actor_id: string }[]>`
      select actor_id from audit_log where event = 'email.changed.by_admin' and subject_id = ${neighbour.id}`;
    assert.equal(row.actor_id, admin.id);
  });

  await t.step("a non-admin cannot", async () => {
    const res = await ctx.call("PUT", "/users/admin/change-email", {
      token: patient.token,
      body: { newEmail: "x1@example.test", userId: neighbour.id },
    });
    assert.equal(res.status, 403);
    assert.equal(await emailOf(ctx, neighbour.id), adminEmail);
  });

  await t.step("a taken email is refused", async () => {
    const res = await ctx.call("PUT", "/users/admin/change-email", { token: admin.token, body: { newEmail, userId: neighbour.id } });
    assert.equal(res.status, 400);
    assert.equal(res.body.details.fields.newEmail, "Email already occupied");
    assert.equal(await emailOf(ctx, neighbour.id), adminEmail);
  });

  await t.step("an invalid userId is refused", async () => {
    const res = await ctx.call("PUT", "/users/admin/change-email", { token: admin.token, body: { newEmail: "x2@example.test", userId: "42" } });
    assert.equal(res.status, 400);
    assert.ok(res.body.details.fields.userId);
  });

  await t.step("an unknown userId is a 404", async () => {
    const res = await ctx.call("PUT", "/users/admin/change-email", { token: admin.token, body: { newEmail: "x3@example.test", userId: NOBODY } });
    assert.equal(res.status, 404);
  });

  await t.step("a plain admin cannot change another admin's email", async () => {
    const res = await ctx.call("PUT", "/users/admin/change-email", { token: admin.token, body: { newEmail: "x4@example.test", userId: otherAdmin.id } });
    assert.equal(res.status, 403);
    assert.equal(await emailOf(ctx, otherAdmin.id), otherAdmin.email);
  });
});

