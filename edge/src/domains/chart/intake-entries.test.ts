/**
 * A consultation's intake answers on the devices (chart_entries kind `intake`, issue 31): once the patient fills the
 * form in, the care team's devices and the patient's own hold it as `GET /consultations/intakeForm/{id}` answers it
 * (less `editable`), a later change reaches them, and nobody else holds it.
 */
import assert from "node:assert/strict";
import { apiTest } from "../../test/harness.ts";
import { createConsultationRow, createPractice, pullAll } from "../../test/sync-fixtures.ts";
import { chartEntrySchema, type ChartEntryDoc } from "../../../../sync/collections/index.ts";

apiTest("chart entries: a consultation's intake answers on the care team's and the patient's devices", async (t, ctx) => {
  const a = await createPractice(ctx);
  const b = await createPractice(ctx);
  const consultation = await createConsultationRow(ctx, { doctorId: a.doctor.id, patientId: a.patient.id });
  const intakes = async (token: string) =>
    ((await pullAll(ctx, token, "chart_entries", null)).docs as unknown[]).map((d) => chartEntrySchema.parse(d) as ChartEntryDoc)
      .filter((d) => d.id === consultation);

  await t.step("nothing before the form is filled in", async () => {
    assert.deepEqual(await intakes(a.doctor.token), []);
  });

  await t.step("filled in: the doctor, the VMA and the patient hold the API's answer; the other practice nothing", async () => {
    const res = await ctx.call("PUT", `/consultations/intakeForm/${consultation}`, {
      token: a.patient.token, body: { healthChanges: "Cough for a week", vitals: { bloodPressure: "130/85", pulse: 80 } },
    });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const { editable: _editable, ...answer } = res.body.result;
    for (const user of [a.doctor, a.vma, a.patient]) {
      const [doc] = await intakes(user.token);
      assert.equal(doc?.kind, "intake");
      assert.deepEqual(doc?.data, answer);
    }
    assert.deepEqual(await intakes(b.doctor.token), []);
  });

  await t.step("changed: the devices receive the new answers", async () => {
    await ctx.call("PUT", `/consultations/intakeForm/${consultation}`, { token: a.patient.token, body: { healthChanges: "Better now" } });
    const [doc] = await intakes(a.vma.token);
    assert.equal(doc.kind === "intake" && doc.data?.healthChanges, "Better now");
  });
});
