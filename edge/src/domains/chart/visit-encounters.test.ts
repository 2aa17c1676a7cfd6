/**
 * One documented visit per consultation (issue 32): an encounter created with `consultationId` is linked to its
 * consultation (the synced `encounterId` devices read), a second is refused with the first's id, another doctor's
 * or an undocumentable consultation is refused, and deleting the encounter frees the visit again.
 */
import assert from "node:assert/strict";
import { apiTest } from "../../test/harness.ts";
import { createPractices } from "./chart-fixtures.ts";

apiTest("a visit's encounter is linked to its consultation, once", async (t, ctx) => {
  const u = await createPractices(ctx);
  let day = 5;
  const consultation = async (doctorId: string, patientId: string, status: string) => {
    const start = `2026-01-${String(day++).padStart(2, "0")}T10:00:00Z`;
    const [row] = await ctx.sql<{ id: string }[]>`
      insert into consultations (id, doctor_id, patient_id, type, status, start_at, end_at, reason, seq)
      values (gen_random_uuid(), ${doctorId}, ${patientId}, 'video', ${status}, ${start}, ${start}::timestamptz + interval '30 minutes',
        'Sore throat', nextval('sync_seq')) returning id`;
    return row.id;
  };
  const linked = async (id: string) =>
    (await ctx.sql<{ encounter_id: string | null; seq: string }[]>`select encounter_id, seq from consultations where id = ${id}`)[0];
  const create = (token: string, patientId: string, consultationId: string) =>
    ctx.call("POST", `/encounters/${patientId}`, {
      token,
      body: { type: "video", reason: "Sore throat", datetime: "2026-01-05T10:00:00Z", consultationId },
    });

  const visit = await consultation(u.doctor.id, u.patient.id, "finished");
  let encounterId = "";

  await t.step("documented: the encounter names the consultation and the consultation (a new seq) the encounter", async () => {
    const before = await linked(visit);
    const res = await create(u.doctor.token, u.patient.id, visit);
    assert.equal(res.status, 201);
    encounterId = res.body.result.id;
    assert.equal(res.body.result.consultationId, visit);
    const after = await linked(visit);
    assert.equal(after.encounter_id, encounterId);
    assert.ok(BigInt(after.seq) > BigInt(before.seq), "devices hear of the link");
    const seen = await ctx.call("GET", `/consultations/${visit}`, { token: u.patient.token });
    assert.equal(seen.body.result.encounterId, encounterId);
  });

  await t.step("a second encounter for the same visit is refused with the first's id; nothing is added", async () => {
    const res = await create(u.doctor.token, u.patient.id, visit);
    assert.equal(res.status, 409);
    assert.deepEqual([res.body.details.reason, res.body.details.encounterId], ["ALREADY_DOCUMENTED", encounterId]);
    const [{ n }] = await ctx.sql`select count(*)::int as n from encounters where consultation_id = ${visit}`;
    assert.equal(n, 1);
  });

  await t.step("another doctor's visit is not found; a visit still requested cannot be documented", async () => {
    const theirs = await consultation(u.otherDoctor.id, u.otherPatient.id, "finished");
    assert.equal((await create(u.doctor.token, u.patient.id, theirs)).status, 404);
    const requested = await consultation(u.doctor.id, u.patient.id, "requested");
    const res = await create(u.doctor.token, u.patient.id, requested);
    assert.deepEqual([res.status, res.body.details.reason], [409, "NOT_DOCUMENTABLE"]);
    assert.equal((await linked(requested)).encounter_id, null);
  });

  await t.step("deleting the encounter frees the visit: it can be documented again", async () => {
    assert.equal((await ctx.call("DELETE", `/encounters/${encounterId}`, { token: u.doctor.token })).status, 200);
    assert.equal((await linked(visit)).encounter_id, null);
    assert.equal((await create(u.doctor.token, u.patient.id, visit)).status, 201);
  });
});
