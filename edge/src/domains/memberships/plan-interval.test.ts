/** The patient's plan with a doctor, as the prescription maximums read it (02 §9), over real rows. */
import assert from "node:assert/strict";
import { apiTest } from "../../test/harness.ts";
import { currentPlanInterval, intervalKind } from "./plan-interval.ts";
import { prescriptionLimitsFor } from "../orders/plan-limits.ts";

apiTest("plan interval: a live membership's plan decides; none, ended or another doctor's is 'none'", async (t, ctx) => {
  const doctor = await ctx.createUser("doctor");
  const other = await ctx.createUser("doctor");
  const patient = await ctx.createUser("patient", { doctor_id: doctor.id });
  const plan = async (interval: string, count: number, category = "primary") => {
    const [row] = await ctx.sql<{ id: string }[]>`
      insert into plans (name, price_cents, interval, interval_count, category)
      values (${`${count} ${interval}`}, 5900, ${interval}, ${count}, ${category}) returning id`;
    return row.id;
  };
  const member = async (planId: string, status: string, doctorId = doctor.id) => {
    await ctx.sql`insert into memberships (patient_id, doctor_id, plan_id, subscription_id, status, amount_cents)
      values (${patient.id}, ${doctorId}, ${planId}, ${`sub_${crypto.randomUUID()}`}, ${status}, 5900)`;
  };

  await t.step("no membership: none, the strictest maximums", async () => {
    assert.equal(await currentPlanInterval(ctx.sql, patient.id, doctor.id), "none");
    assert.equal(prescriptionLimitsFor("none").maxDays, 30);
  });

  await t.step("an ended membership counts as none; another doctor's plan does not apply", async () => {
    await member(await plan("year", 1), "canceled");
    await member(await plan("year", 1), "active", other.id);
    assert.equal(await currentPlanInterval(ctx.sql, patient.id, doctor.id), "none");
  });

  await t.step("a live annual membership allows 90 days with 3 refills", async () => {
    await member(await plan("year", 1), "active");
    const kind = await currentPlanInterval(ctx.sql, patient.id, doctor.id);
    assert.equal(kind, "annual");
    const limits = prescriptionLimitsFor(kind);
    assert.equal(limits.maxDays, 90);
    assert.equal(limits.maxRefills, 3);
  });

  await t.step("the interval kinds of the fee table", () => {
    assert.equal(intervalKind({ interval: "month", interval_count: 1, category: "primary" }), "monthly");
    assert.equal(intervalKind({ interval: "month", interval_count: 3, category: "primary" }), "3-month");
    assert.equal(intervalKind({ interval: "year", interval_count: 1, category: "primary" }), "annual");
    assert.equal(intervalKind({ interval: "week", interval_count: 1, category: "one-time" }), "one-time");
  });
});
