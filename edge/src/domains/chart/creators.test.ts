/** `GET /doctors/encounter/creators?patientId=`: the doctors behind the patient's encounters, for the list's doctor filter. */
import assert from "node:assert/strict";
import { apiTest } from "../../test/harness.ts";
import { createChart, createPractices } from "./chart-fixtures.ts";

apiTest("encounter creators: who wrote the patient's encounters, seen like the encounters", async (t, ctx) => {
  const u = await createPractices(ctx);
  const chart = await createChart(ctx, u.doctor, u.patient.id);
  const path = `/doctors/encounter/creators?patientId=${u.patient.id}`;
  const get = (token?: string, p = path) => ctx.call("GET", p, { token });
  const [doctor] = await ctx.sql<{ first_name: string; last_name: string }[]>`select first_name, last_name from users where id = ${u.doctor.id}`;

  await t.step("the care team gets the doctor once, however many encounters they wrote", async () => {
    await ctx.call("POST", `/encounters/${u.patient.id}`, {
      token: u.doctor.token, body: { type: "phone", reason: "Follow-up", datetime: "2026-01-12T15:00:00Z" },
    });
    for (const who of [u.doctor, u.vma]) {
      const res = await get(who.token);
      assert.equal(res.status, 200);
      assert.deepEqual(res.body.result, [{ id: u.doctor.id, firstName: doctor.first_name, lastName: doctor.last_name }]);
    }
  });

  await t.step("the patient sees a creator only through an encounter shared with them", async () => {
    assert.deepEqual((await get(u.patient.token)).body.result, []);
    await ctx.call("POST", `/encounters/send/${chart.encounter.id}`, { token: u.doctor.token });
    assert.deepEqual((await get(u.patient.token)).body.result.map((d: { id: string }) => d.id), [u.doctor.id]);
  });

  await t.step("other practices get 404, admins 403, guests 401, a malformed id 400", async () => {
    for (const who of [u.otherDoctor, u.otherVma, u.otherPatient]) assert.equal((await get(who.token)).status, 404);
    assert.equal((await get(u.admin.token)).status, 403);
    assert.equal((await get()).status, 401);
    const bad = await get(u.doctor.token, "/doctors/encounter/creators?patientId=nope");
    assert.equal(bad.status, 400);
    assert.ok(Object.keys(bad.body.details.fields).includes("patientId"));
  });

  await t.step("the read is audited", async () => {
    const rows = await ctx.sql`select 1 from audit_log where subject_id = ${u.patient.id} and details->>'what' = 'encounter.creators'`;
    assert.ok(rows.length > 0);
  });
});
