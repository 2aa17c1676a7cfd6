/**
 * Admin plans (02 §3, §5): the rules with bad input (nothing changed), sorting,
 * activate / homepage flags, unknown plans, and who may call what.
 */
import assert from "node:assert/strict";
import { apiTest } from "../../test/harness.ts";

const good = {
  name: "Primary care — monthly",
  description: "Unlimited messages",
  priceCents: 5900,
  interval: "month",
  intervalCount: 1,
  trialDays: 7,
  welcomePackage: true,
};

apiTest("plans: admin rules", async (t, ctx) => {
  const admin = await ctx.createUser("admin");
  const create = (body: Record<string, unknown>, token = admin.token) => ctx.call("POST", "/plans", { token, body });
  const count = async () => Number((await ctx.sql<{ n: string }[]>`select count(*) as n from plans`)[0].n);

  let planId = "";
  await t.step("a good plan is created with every field, audited", async () => {
    const res = await create({ ...good, initialPriceCents: 1000, autoRenewable: false, loyalClientsOnly: true, availableClients: 40, category: "specialty" });
    assert.equal(res.status, 201, JSON.stringify(res.body));
    const p = res.body.result;
    planId = p.id;
    assert.equal(p.priceCents, 5900);
    assert.equal(p.initialPriceCents, 1000);
    assert.equal(p.trialDays, 7);
    assert.equal(p.autoRenewable, false);
    assert.equal(p.loyalClientsOnly, true);
    assert.equal(p.availableClients, 40);
    assert.equal(p.category, "specialty");
    assert.equal(p.welcomePackage, true);
    assert.equal(p.isActive, true);
    const audit = await ctx.deps.audit.forSubject(admin.id);
    assert.ok(audit.some((a) => a.details.what === "plan.create" && a.details.planId === planId));
  });

  const bad: [string, Record<string, unknown>, string][] = [
    ["zero price", { priceCents: 0 }, "priceCents"],
    ["negative price", { priceCents: -100 }, "priceCents"],
    ["fractional cents", { priceCents: 59.5 }, "priceCents"],
    ["366 days", { interval: "day", intervalCount: 366 }, "intervalCount"],
    ["53 weeks", { interval: "week", intervalCount: 53 }, "intervalCount"],
    ["13 months", { interval: "month", intervalCount: 13 }, "intervalCount"],
    ["2 years", { interval: "year", intervalCount: 2 }, "intervalCount"],
    ["zero interval count", { intervalCount: 0 }, "intervalCount"],
    ["unknown interval", { interval: "fortnight" }, "interval"],
    ["negative trial", { trialDays: -1 }, "trialDays"],
    ["no name", { name: "" }, "name"],
    ["an unknown field", { discount: 5 }, "discount"],
  ];
  for (const [what, patch, field] of bad) {
    await t.step(`bad input (${what}): 400 naming ${field}, nothing created or changed`, async () => {
      const before = await count();
      const res = await create({ ...good, ...patch });
      assert.equal(res.status, 400, JSON.stringify(res.body));
      assert.equal(res.body.details.reason, "VALIDATION_FAILED");
      assert.ok(res.body.details.fields[field], JSON.stringify(res.body.details.fields));
      assert.equal(await count(), before);
      const put = await ctx.call("PUT", `/plans/${planId}`, { token: admin.token, body: { ...good, ...patch } });
      assert.equal(put.status, 400);
      const [row] = await ctx.sql<{ price_cents: number; interval_count: number }[]>`select price_cents, interval_count from plans where id = ${planId}`;
      assert.deepEqual({ ...row }, { price_cents: 5900, interval_count: 1 });
    });
  }

  await t.step("the maximums themselves are allowed (365 days, 52 weeks, 12 months, 1 year)", async () => {
    for (const [interval, intervalCount] of [["day", 365], ["week", 52], ["month", 12], ["year", 1]] as const) {
      ctx.clock.advance(1000); // distinct creation times for "newest first"
      const res = await create({ ...good, name: `Max ${interval}`, interval, intervalCount });
      assert.equal(res.status, 201, JSON.stringify(res.body));
    }
  });

  await t.step("edit, then list sorted by a field (- descending), newest first by default", async () => {
    const res = await ctx.call("PUT", `/plans/${planId}`, { token: admin.token, body: { ...good, name: "Zeta care", priceCents: 100 } });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(res.body.result.priceCents, 100);
    const byPrice = (await ctx.call("GET", "/plans?sort=priceCents", { token: admin.token })).body.result.list;
    assert.equal(byPrice[0].id, planId);
    const byName = (await ctx.call("GET", "/plans?sort=-name", { token: admin.token })).body.result.list;
    assert.equal(byName[0].name, "Zeta care");
    const newest = (await ctx.call("GET", "/plans", { token: admin.token })).body.result.list;
    assert.equal(newest[0].name, "Max year");
    assert.equal((await ctx.call("GET", "/plans?sort=password", { token: admin.token })).status, 400);
  });

  await t.step("activate / deactivate and homepage flags; the public homepage list follows", async () => {
    const home = async () => (await ctx.call("GET", "/plans/home")).body.result.map((p: { id: string }) => p.id);
    assert.equal((await ctx.call("PUT", `/plans/${planId}/add-to-homepage`, { token: admin.token })).body.result.isHomepage, true);
    assert.ok((await home()).includes(planId));
    assert.equal((await ctx.call("PUT", `/plans/deactivate/${planId}`, { token: admin.token })).body.result.isActive, false);
    assert.ok(!(await home()).includes(planId));
    assert.equal((await ctx.call("PUT", `/plans/activate/${planId}`, { token: admin.token })).body.result.isActive, true);
    assert.equal((await ctx.call("PUT", `/plans/${planId}/remove-from-homepage`, { token: admin.token })).body.result.isHomepage, false);
    assert.ok(!(await home()).includes(planId));
  });

  await t.step("an unknown plan: 404 for every admin call; a malformed id: 400", async () => {
    const unknown = crypto.randomUUID();
    for (const path of [`/plans/activate/${unknown}`, `/plans/deactivate/${unknown}`, `/plans/${unknown}/add-to-homepage`, `/plans/${unknown}/remove-from-homepage`]) {
      assert.equal((await ctx.call("PUT", path, { token: admin.token })).status, 404, path);
    }
    assert.equal((await ctx.call("PUT", `/plans/${unknown}`, { token: admin.token, body: good })).status, 404);
    assert.equal((await ctx.call("PUT", "/plans/not-an-id", { token: admin.token, body: good })).status, 400);
  });

  await t.step("doctors, VMAs and patients may not manage plans (403), strangers 401; nothing changes", async () => {
    const before = await count();
    for (const role of ["doctor", "vma", "patient"] as const) {
      const u = await ctx.createUser(role);
      assert.equal((await create(good, u.token)).status, 403, role);
      assert.equal((await ctx.call("GET", "/plans", { token: u.token })).status, 403, role);
      assert.equal((await ctx.call("PUT", `/plans/${planId}`, { token: u.token, body: { ...good, priceCents: 1 } })).status, 403, role);
      assert.equal((await ctx.call("PUT", `/plans/deactivate/${planId}`, { token: u.token })).status, 403, role);
    }
    assert.equal((await ctx.call("POST", "/plans", { body: good })).status, 401);
    assert.equal(await count(), before);
    const [row] = await ctx.sql<{ price_cents: number; is_active: boolean }[]>`select price_cents, is_active from plans where id = ${planId}`;
    assert.deepEqual({ ...row }, { price_cents: 100, is_active: true });
  });
});
