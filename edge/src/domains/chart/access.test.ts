/**
 * "A cannot see B", for every role over patients, encounters, notes,
 * diagnoses, problems and vitals: the care team of the patient's doctor sees
 * everything; the patient sees only what is shared, read-only; everyone else
 * gets 404 (other practices, other patients) or 403/401 (admins, guests).
 */
import assert from "node:assert/strict";
import { apiTest } from "../../test/harness.ts";
import { createChart, createPractices } from "./chart-fixtures.ts";

apiTest("chart access: who sees which chart", async (t, ctx) => {
  const u = await createPractices(ctx);
  const chart = await createChart(ctx, u.doctor, u.patient.id);
  const { encounter: e, note, diagnosis: dx, problem } = chart;
  // A second, unshared encounter the patient must not see at all.
  const hidden = (await ctx.call("POST", `/encounters/${u.patient.id}`, {
    token: u.doctor.token, body: { type: "phone", reason: "Private", datetime: "2026-01-11T15:00:00Z" },
  })).body.result;

  const reads: [string, string][] = [
    ["patient", `/patient/${u.patient.id}`],
    ["encounters", `/encounters/${u.patient.id}/list`],
    ["encounter", `/encounters/${e.id}`],
    ["encounter dropdown", `/encounters/dropdown/${u.patient.id}`],
    ["notes", `/encounterNotes/${e.id}/list`],
    ["problems", `/problems/patient/${u.patient.id}`],
    ["vitals", `/vitals/patient/${u.patient.id}`],
  ];
  const readStatus = (path: string) => async (token?: string) => (await ctx.call("GET", path, { token })).status;
  const diagnosesStatus = async (token?: string) => (await ctx.call("POST", `/diagnoses/list/${e.id}`, { token, body: {} })).status;

  await t.step("the doctor and the doctor's VMA read everything of their patient", async () => {
    for (const who of [u.doctor, u.vma]) {
      for (const [what, path] of reads) assert.equal(await readStatus(path)(who.token), 200, what);
      assert.equal(await diagnosesStatus(who.token), 200);
    }
    const notes = await ctx.call("GET", `/encounterNotes/${e.id}/list`, { token: u.vma.token });
    assert.equal(notes.body.result.totalCount, 1);
  });

  await t.step("another doctor, another VMA and another patient get 404 for everything", async () => {
    for (const who of [u.otherDoctor, u.otherVma, u.otherPatient]) {
      for (const [what, path] of reads) assert.equal(await readStatus(path)(who.token), 404, `${what}`);
      assert.equal(await diagnosesStatus(who.token), 404);
    }
  });

  await t.step("admins get 403, guests 401", async () => {
    for (const [what, path] of reads) {
      assert.equal(await readStatus(path)(u.admin.token), 403, what);
      assert.equal(await readStatus(path)(undefined), 401, what);
    }
    assert.equal(await diagnosesStatus(u.admin.token), 403);
  });

  await t.step("the patient sees nothing unshared: the encounter is 404 and lists are empty", async () => {
    const tok = u.patient.token;
    assert.equal(await readStatus(`/encounters/${e.id}`)(tok), 404);
    assert.equal(await readStatus(`/encounterNotes/${e.id}/list`)(tok), 404);
    assert.equal((await ctx.call("GET", `/encounters/${u.patient.id}/list`, { token: tok })).body.result.totalCount, 0);
    assert.deepEqual((await ctx.call("GET", `/problems/patient/${u.patient.id}`, { token: tok })).body.result, []);
    assert.deepEqual((await ctx.call("GET", `/vitals/patient/${u.patient.id}`, { token: tok })).body.result, []);
  });

  await t.step("after sharing, the patient sees exactly what was shared", async () => {
    const doc = u.doctor.token;
    assert.equal((await ctx.call("PUT", `/encounterNotes/share/${note.id}`, { token: doc })).status, 200);
    assert.equal((await ctx.call("PUT", `/problems/${problem.id}/share`, { token: doc })).status, 200);
    const tok = u.patient.token;
    const list = (await ctx.call("GET", `/encounters/${u.patient.id}/list`, { token: tok })).body.result;
    assert.deepEqual(list.list.map((x: { id: string }) => x.id), [e.id]);
    assert.equal(list.list[0].details, "");
    assert.equal(await readStatus(`/encounters/${hidden.id}`)(tok), 404);
    const notes = (await ctx.call("GET", `/encounterNotes/${e.id}/list`, { token: tok })).body.result;
    assert.deepEqual(notes.list.map((n: { id: string }) => n.id), [note.id]);
    // The diagnosis is not shared yet; vitals come with a sent encounter only.
    assert.equal((await ctx.call("POST", `/diagnoses/list/${e.id}`, { token: tok, body: {} })).body.result.totalCount, 0);
    assert.deepEqual((await ctx.call("GET", `/vitals/patient/${u.patient.id}`, { token: tok })).body.result, []);
    assert.equal((await ctx.call("GET", `/problems/patient/${u.patient.id}`, { token: tok })).body.result.length, 1);
    // Unsharing takes it away again.
    await ctx.call("PUT", `/problems/${problem.id}/unshare`, { token: doc });
    assert.equal((await ctx.call("GET", `/problems/patient/${u.patient.id}`, { token: tok })).body.result.length, 0);
  });

  await t.step("send-all shares the encounter, its notes and diagnoses, notifies the patient; vitals follow", async () => {
    assert.equal((await ctx.call("POST", `/encounters/send-all/${e.id}`, { token: u.vma.token })).status, 403);
    const res = await ctx.call("POST", `/encounters/send-all/${e.id}`, { token: u.doctor.token });
    assert.equal(res.status, 200);
    assert.equal(res.body.result.isShared, true);
    const tok = u.patient.token;
    assert.equal((await ctx.call("POST", `/diagnoses/list/${e.id}`, { token: tok, body: {} })).body.result.totalCount, 1);
    assert.equal((await ctx.call("GET", `/vitals/patient/${u.patient.id}`, { token: tok })).body.result.length, 1);
    assert.equal((await ctx.call("GET", `/encounters/${e.id}`, { token: tok })).status, 200);
    const [n] = await ctx.sql`select kind, payload from site_notifications where user_id = ${u.patient.id}`;
    assert.deepEqual([n.kind, n.payload.encounterId], ["encounter.shared", e.id]);
  });

  await t.step("the patient may not write anything, even to their own chart", async () => {
    const tok = u.patient.token;
    const writes: [string, string, unknown][] = [
      ["POST", `/encounters/${u.patient.id}`, { type: "video", reason: "x", datetime: "2026-01-10T15:00:00Z" }],
      ["PUT", `/encounters/${e.id}`, { reason: "x" }],
      ["DELETE", `/encounters/${e.id}`, undefined],
      ["POST", `/encounterNotes/${e.id}`, { noteTypeId: chart.noteType.id }],
      ["PUT", `/encounterNotes/edit/${note.id}`, { fields: {} }],
      ["PUT", `/encounterNotes/unshare/${note.id}`, undefined],
      ["DELETE", `/encounterNotes/${note.id}`, undefined],
      ["POST", `/diagnoses/create/${e.id}`, { code: "I10" }],
      ["PUT", `/diagnoses/unshare/${dx.id}`, undefined],
      ["POST", `/problems/patient/${u.patient.id}`, { name: "x" }],
      ["POST", `/vitals/patient/${u.patient.id}`, { heartRate: 70 }],
      ["POST", `/patient/edit-record/${u.patient.id}`, { type: "medications", record: { name: "x" } }],
      ["PUT", `/patient/edit/general/${u.patient.id}`, { firstName: "A", lastName: "B", birthDate: "1980-01-01", gender: "Male" }],
    ];
    for (const [m, p, body] of writes) {
      assert.equal((await ctx.call(m, p, { token: tok, body })).status, 403, `${m} ${p}`);
      assert.equal((await ctx.call(m, p, { token: u.admin.token, body })).status, 403, `admin ${m} ${p}`);
      assert.equal((await ctx.call(m, p, { body })).status, 401, `guest ${m} ${p}`);
      // Another practice's writes: not found, never revealing the record.
      assert.equal((await ctx.call(m, p, { token: u.otherDoctor.token, body })).status, 404, `other doctor ${m} ${p}`);
      assert.equal((await ctx.call(m, p, { token: u.otherVma.token, body })).status === 404 ||
        (await ctx.call(m, p, { token: u.otherVma.token, body })).status === 403, true, `other VMA ${m} ${p}`);
    }
  });

  await t.step("the VMA prepares notes, problems, vitals and records; the doctor alone creates encounters, diagnoses, shares and deletes", async () => {
    const v = u.vma.token;
    assert.equal((await ctx.call("POST", `/encounterNotes/${hidden.id}`, { token: v, body: { noteTypeId: chart.noteType.id, fields: { Plan: "Rest" } } })).status, 201);
    assert.equal((await ctx.call("POST", `/problems/patient/${u.patient.id}`, { token: v, body: { name: "Migraine" } })).status, 201);
    assert.equal((await ctx.call("POST", `/vitals/patient/${u.patient.id}`, { token: v, body: { heartRate: 70 } })).status, 201);
    assert.equal((await ctx.call("POST", `/patient/edit-record/${u.patient.id}`, { token: v, body: { type: "medications", record: { name: "Ibuprofen" } } })).status, 200);
    for (const [m, p, body] of [
      ["POST", `/encounters/${u.patient.id}`, { type: "video", reason: "x", datetime: "2026-01-10T15:00:00Z" }],
      ["PUT", `/encounters/${e.id}`, { reason: "x" }],
      ["DELETE", `/encounters/${e.id}`, undefined],
      ["POST", `/diagnoses/create/${e.id}`, { code: "I10" }],
      ["PUT", `/encounterNotes/unshare/${note.id}`, undefined],
      // A shared note is the doctor's to change.
      ["PUT", `/encounterNotes/edit/${note.id}`, { fields: { Plan: "x" } }],
      ["DELETE", `/encounterNotes/${note.id}`, undefined],
      ["DELETE", `/problems/${problem.id}`, undefined],
      ["DELETE", `/patient/${u.patient.id}`, undefined],
      ["POST", "/noteTypes", { name: "x", fieldNames: ["a"] }],
    ] as [string, string, unknown][]) {
      assert.equal((await ctx.call(m, p, { token: v, body })).status, 403, `${m} ${p}`);
    }
  });

  await t.step("the practice's patient list holds only its own patients", async () => {
    for (const who of [u.doctor, u.vma]) {
      const res = await ctx.call("POST", "/doctorPatients/list", { token: who.token, body: {} });
      assert.deepEqual(res.body.result.list.map((p: { id: string }) => p.id), [u.patient.id]);
    }
    assert.equal((await ctx.call("POST", "/doctorPatients/list", { token: u.patient.token, body: {} })).status, 403);
    assert.equal((await ctx.call("POST", "/doctorPatients/list", { token: u.admin.token, body: {} })).status, 403);
  });

  await t.step("a detached patient leaves the practice: 404 for its team, the rows stay", async () => {
    const res = await ctx.call("DELETE", `/patient/${u.patient.id}`, { token: u.doctor.token });
    assert.equal(res.status, 200);
    assert.equal(await readStatus(`/encounters/${e.id}`)(u.doctor.token), 404);
    assert.equal(await readStatus(`/patient/${u.patient.id}`)(u.vma.token), 404);
    const [{ n }] = await ctx.sql`select count(*)::int as n from encounters where patient_id = ${u.patient.id} and deleted_at is null`;
    assert.equal(n, 2);
  });
});
