/** Emailed links through the HTTP API: password reset (and its rate limit) and VMA password creation. */
import assert from "node:assert/strict";
import { apiTest } from "../../test/harness.ts";
import { INVALID_LINK } from "./service.ts";
import { randomEmail, tokenFrom } from "./test-helpers.ts";

apiTest("password reset", async (t, ctx) => {
  const user = await ctx.createUser("patient");
  const second = await ctx.call("POST", "/users/login", { body: { email: user.email, password: user.password } });
  assert.equal(second.status, 200);
  const unknown = randomEmail("nobody");
  let token = "";

  await t.step("a registered and an unknown email get the same answer", async () => {
    const known = await ctx.call("POST", "/users/reset/request", { body: { email: user.email } });
    const other = await ctx.call("POST", "/users/reset/request", { body: { email: unknown } });
    assert.equal(known.status, 200);
    assert.equal(other.status, 200);
    assert.deepEqual(known.body, other.body);
    assert.deepEqual(known.body.result, { sent: true });
  });

  await t.step("only the registered address gets a mail with the reset link", async () => {
    assert.equal(await ctx.lastMessage(unknown), null);
    const mail = await ctx.lastMessage(user.email);
    assert.ok(mail?.body.includes("http://app.test/resetPassword?token="), mail?.body);
    token = tokenFrom(mail!.body, "resetPassword");
  });

  await t.step("GET /users/reset/{token} says the link is valid and names the email", async () => {
    const res = await ctx.call("GET", `/users/reset/${encodeURIComponent(token)}`);
    assert.equal(res.status, 200);
    assert.deepEqual(res.body.result, { valid: true, email: user.email });
  });

  await t.step("an unknown token is refused", async () => {
    const res = await ctx.call("GET", `/users/reset/${"y".repeat(43)}`);
    assert.equal(res.status, 400);
    assert.equal(res.body.message, INVALID_LINK);
    assert.equal(res.body.details.reason, "INVALID_TOKEN");
  });

  await t.step("a mismatched repeat is refused and does not use up the token", async () => {
    const res = await ctx.call("POST", `/users/reset/${encodeURIComponent(token)}`, {
      body: { password: "brand-new-1", repeatPassword: "brand-new-2" },
    });
    assert.equal(res.status, 400);
    assert.ok(res.body.details.fields.repeatPassword);
    const check = await ctx.call("GET", `/users/reset/${encodeURIComponent(token)}`);
    assert.equal(check.status, 200);
  });

  await t.step("agreements that are not a JSON list are refused", async () => {
    const res = await ctx.call("POST", `/users/reset/${encodeURIComponent(token)}`, {
      body: { password: "brand-new-1", repeatPassword: "brand-new-1", agreements: "terms" },
    });
    assert.equal(res.status, 400);
    assert.ok(res.body.details.fields.agreements);
  });

  await t.step("a valid reset (agreements as JSON text) sets the password", async () => {
    const res = await ctx.call("POST", `/users/reset/${encodeURIComponent(token)}`, {
      body: { password: "brand-new-1", repeatPassword: "brand-new-1", agreements: JSON.stringify(["terms", "membership"]) },
    });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.deepEqual(res.body.result, { reset: true });
    const agreements = await ctx.sql<{ name: string }[]>`select name from user_agreements where user_id = ${user.id} order by name`;
    assert.deepEqual(agreements.map((a) => a.name), ["membership", "terms"]);
    const [row] = await ctx.sql<{ last_password_changed_at: Date | null }[]>`select last_password_changed_at from users where id = ${user.id}`;
    assert.ok(row.last_password_changed_at);
  });

  await t.step("every earlier session ends", async () => {
    for (const accessToken of [user.token, second.body.result.accessToken]) {
      const res = await ctx.call("POST", "/users/loginByToken", { token: accessToken });
      assert.equal(res.status, 401);
    }
    const refresh = await ctx.call("POST", "/users/refreshToken", { body: { refreshToken: user.refreshToken } });
    assert.equal(refresh.status, 401);
  });

  await t.step("the old password fails and the new one works", async () => {
    const old = await ctx.call("POST", "/users/login", { body: { email: user.email, password: user.password } });
    assert.equal(old.status, 401);
    assert.equal(old.body.message, "Email or password mismatch");
    const fresh = await ctx.call("POST", "/users/login", { body: { email: user.email, password: "brand-new-1" } });
    assert.equal(fresh.status, 200);
  });

  await t.step("the reset token works once", async () => {
    const res = await ctx.call("POST", `/users/reset/${encodeURIComponent(token)}`, {
      body: { password: "another-new-1", repeatPassword: "another-new-1" },
    });
    assert.equal(res.status, 400);
    assert.equal(res.body.message, INVALID_LINK);
    const check = await ctx.call("GET", `/users/reset/${encodeURIComponent(token)}`);
    assert.equal(check.status, 400);
  });

  await t.step("a newer request replaces the earlier link", async () => {
    await ctx.call("POST", "/users/reset/request", { body: { email: user.email } });
    const first = tokenFrom((await ctx.lastMessage(user.email))!.body, "resetPassword");
    await ctx.call("POST", "/users/reset/request", { body: { email: user.email } });
    const latest = tokenFrom((await ctx.lastMessage(user.email))!.body, "resetPassword");
    assert.notEqual(first, latest);
    assert.equal((await ctx.call("GET", `/users/reset/${encodeURIComponent(first)}`)).status, 400);
    assert.equal((await ctx.call("GET", `/users/reset/${encodeURIComponent(latest)}`)).status, 200);
  });

  await t.step("the reset link expires after two hours", async () => {
    const latest = tokenFrom((await ctx.lastMessage(user.email))!.body, "resetPassword");
    ctx.clock.advance(2 * 3_600_000 + 1000);
    assert.equal((await ctx.call("GET", `/users/reset/${encodeURIComponent(latest)}`)).status, 400);
  });
});

apiTest("password reset requests are rate-limited per address", async (t, ctx) => {
  const user = await ctx.createUser("patient");
  const request = (address: string) => ctx.call("POST", "/users/reset/request", { body: { email: user.email }, address });

  await t.step("the third request from one address in the window is refused", async () => {
    assert.equal((await request("10.0.0.1")).status, 200);
    assert.equal((await request("10.0.0.1")).status, 200);
    const res = await request("10.0.0.1");
    assert.equal(res.status, 429);
    assert.equal(res.body.details.reason, "RATE_LIMITED");
    const retryAfter = Number(res.headers.get("retry-after"));
    assert.ok(retryAfter >= 1 && retryAfter <= 60, `Retry-After ${res.headers.get("retry-after")}`);
  });

  await t.step("another address is not affected", async () => {
    assert.equal((await request("10.0.0.2")).status, 200);
  });

  await t.step("the window passes", async () => {
    ctx.clock.advance(61_000);
    assert.equal((await request("10.0.0.1")).status, 200);
  });
}, { limits: { passwordResetPerAddress: { limit: 2, windowSeconds: 60 } } });

apiTest("VMA password creation", async (t, ctx) => {
  const doctor = await ctx.createUser("doctor");
  const vma = await ctx.createUser("vma", { doctor_id: doctor.id });
  const patient = await ctx.createUser("patient");
  const token = await ctx.services.registration.inviteVma(vma.id, vma.email, "Vic");

  await t.step("the invitation mail carries the vmaPassword link", async () => {
    const mail = await ctx.lastMessage(vma.email);
    assert.equal(tokenFrom(mail!.body, "vmaPassword"), token);
  });

  await t.step("mismatched passwords are refused", async () => {
    const res = await ctx.call("POST", `/vmas/password/${encodeURIComponent(token)}`, {
      body: { password: "vma-pass-1", repeatPassword: "vma-pass-2" },
    });
    assert.equal(res.status, 400);
    assert.ok(res.body.details.fields.repeatPassword);
  });

  await t.step("a valid password is set and works for login", async () => {
    const res = await ctx.call("POST", `/vmas/password/${encodeURIComponent(token)}`, {
      body: { password: "vma-pass-1", repeatPassword: "vma-pass-1" },
    });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.deepEqual(res.body.result, { passwordSet: true });
    const login = await ctx.call("POST", "/users/login", { body: { email: vma.email, password: "vma-pass-1" } });
    assert.equal(login.status, 200);
    assert.equal(login.body.result.user.role, "vma");
    const old = await ctx.call("POST", "/users/login", { body: { email: vma.email, password: vma.password } });
    assert.equal(old.status, 401);
  });

  await t.step("the invitation works once", async () => {
    const res = await ctx.call("POST", `/vmas/password/${encodeURIComponent(token)}`, {
      body: { password: "vma-pass-3", repeatPassword: "vma-pass-3" },
    });
    assert.equal(res.status, 400);
    assert.equal(res.body.message, INVALID_LINK);
  });

  await t.step("an invitation token of a patient is refused", async () => {
    const patientToken = await ctx.services.registration.inviteVma(patient.id, patient.email, "Pat");
    const res = await ctx.call("POST", `/vmas/password/${encodeURIComponent(patientToken)}`, {
      body: { password: "vma-pass-4", repeatPassword: "vma-pass-4" },
    });
    assert.equal(res.status, 400);
    assert.equal(res.body.message, "This email does not belong to a VMA");
    const login = await ctx.call("POST", "/users/login", { body: { email: patient.email, password: "vma-pass-4" } });
    assert.equal(login.status, 401, "the patient's password did not change");
  });
});
