/** Health data written by sync pushes is audited as the chart's writes: medical files and note drafts. */
import assert from "node:assert/strict";
import { apiTest } from "../../test/harness.ts";
import { create, createPractice, edit, newDraft, newFile, pullAll, push } from "../../test/sync-fixtures.ts";

apiTest("sync pushes of health data are audited", async (t, ctx) => {
  const { patient, doctor } = await createPractice(ctx);
  const other = await createPractice(ctx);
  /** The chart writes of the patient, as `who what` lines. */
  const writes = async (patientId = patient.id) =>
    (await ctx.deps.audit.forSubject(patientId)).filter((a) => a.event === "chart.write")
      .map((a) => `${a.actor_id === doctor.id ? "doctor" : a.actor_id === patient.id ? "patient" : a.actor_id} ${a.details.what}`);
  /** The document just pushed, as its pusher pulls it (the master an edit names). */
  const pushed = async (token: string, collection: string, doc: { id: string }) => {
    const [{ seq }] = await ctx.sql`select coalesce(max(seq), 0)::int as seq from ${ctx.sql(collection)}`;
    assert.equal((await push(ctx, token, collection, [create(doc)])).status, 200);
    const { docs } = await pullAll(ctx, token, collection, { updatedAt: seq, id: "ffffffff-ffff-ffff-ffff-ffffffffffff" });
    return docs.find((d) => d.id === doc.id);
  };

  await t.step("a note draft's creation, edits (naming the fields, not their content) and deletion", async () => {
    const draft = await pushed(doctor.token, "note_drafts", newDraft(patient.id, doctor.id, { plan: "Rest" }));
    assert.deepEqual(await writes(), ["doctor noteDraft.create"]);
    const res = await push(ctx, doctor.token, "note_drafts", [edit(draft, { title: "Follow-up", fields: { plan: "Rest; fluids" } })]);
    assert.deepEqual(res.body.result, []);
    const [edited] = (await ctx.deps.audit.forSubject(patient.id)).slice(-1);
    assert.equal(edited.details.what, "noteDraft.edit");
    assert.deepEqual([...(edited.details.fields as string[])].filter((f) => f !== "updatedBy").sort(), ["fields", "title"]);
    assert.ok(!JSON.stringify(edited.details).includes("fluids"), "no content in the audit log");
    const [current] = (await pullAll(ctx, doctor.token, "note_drafts")).docs.filter((d) => d.id === draft.id);
    await push(ctx, doctor.token, "note_drafts", [edit(current, { _deleted: true })]);
    assert.deepEqual(await writes(), ["doctor noteDraft.create", "doctor noteDraft.edit", "doctor noteDraft.delete"]);
  });

  await t.step("a medical file's creation, rename and move (one entry each) and deletion; a refused change is not", async () => {
    const before = (await writes()).length;
    const file = await pushed(patient.token, "medical_files", newFile(patient.id, patient.id));
    // The patient may not move their file out of PatientUploaded: refused, nothing written, nothing audited.
    const refused = await push(ctx, patient.token, "medical_files", [edit(file, { folder: "Labs" })]);
    assert.equal(refused.body.result.length, 1);
    await push(ctx, doctor.token, "medical_files", [edit(file, { folder: "Labs", name: "Labs May.pdf" })]);
    const [current] = (await pullAll(ctx, doctor.token, "medical_files")).docs.filter((d) => d.id === file.id);
    await push(ctx, doctor.token, "medical_files", [edit(current, { _deleted: true })]);
    // Brought back (an API client may; the PWA does not): a restore, not another deletion.
    const [deleted] = (await pullAll(ctx, doctor.token, "medical_files")).docs.filter((d) => d.id === file.id);
    await push(ctx, doctor.token, "medical_files", [edit(deleted, { _deleted: false })]);
    assert.deepEqual((await writes()).slice(before), [
      "patient medicalFile.add", "doctor medicalFile.move", "doctor medicalFile.rename", "doctor medicalFile.delete",
      "doctor medicalFile.restore",
    ]);
  });

  await t.step("through the REST calls (which push): one entry per change, not two", async () => {
    const file = await pushed(patient.token, "medical_files", newFile(patient.id, patient.id, { name: "card.pdf" }));
    const before = (await writes()).length;
    const res = await ctx.call("PUT", `/medicalFiles/${file.id}/rename`, { token: patient.token, body: { newName: "Insurance card.pdf" } });
    assert.equal(res.status, 200);
    assert.deepEqual((await writes()).slice(before), ["patient medicalFile.rename"]);
  });

  await t.step("another practice's patient has no entry of these writes", async () => {
    assert.deepEqual(await writes(other.patient.id), []);
  });
});
