/** New passwords: 8+ characters and not a common one, on every route that sets one; sign-in never applies the rule. */
import assert from "node:assert/strict";
import { apiTest, type Reply } from "../../test/harness.ts";
import { tokenFrom } from "../registration/test-helpers.ts";

const GOOD = "kettle-Orbit-93-plume";
// Rank ~30,000 of the shipped list: not in the clients' top list, only the server's full one refuses it.
const RARE_COMMON = "bioshock";

function refusedFor(res: Reply, pattern: RegExp) {
  assert.equal(res.status, 400, JSON.stringify(res.body));
  assert.equal(res.body.details.reason, "VALIDATION_FAILED");
  assert.match(res.body.details.fields.password, pattern);
}

apiTest("password rules: 8+ characters, not a common password; existing passwords keep working", async (t, ctx) => {
  const bad: [string, RegExp][] = [
    ["Abc#12x", /at least 8/],
    ["password1", /too common/],
    ["qwerty123", /too common/],
    [RARE_COMMON, /too common/],
  ];

  await t.step("change-password refuses a short or common password and accepts a good one", async () => {
    const u = await ctx.createUser("patient");
    for (const [password, why] of bad) {
      const res = await ctx.call("POST", "/users/change-password", {
        token: u.token,
        body: { currentPassword: u.password, password, repeatPassword: password },
      });
      refusedFor(res, why);
    }
    const ok = await ctx.call("POST", "/users/change-password", {
      token: u.token,
      body: { currentPassword: u.password, password: GOOD, repeatPassword: GOOD },
    });
    assert.equal(ok.status, 200, JSON.stringify(ok.body));
    assert.equal((await ctx.call("POST", "/users/login", { body: { email: u.email, password: GOOD } })).status, 200);
  });

  await t.step("password reset applies the same rule", async () => {
    const u = await ctx.createUser("patient");
    await ctx.call("POST", "/users/reset/request", { body: { email: u.email } });
    const token = tokenFrom((await ctx.lastMessage(u.email))!.body, "resetPassword");
    for (const [password, why] of bad) {
      refusedFor(await ctx.call("POST", `/users/reset/${encodeURIComponent(token)}`, { body: { password, repeatPassword: password } }), why);
    }
    const ok = await ctx.call("POST", `/users/reset/${encodeURIComponent(token)}`, { body: { password: GOOD, repeatPassword: GOOD } });
    assert.equal(ok.status, 200, JSON.stringify(ok.body));
  });

  await t.step("VMA password creation applies the same rule", async () => {
    const doctor = await ctx.createUser("doctor");
    const vma = await ctx.createUser("vma", { doctor_id: doctor.id });
    const token = await ctx.services.registration.inviteVma(vma.id, vma.email, "Vic");
    for (const [password, why] of bad) {
      refusedFor(await ctx.call("POST", `/vmas/password/${encodeURIComponent(token)}`, { body: { password, repeatPassword: password } }), why);
    }
    const ok = await ctx.call("POST", `/vmas/password/${encodeURIComponent(token)}`, { body: { password: GOOD, repeatPassword: GOOD } });
    assert.equal(ok.status, 200, JSON.stringify(ok.body));
  });

  await t.step("registration refuses a common password and creates nothing", async () => {
    const email = `rules.${crypto.randomUUID().slice(0, 8)}@example.test`;
    const res = await ctx.call("POST", "/users", {
      body: {
        role: "patient", email, password: "password1", repeatPassword: "password1", firstName: "Pat", lastName: "Ient",
        birthDate: "1990-04-30", gender: "Female", phoneNumber: "+17025550100", state: "NV", city: "Reno", zip: "89501",
        address: "1 Main St", agreements: ["terms", "privacy", "prescription"],
      },
    });
    refusedFor(res, /too common/);
    const [row] = await ctx.sql`select count(*)::int as n from users where email = ${email}`;
    assert.equal(row.n, 0);
  });

  await t.step("an existing short or common password still signs in (login does not apply the rule)", async () => {
    for (const old of ["abc123", "password1"]) {
      const u = await ctx.createUser("patient", { password_hash: await ctx.deps.passwords.hash(old) });
      const res = await ctx.call("POST", "/users/login", { body: { email: u.email, password: old } });
      assert.equal(res.status, 200, old);
    }
  });
});
