/**
 * A doctor's membership options (02 §7 "Plans and membership options"):
 * enable / disable for me, trial days and prices within the rules, one
 * doctor's terms never another's, unknown or inactive plans 404.
 */
import assert from "node:assert/strict";
import { paymentsTest } from "../../test/payments-fixtures.ts";

type Option = { planId: string; enabled: boolean; trialDays: number; priceCents: number; initialPriceCents: number | null; previousPriceCents: number | null };

paymentsTest("membership options: the doctor's settings", async (t, ctx) => {
  const { doctor, plans } = await ctx.doctorWithPlans();
  const monthly = plans["Primary care — monthly"];
  const settings = async (token = doctor.token) => {
    const res = await ctx.call("GET", "/membershipOptions/settings/me", { token });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    return res.body.result as Option[];
  };
  const mine = async (planId = monthly, token = doctor.token) => (await settings(token)).find((o) => o.planId === planId)!;
  const patient = await ctx.createUser("patient");
  const publicIds = async () =>
    (await ctx.call("GET", `/membershipOptions/doctor/${doctor.id}`, { token: patient.token })).body.result.map((o: Option) => o.planId);

  await t.step("settings list every active plan with the plan's terms until the doctor sets their own", async () => {
    const all = await settings();
    assert.equal(all.length, Object.keys(plans).length);
    const m = await mine();
    assert.deepEqual({ enabled: m.enabled, priceCents: m.priceCents, trialDays: m.trialDays }, { enabled: true, priceCents: 5900, trialDays: 0 });
  });

  await t.step("disable then enable for me: the doctor's public options follow, audited", async () => {
    const off = await ctx.call("PUT", `/membershipOptions/${monthly}/disable/for/me`, { token: doctor.token });
    assert.equal(off.status, 200, JSON.stringify(off.body));
    assert.equal(off.body.result.enabled, false);
    assert.equal((await mine()).enabled, false);
    assert.ok(!(await publicIds()).includes(monthly));
    const on = await ctx.call("PUT", `/membershipOptions/${monthly}/enable/for/me`, { token: doctor.token });
    assert.equal(on.body.result.enabled, true);
    assert.ok((await publicIds()).includes(monthly));
    const audit = await ctx.deps.audit.forSubject(doctor.id);
    assert.ok(audit.some((a) => a.details.what === "option.disable"));
    assert.ok(audit.some((a) => a.details.what === "option.enable"));
  });

  await t.step("trial days and prices within the rules (no members: the new price at once)", async () => {
    const res = await ctx.call("PUT", `/membershipOptions/${monthly}`, {
      token: doctor.token, body: { trialDays: 14, priceCents: 4900, initialPriceCents: 1500 },
    });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const m = await mine();
    assert.deepEqual(
      { trialDays: m.trialDays, priceCents: m.priceCents, initialPriceCents: m.initialPriceCents, previousPriceCents: m.previousPriceCents },
      { trialDays: 14, priceCents: 4900, initialPriceCents: 1500, previousPriceCents: null },
    );
    // null goes back to the plan's terms.
    await ctx.call("PUT", `/membershipOptions/${monthly}`, { token: doctor.token, body: { trialDays: null } });
    assert.equal((await mine()).trialDays, 0);
  });

  for (
    const [what, body, field] of [
      ["zero price", { priceCents: 0 }, "priceCents"],
      ["negative price", { priceCents: -5 }, "priceCents"],
      ["fractional cents", { priceCents: 10.5 }, "priceCents"],
      ["negative trial", { trialDays: -1 }, "trialDays"],
      ["trial past a year", { trialDays: 366 }, "trialDays"],
      ["negative initial price", { initialPriceCents: -1 }, "initialPriceCents"],
      ["a field the doctor may not set", { intervalCount: 2 }, "intervalCount"],
    ] as const
  ) {
    await t.step(`bad input (${what}): 400 naming ${field}, nothing changed`, async () => {
      const res = await ctx.call("PUT", `/membershipOptions/${monthly}`, { token: doctor.token, body });
      assert.equal(res.status, 400, JSON.stringify(res.body));
      assert.ok(res.body.details.fields[field], JSON.stringify(res.body.details.fields));
      const m = await mine();
      assert.deepEqual({ priceCents: m.priceCents, trialDays: m.trialDays, initialPriceCents: m.initialPriceCents }, {
        priceCents: 4900, trialDays: 0, initialPriceCents: 1500,
      });
    });
  }

  await t.step("another doctor's terms are their own; unknown or inactive plans are 404", async () => {
    const other = await ctx.doctorWithPlans();
    await ctx.call("PUT", `/membershipOptions/${monthly}`, { token: other.doctor.token, body: { priceCents: 9900 } });
    await ctx.call("PUT", `/membershipOptions/${monthly}/disable/for/me`, { token: other.doctor.token });
    assert.equal((await mine(monthly, other.doctor.token)).priceCents, 9900);
    const m = await mine();
    assert.deepEqual({ priceCents: m.priceCents, enabled: m.enabled }, { priceCents: 4900, enabled: true });

    const unknown = crypto.randomUUID();
    for (const path of [`/membershipOptions/${unknown}`, `/membershipOptions/${unknown}/enable/for/me`, `/membershipOptions/${unknown}/disable/for/me`]) {
      const res = await ctx.call("PUT", path, { token: doctor.token, body: { priceCents: 100 } });
      assert.equal(res.status, 404, path);
      assert.equal(res.body.message, "No such membership option!");
    }
    assert.equal((await ctx.call("PUT", "/membershipOptions/nope/enable/for/me", { token: doctor.token })).status, 400);
    const admin = await ctx.createUser("admin");
    await ctx.call("PUT", `/plans/deactivate/${plans["1-week access"]}`, { token: admin.token });
    assert.equal((await ctx.call("PUT", `/membershipOptions/${plans["1-week access"]}/enable/for/me`, { token: doctor.token })).status, 404);
    assert.ok(!(await settings()).some((o) => o.planId === plans["1-week access"]));
  });

  await t.step("only doctors have membership options (403 for the others)", async () => {
    for (const role of ["patient", "vma", "admin"] as const) {
      const u = await ctx.createUser(role);
      assert.equal((await ctx.call("GET", "/membershipOptions/settings/me", { token: u.token })).status, 403, role);
      assert.equal((await ctx.call("PUT", `/membershipOptions/${monthly}`, { token: u.token, body: { priceCents: 100 } })).status, 403, role);
      assert.equal((await ctx.call("PUT", `/membershipOptions/${monthly}/disable/for/me`, { token: u.token })).status, 403, role);
    }
    assert.equal((await mine()).priceCents, 4900);
  });
});
