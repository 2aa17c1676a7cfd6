/**
 * A membership makes a patient without a doctor one of the doctor's patients: the care team's devices then
 * receive what the patient had already put in their record (an upload), although it is older than their
 * checkpoint (issue 31: the assignment gave the patient a doctor without re-sending their rows).
 */
import assert from "node:assert/strict";
import { idempotencyKey, paymentsTest } from "../../test/payments-fixtures.ts";
import { pull } from "../../test/sync-fixtures.ts";

paymentsTest("memberships: the new care team receives the patient's earlier uploads", async (t, ctx) => {
  const { doctor, plans } = await ctx.doctorWithPlans();
  const patient = await ctx.createUser("patient", { doctor_id: null });
  const fileId = crypto.randomUUID();
  await ctx.sql`insert into medical_files (id, patient_id, folder, name, size, content_type, kind, uploaded_by, status, seq)
    values (${fileId}, ${patient.id}, 'PatientUploaded', 'old-labs.pdf', 10, 'application/pdf', 'pdf', ${patient.id}, 'uploaded',
      nextval('sync_seq'))`;

  await t.step("before: the doctor's device does not read the patient's file", async () => {
    const before = await pull(ctx, doctor.token, "medical_files");
    assert.equal(before.status, 200);
    assert.equal(before.body.result.documents.some((d: { id: string }) => d.id === fileId), false);
  });

  await t.step("after the membership: the doctor's next pull from their checkpoint brings it", async () => {
    // A doctor's device that has pulled everything it could read so far (its checkpoint is past the file's seq).
    const [{ seq }] = await ctx.sql<{ seq: string }[]>`select last_value::text as seq from sync_seq`;
    const checkpoint = { updatedAt: Number(seq), id: "ffffffff-ffff-4fff-bfff-ffffffffffff" };
    const res = await ctx.call("POST", "/payments/stripe/subscribe", {
      token: patient.token,
      body: { doctorId: doctor.id, planId: plans["Primary care — monthly"], idempotencyKey: idempotencyKey(), paymentMethodId: "pm_card_visa" },
    });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const [u] = await ctx.sql<{ doctor_id: string }[]>`select doctor_id from users where id = ${patient.id}`;
    assert.equal(u.doctor_id, doctor.id);
    const after = await pull(ctx, doctor.token, "medical_files", checkpoint);
    assert.equal(after.status, 200);
    assert.deepEqual(after.body.result.documents.map((d: { id: string }) => d.id), [fileId]);
  });
});
