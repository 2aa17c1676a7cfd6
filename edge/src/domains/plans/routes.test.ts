/** A doctor's membership options as the public profile shows them (guests included). */
import assert from "node:assert/strict";
import { paymentsTest } from "../../test/payments-fixtures.ts";

paymentsTest("plans: a doctor's membership options are public, enabled ones only", async (t, ctx) => {
  const { doctor, plans } = await ctx.doctorWithPlans();
  await ctx.sql`update membership_options set enabled = false where doctor_id = ${doctor.id} and plan_id = ${plans["1-week access"]}`;

  await t.step("a guest and a patient see the same enabled options with their prices", async () => {
    const guest = await ctx.call("GET", `/membershipOptions/doctor/${doctor.id}`);
    assert.equal(guest.status, 200, JSON.stringify(guest.body));
    const names = guest.body.result.map((o: { name: string }) => o.name);
    assert.ok(names.includes("Primary care — 3 months"));
    assert.ok(!names.includes("1-week access"), "a disabled option is not offered");
    const quarter = guest.body.result.find((o: { name: string }) => o.name === "Primary care — 3 months");
    assert.equal(quarter.priceCents, 14700);
    assert.equal(quarter.interval, "month");
    assert.equal(quarter.intervalCount, 3);
    assert.equal(quarter.welcomePackage, true);
    const patient = await ctx.createUser("patient");
    const signedIn = await ctx.call("GET", `/membershipOptions/doctor/${doctor.id}`, { token: patient.token });
    assert.deepEqual(signedIn.body.result, guest.body.result);
  });

  await t.step("not a listed doctor: 404, for guests too", async () => {
    const patient = await ctx.createUser("patient");
    assert.equal((await ctx.call("GET", `/membershipOptions/doctor/${patient.id}`)).status, 404);
    assert.equal((await ctx.call("GET", `/membershipOptions/doctor/${crypto.randomUUID()}`)).status, 404);
    assert.equal((await ctx.call("GET", "/membershipOptions/doctor/not-an-id")).status, 400);
  });
});
