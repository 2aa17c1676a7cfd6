/**
 * The panel on the care team's devices (sync collection `patients`, issue 31): every patient of the practice,
 * with the medical card; every write of a patient's profile or card reaches the care team's next pull from its
 * checkpoint; a patient moved to another doctor reaches the new care team and no longer the old one; a pull
 * is audited as a read of the patients' health data.
 */
import assert from "node:assert/strict";
import { apiTest } from "../../test/harness.ts";
import { createPractice, pullAll } from "../../test/sync-fixtures.ts";

type Panel = { id: string; firstName: string; lastName: string; doctorId: string | null; card: Record<string, unknown> | null };

apiTest("the panel: what the care team's devices hold of their patients", async (t, ctx) => {
  const a = await createPractice(ctx);
  const b = await createPractice(ctx);
  const admin = await ctx.createUser("admin");
  /** Everything the user's device would pull after `checkpoint` (from the start without one). */
  const pulled = async (token: string, checkpoint?: { updatedAt: number; id: string }) =>
    (await pullAll(ctx, token, "patients", checkpoint ?? null)).docs as unknown as Panel[];
  /** A checkpoint past everything written so far: what a device that is up to date holds. */
  const upToDate = async () => {
    const [{ seq }] = await ctx.sql<{ seq: string }[]>`select last_value::text as seq from sync_seq`;
    return { updatedAt: Number(seq), id: "ffffffff-ffff-4fff-bfff-ffffffffffff" };
  };

  await t.step("the doctor and their VMA hold their patient; the other practice, the patient and admins do not", async () => {
    for (const user of [a.doctor, a.vma]) {
      assert.deepEqual((await pulled(user.token)).map((p) => [p.id, p.doctorId, p.card]), [[a.patient.id, a.doctor.id, null]]);
    }
    for (const user of [b.doctor, b.vma]) assert.deepEqual((await pulled(user.token)).map((p) => p.id), [b.patient.id]);
    for (const user of [a.patient, admin]) assert.deepEqual(await pulled(user.token), []);
  });

  await t.step("a card record added by the care team reaches both devices after their checkpoint", async () => {
    const since = await upToDate();
    const res = await ctx.call("POST", `/patient/edit-record/${a.patient.id}`, {
      token: a.vma.token,
      body: { type: "allergies", record: { name: "Penicillin", reaction: "Rash", comment: "" } },
    });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    for (const user of [a.doctor, a.vma]) {
      const [doc] = await pulled(user.token, since);
      assert.equal(doc.id, a.patient.id);
      assert.deepEqual((doc.card!.allergies as { name: string }[]).map((r) => r.name), ["Penicillin"]);
    }
    assert.deepEqual(await pulled(b.doctor.token, since), []);
  });

  await t.step("the patient's own card and the care team's edit of the name reach the devices", async () => {
    let since = await upToDate();
    const card = {
      allergies: [{ name: "Latex", reaction: "Hives", comment: "" }],
      medications: [{ name: "Lisinopril", dose: "10 mg", frequency: "Once daily" }],
      socialHistory: { tobacco: "never", alcohol: "occasionally", drugs: "never" },
    };
    assert.equal((await ctx.call("PUT", "/patient/medicalCard", { token: a.patient.token, body: card })).status, 200);
    let [doc] = await pulled(a.doctor.token, since);
    assert.deepEqual((doc.card!.medications as { name: string }[]).map((r) => r.name), ["Lisinopril"]);

    since = await upToDate();
    const general = { firstName: "Patricia", lastName: "Moss", middleName: "", birthDate: "1980-07-02", gender: "Female" };
    assert.equal((await ctx.call("PUT", `/patient/edit/general/${a.patient.id}`, { token: a.doctor.token, body: general })).status, 200);
    [doc] = await pulled(a.vma.token, since);
    assert.deepEqual([doc.firstName, doc.lastName], ["Patricia", "Moss"]);
  });

  await t.step("a patient moved to the other doctor reaches that care team, and no longer this one", async () => {
    const since = await upToDate();
    const res = await ctx.call("POST", "/doctors/choose/admin", { token: admin.token, body: { doctorId: b.doctor.id, patientId: a.patient.id } });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    for (const user of [b.doctor, b.vma]) assert.deepEqual((await pulled(user.token, since)).map((p) => [p.id, p.doctorId]), [[a.patient.id, b.doctor.id]]);
    assert.deepEqual(await pulled(a.doctor.token, since), []);
    assert.deepEqual(await pulled(a.doctor.token), []);
  });

  await t.step("a pull is audited as a read of the patients' health data", async () => {
    const [row] = await ctx.sql<{ actor_id: string; details: { what: string; patientIds: string[] } }[]>`
      select actor_id, details from audit_log where event = 'chart.read' and details->>'what' = 'panel.pull' and actor_id = ${b.vma.id}
      order by id desc limit 1`;
    assert.ok(row, "no audit of the panel pull");
    assert.deepEqual(row.details.patientIds, [a.patient.id]);
  });
});
