import assert from "node:assert/strict";
import { apiTest } from "../../test/harness.ts";

apiTest("patients dropdown: a practice sees only its own patients", async (t, ctx) => {
  const doctor = await ctx.createUser("doctor");
  const otherDoctor = await ctx.createUser("doctor");
  const vma = await ctx.createUser("vma", { doctor_id: doctor.id });
  const mine = await ctx.createUser("patient", { doctor_id: doctor.id, first_name: "Mia", last_name: "Mine" });
  const theirs = await ctx.createUser("patient", { doctor_id: otherDoctor.id });
  const admin = await ctx.createUser("admin");
  const unapproved = await ctx.createUser("doctor", { application_status: "initial" });

  for (const [who, token] of [["doctor", doctor.token], ["vma", vma.token]] as const) {
    await t.step(`the ${who} lists the practice's patients`, async () => {
      const res = await ctx.call("GET", "/doctorPatients/list/dropdown", { token });
      assert.equal(res.status, 200);
      assert.deepEqual(res.body.result.list.map((p: { id: string }) => p.id), [mine.id]);
      assert.equal(res.body.result.totalCount, 1);
      assert.equal(JSON.stringify(res.body.result).includes(theirs.id), false);
    });
  }
  await t.step("search filters by name", async () => {
    const hit = await ctx.call("GET", "/doctorPatients/list/dropdown?search=mi", { token: doctor.token });
    assert.equal(hit.body.result.list.length, 1);
    const miss = await ctx.call("GET", "/doctorPatients/list/dropdown?search=zzz", { token: doctor.token });
    assert.equal(miss.body.result.list.length, 0);
  });
  await t.step("patients, admins and unapproved doctors may not call it", async () => {
    assert.equal((await ctx.call("GET", "/doctorPatients/list/dropdown", { token: mine.token })).status, 403);
    assert.equal((await ctx.call("GET", "/doctorPatients/list/dropdown", { token: admin.token })).status, 403);
    assert.equal((await ctx.call("GET", "/doctorPatients/list/dropdown", { token: unapproved.token })).status, 403);
    assert.equal((await ctx.call("GET", "/doctorPatients/list/dropdown")).status, 401);
  });
});
