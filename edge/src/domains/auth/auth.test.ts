import assert from "node:assert/strict";
import { SignJWT } from "jose";
import { apiTest } from "../../test/harness.ts";
import { LOGIN_MESSAGES } from "./service.ts";

apiTest("auth: sign-in, tokens, refresh, sessions, impersonation, password change", async (t, ctx) => {
  const { call } = ctx;

  await t.step("login answers tokens and the user", async () => {
    const u = await ctx.createUser("patient");
    const res = await call("POST", "/users/login", { body: { email: u.email.toUpperCase(), password: u.password } });
    assert.equal(res.status, 200);
    assert.equal(res.body.status, "success");
    assert.equal(typeof res.body.result.accessToken, "string");
    assert.equal(typeof res.body.result.refreshToken, "string");
    assert.equal(res.body.result.user.id, u.id);
    assert.equal(res.body.result.user.role, "patient");
    assert.equal("password_hash" in res.body.result.user, false);
  });

  await t.step("login failures use the catalogue's messages", async () => {
    const u = await ctx.createUser("patient");
    const wrong = await call("POST", "/users/login", { body: { email: u.email, password: "wrong-password" } });
    assert.equal(wrong.status, 401);
    assert.equal(wrong.body.message, LOGIN_MESSAGES.mismatch);
    const unknown = await call("POST", "/users/login", { body: { email: "nobody@example.test", password: "whatever" } });
    assert.equal(unknown.status, 401);
    assert.equal(unknown.body.message, LOGIN_MESSAGES.mismatch);

    const inactive = await ctx.createUser("patient", { is_activated: false });
    const r1 = await call("POST", "/users/login", { body: { email: inactive.email, password: inactive.password } });
    assert.equal(r1.status, 403);
    assert.equal(r1.body.message, LOGIN_MESSAGES.notActivated);

    const blocked = await ctx.createUser("patient");
    await ctx.sql`update users set is_blocked = true where id = ${blocked.id}`;
    const r2 = await call("POST", "/users/login", { body: { email: blocked.email, password: blocked.password } });
    assert.equal(r2.status, 403);
    assert.equal(r2.body.message, LOGIN_MESSAGES.blocked);

    const banned = await ctx.createUser("patient");
    await ctx.sql`update users set is_banned = true where id = ${banned.id}`;
    const r3 = await call("POST", "/users/login", { body: { email: banned.email, password: banned.password } });
    assert.equal(r3.status, 403);
    assert.equal(r3.body.message, LOGIN_MESSAGES.banned);

    const [failures] = await ctx.sql`select count(*)::int as n from audit_log where event = 'login.failure' and subject_id = ${u.id}`;
    assert.equal(failures.n, 1);
  });

  await t.step("login validates its input", async () => {
    const res = await call("POST", "/users/login", { body: { email: "not-an-email", password: "" } });
    assert.equal(res.status, 400);
    assert.equal(res.body.code, 400);
    assert.ok(res.body.details.fields.email);
    assert.ok(res.body.details.fields.password);
  });

  await t.step("loginByToken accepts Bearer and the token query parameter", async () => {
    const u = await ctx.createUser("doctor");
    const bearer = await call("POST", "/users/loginByToken", { token: u.token });
    assert.equal(bearer.status, 200);
    assert.equal(bearer.body.result.user.id, u.id);
    assert.equal(bearer.body.result.user.fullAccess, true);
    const query = await call("POST", `/users/loginByToken?token=${u.token}`);
    assert.equal(query.status, 200);
    assert.equal(query.body.result.user.email, u.email);
  });

  await t.step("missing, forged, tampered and expired tokens answer 401", async () => {
    const u = await ctx.createUser("patient");
    const missing = await call("POST", "/users/loginByToken");
    assert.equal(missing.status, 401);
    assert.equal(missing.body.details.reason, "TOKEN_MISSING");

    const forged = await new SignJWT({ role: "admin", sid: crypto.randomUUID() })
      .setProtectedHeader({ alg: "HS256" }).setSubject(u.id).setIssuer("dpc-telehealth")
      .setExpirationTime("1h").sign(new TextEncoder().encode("another-secret-another-secret-0000"));
    const r1 = await call("POST", "/users/loginByToken", { token: forged });
    assert.equal(r1.status, 401);
    assert.equal(r1.body.details.reason, "TOKEN_INVALID");

    const [h, p, s] = u.token.split(".");
    const claims = JSON.parse(atob(p.replaceAll("-", "+").replaceAll("_", "/")));
    claims.role = "admin";
    const tamperedPayload = btoa(JSON.stringify(claims)).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
    const r2 = await call("GET", "/users/role/patient", { token: `${h}.${tamperedPayload}.${s}` });
    assert.equal(r2.status, 401);

    const unsigned = `${btoa(JSON.stringify({ alg: "none" })).replace(/=+$/, "")}.${p}.`;
    const r3 = await call("POST", "/users/loginByToken", { token: unsigned });
    assert.equal(r3.status, 401);

    ctx.clock.advance(16 * 60_000);
    const expired = await call("POST", "/users/loginByToken", { token: u.token });
    assert.equal(expired.status, 401);
    assert.equal(expired.body.details.reason, "TOKEN_EXPIRED");
  });

  await t.step("refresh rotates: a refresh token works once; reuse revokes the family", async () => {
    const u = await ctx.createUser("patient");
    const first = await call("POST", "/users/refreshToken", { body: { refreshToken: u.refreshToken } });
    assert.equal(first.status, 200);
    const { accessToken, refreshToken } = first.body.result;
    assert.notEqual(refreshToken, u.refreshToken);
    assert.equal((await call("POST", "/users/loginByToken", { token: accessToken })).status, 200);

    const replay = await call("POST", "/users/refreshToken", { body: { refreshToken: u.refreshToken } });
    assert.equal(replay.status, 401);
    assert.equal(replay.body.details.reason, "REFRESH_REUSED");
    // The whole family is gone: the newest refresh token and access token too.
    assert.equal((await call("POST", "/users/refreshToken", { body: { refreshToken } })).status, 401);
    assert.equal((await call("POST", "/users/loginByToken", { token: accessToken })).status, 401);
    const [audit] = await ctx.sql`select count(*)::int as n from audit_log where event = 'refresh.reuse' and subject_id = ${u.id}`;
    assert.equal(audit.n, 1);

    const unknown = await call("POST", "/users/refreshToken", { body: { refreshToken: "x".repeat(43) } });
    assert.equal(unknown.status, 401);
    const invalid = await call("POST", "/users/refreshToken", { body: {} });
    assert.equal(invalid.status, 400);
  });

  await t.step("logout ends this session only; logout/all ends every session", async () => {
    const u = await ctx.createUser("patient");
    const second = await call("POST", "/users/login", { body: { email: u.email, password: u.password } });
    const other = second.body.result.accessToken;
    assert.equal((await call("POST", "/users/logout", { token: u.token })).status, 200);
    assert.equal((await call("POST", "/users/loginByToken", { token: u.token })).body.details.reason, "TOKEN_REVOKED");
    assert.equal((await call("POST", "/users/loginByToken", { token: other })).status, 200);
    assert.equal((await call("POST", "/users/refreshToken", { body: { refreshToken: u.refreshToken } })).status, 401);

    const third = (await call("POST", "/users/login", { body: { email: u.email, password: u.password } })).body.result;
    const all = await call("POST", "/users/logout/all", { token: other });
    assert.equal(all.status, 200);
    assert.equal(all.body.result.endedSessions, 2);
    assert.equal((await call("POST", "/users/loginByToken", { token: other })).status, 401);
    assert.equal((await call("POST", "/users/loginByToken", { token: third.accessToken })).status, 401);
  });

  await t.step("sessions list shows device and times; a user revokes only their own", async () => {
    const u = await ctx.createUser("patient");
    const phone = await call("POST", "/users/login", {
      body: { email: u.email, password: u.password },
      headers: { "user-agent": "PhoneBrowser/1.0" },
    });
    const list = await call("GET", "/users/sessions", { token: u.token });
    assert.equal(list.status, 200);
    assert.equal(list.body.result.length, 2);
    const current = list.body.result.find((s: any) => s.current);
    const other = list.body.result.find((s: any) => !s.current);
    assert.ok(current && other);
    assert.equal(other.device, "PhoneBrowser/1.0");
    assert.ok(Date.parse(other.createdAt) && Date.parse(other.lastUsedAt));

    const stranger = await ctx.createUser("patient");
    const foreign = await call("DELETE", `/users/sessions/${other.id}`, { token: stranger.token });
    assert.equal(foreign.status, 404);
    assert.equal((await call("POST", "/users/loginByToken", { token: phone.body.result.accessToken })).status, 200);

    assert.equal((await call("DELETE", `/users/sessions/${other.id}`, { token: u.token })).status, 200);
    assert.equal((await call("POST", "/users/loginByToken", { token: phone.body.result.accessToken })).status, 401);
    assert.equal((await call("GET", "/users/sessions", { token: u.token })).body.result.length, 1);
    assert.equal((await call("DELETE", "/users/sessions/not-a-uuid", { token: u.token })).status, 400);
  });

  await t.step("login is rate-limited per account and per address", async () => {
    const u = await ctx.createUser("patient");
    const limits = ctx.deps.limits.loginFailuresPerAccount.limit;
    for (let i = 0; i < limits; i++) {
      const r = await call("POST", "/users/login", { body: { email: u.email, password: "wrong" }, address: `10.0.0.${i}` });
      assert.equal(r.status, 401);
    }
    const blocked = await call("POST", "/users/login", { body: { email: u.email, password: u.password }, address: "10.0.1.1" });
    assert.equal(blocked.status, 429);
    assert.equal(blocked.body.details.reason, "RATE_LIMITED");
    assert.ok(Number(blocked.headers.get("retry-after")) > 0);
    ctx.clock.advance(16 * 60_000);
    const later = await call("POST", "/users/login", { body: { email: u.email, password: u.password }, address: "10.0.1.1" });
    assert.equal(later.status, 200);

    const perAddress = ctx.deps.limits.loginFailuresPerAddress.limit;
    for (let i = 0; i < perAddress; i++) {
      await call("POST", "/users/login", { body: { email: `x${i}@example.test`, password: "wrong" }, address: "10.9.9.9" });
    }
    const fromAddress = await call("POST", "/users/login", { body: { email: u.email, password: u.password }, address: "10.9.9.9" });
    assert.equal(fromAddress.status, 429);
    const elsewhere = await call("POST", "/users/login", { body: { email: u.email, password: u.password }, address: "10.9.9.8" });
    assert.equal(elsewhere.status, 200);
  });

  await t.step("change-password checks the current one, returns a new token, ends other sessions", async () => {
    const u = await ctx.createUser("doctor");
    const other = (await call("POST", "/users/login", { body: { email: u.email, password: u.password } })).body.result;
    const wrong = await call("POST", "/users/change-password", {
      token: u.token,
      body: { currentPassword: "nope", password: "new-secret", repeatPassword: "new-secret" },
    });
    assert.equal(wrong.status, 400);
    assert.equal(wrong.body.message, "Current password is incorrect");
    const mismatch = await call("POST", "/users/change-password", {
      token: u.token,
      body: { currentPassword: u.password, password: "new-secret", repeatPassword: "other" },
    });
    assert.equal(mismatch.status, 400);
    assert.ok(mismatch.body.details.fields.repeatPassword);

    const res = await call("POST", "/users/change-password", {
      token: u.token,
      body: { currentPassword: u.password, password: "new-secret", repeatPassword: "new-secret" },
    });
    assert.equal(res.status, 200);
    assert.ok(res.body.result.accessToken && res.body.result.refreshToken);
    assert.ok(Date.parse(res.body.result.lastPasswordChangedAt));
    assert.equal((await call("POST", "/users/loginByToken", { token: res.body.result.accessToken })).status, 200);
    assert.equal((await call("POST", "/users/loginByToken", { token: u.token })).status, 200, "same session keeps working");
    assert.equal((await call("POST", "/users/loginByToken", { token: other.accessToken })).status, 401);
    assert.equal((await call("POST", "/users/login", { body: { email: u.email, password: u.password } })).status, 401);
    assert.equal((await call("POST", "/users/login", { body: { email: u.email, password: "new-secret" } })).status, 200);
    const [audit] = await ctx.sql`select count(*)::int as n from audit_log where event = 'password.changed' and subject_id = ${u.id}`;
    assert.equal(audit.n, 1);
  });

  await t.step("impersonation: admin signs in as a user and back, audited with both ids", async () => {
    const admin = await ctx.createUser("admin");
    const patient = await ctx.createUser("patient");
    const as = await call("POST", `/users/login/as/${patient.id}`, { token: admin.token });
    assert.equal(as.status, 200);
    assert.equal(as.body.result.user.id, patient.id);
    assert.equal(as.body.result.user.impersonatedBy, admin.id);
    const me = await call("POST", "/users/loginByToken", { token: as.body.result.accessToken });
    assert.equal(me.body.result.user.impersonatedBy, admin.id);

    const back = await call("DELETE", "/users/logout/to/admin", { token: as.body.result.accessToken });
    assert.equal(back.status, 200);
    assert.equal(back.body.result.user.id, admin.id);
    assert.equal((await call("POST", "/users/loginByToken", { token: as.body.result.accessToken })).status, 401);
    assert.equal((await call("GET", "/users/role/patient", { token: back.body.result.accessToken })).status, 200);

    const events = await ctx.sql`select event, actor_id, subject_id, details from audit_log
      where event like 'impersonation.%' and subject_id = ${patient.id} order by id`;
    assert.deepEqual(events.map((e) => e.event), ["impersonation.start", "impersonation.end"]);
    assert.equal(events[0].actor_id, admin.id);
    assert.equal(events[0].details.adminId, admin.id);
    assert.equal(events[0].details.userId, patient.id);
  });

  await t.step("impersonation is for admins, never of admins, and logout/to/admin needs one", async () => {
    const admin = await ctx.createUser("admin");
    const otherAdmin = await ctx.createUser("admin");
    const doctor = await ctx.createUser("doctor");
    assert.equal((await call("POST", `/users/login/as/${doctor.id}`, { token: doctor.token })).status, 403);
    assert.equal((await call("POST", `/users/login/as/${otherAdmin.id}`, { token: admin.token })).status, 403);
    assert.equal((await call("POST", `/users/login/as/${crypto.randomUUID()}`, { token: admin.token })).status, 404);
    assert.equal((await call("POST", `/users/login/as/${doctor.id}`)).status, 401);
    const notImpersonating = await call("DELETE", "/users/logout/to/admin", { token: doctor.token });
    assert.equal(notImpersonating.status, 400);
  });
});
