/**
 * The chart's entries on the care team's devices (sync collection `chart_entries`, issue 31): each entry's data
 * is what the chart API answers; every write through the API reaches the devices' next pull from their checkpoint
 * (and a write made another way, at the latest on the next pull); a deleted encounter takes its diagnoses with
 * it; the other practice, the patient and admins hold nothing; a patient moved to another doctor reaches that
 * care team; a pull is audited; a visit recorded on a device offline (an encounter, its diagnosis, vitals) is created
 * under the chart API's rules, once, and refused where the API would refuse.
 */
import assert from "node:assert/strict";
import { apiTest } from "../../test/harness.ts";
import { create, createPractice, pullAll, push } from "../../test/sync-fixtures.ts";
import { chartEntrySchema, type ChartEntryDoc, type ChartEntryOf } from "../../../../sync/collections/index.ts";
import { createSyncFanout } from "../sync/live.ts";

apiTest("chart entries: what the care team's devices hold of their patients' charts", async (t, ctx) => {
  const a = await createPractice(ctx);
  const b = await createPractice(ctx);
  const admin = await ctx.createUser("admin");
  const pulled = async (token: string, checkpoint?: { updatedAt: number; id: string }) => {
    const docs = (await pullAll(ctx, token, "chart_entries", checkpoint ?? null)).docs as unknown[];
    // Every document is valid for the device (it skips an invalid one).
    return docs.map((d) => chartEntrySchema.parse(d)) as ChartEntryDoc[];
  };
  const upToDate = async () => {
    const [{ seq }] = await ctx.sql<{ seq: string }[]>`select (case when is_called then last_value else 0 end)::text as seq from sync_seq`;
    return { updatedAt: Number(seq), id: "ffffffff-ffff-4fff-bfff-ffffffffffff" };
  };
  const ok = async (method: string, path: string, token: string, body?: unknown) => {
    const res = await ctx.call(method, path, { token, body });
    assert.ok(res.status === 200 || res.status === 201, `${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.result;
  };

  let encounterId = "";
  let since = await upToDate();

  await t.step("an encounter, its diagnosis, a problem and vitals reach both devices exactly as the API answers them", async () => {
    const encounter = await ok("POST", `/encounters/${a.patient.id}`, a.doctor.token,
      { type: "office", reason: "Cough", datetime: "2026-11-20T09:30:00.000Z", details: "Dry cough for a week" });
    encounterId = encounter.id;
    await ok("POST", `/diagnoses/create/${encounterId}`, a.doctor.token, { code: "J20.9", comment: "Likely viral" });
    await ok("POST", `/problems/patient/${a.patient.id}`, a.vma.token, { name: "Asthma", code: "J45.909", onset: "2015" });
    await ok("POST", `/vitals/patient/${a.patient.id}`, a.vma.token,
      { encounterId, bloodPressure: "128/82", heartRate: 72, weight: 180.5, height: 70, temperature: 98.6 });

    const api = {
      encounter: [await ok("GET", `/encounters/${encounterId}`, a.doctor.token)],
      diagnosis: (await ok("POST", `/diagnoses/list/${encounterId}`, a.doctor.token, {})).list,
      problem: await ok("GET", `/problems/patient/${a.patient.id}`, a.doctor.token),
      vitals: await ok("GET", `/vitals/patient/${a.patient.id}`, a.doctor.token),
    };
    for (const user of [a.doctor, a.vma]) {
      const docs = await pulled(user.token, since);
      for (const kind of ["encounter", "diagnosis", "problem", "vitals"] as const) {
        const mine = docs.filter((d) => d.kind === kind);
        assert.equal(mine.length, 1, `${kind}: ${mine.length}`);
        const [doc] = mine;
        assert.equal(doc.patientId, a.patient.id);
        assert.equal(doc._deleted, false);
        const answer = (api[kind] as { id: string }[]).find((x) => x.id === doc.id);
        // The encounter's answer carries more (notes, vitals…); the entry holds the encounter's own fields.
        const expected = kind === "encounter" ? Object.fromEntries(Object.keys(doc.data!).map((k) => [k, (answer as Record<string, unknown>)[k]])) : answer;
        assert.deepEqual(doc.data, expected, kind);
        assert.equal(doc.encounterId, kind === "diagnosis" || kind === "vitals" ? encounterId : null, kind);
      }
    }
  });

  await t.step("the other practice and admins hold none of it; the patient only bare tombstones of what is not shared", async () => {
    for (const user of [b.doctor, b.vma, admin]) assert.deepEqual(await pulled(user.token), []);
    const mine = await pulled(a.patient.token);
    assert.equal(mine.length, 4);
    // Hidden: no data, and neither the kind nor the encounter told.
    assert.ok(mine.every((d) => d._deleted && d.data === null && d.kind === "encounter" && d.encounterId === null), JSON.stringify(mine));
  });

  await t.step("the patient's view: what is shared with them, as the chart API shows them, and it leaves when unshared", async () => {
    const byId = async () => new Map((await pulled(a.patient.token)).map((d) => [d.id, d]));
    // A shared diagnosis shows its encounter (its details not yet: the visit is not sent) and itself.
    const [diagnosis] = (await ok("POST", `/diagnoses/list/${encounterId}`, a.doctor.token, {})).list;
    await ok("PUT", `/diagnoses/share/${diagnosis.id}`, a.doctor.token);
    let docs = await byId();
    const encounter = docs.get(encounterId)!;
    assert.equal(encounter._deleted, false);
    assert.deepEqual(encounter.kind === "encounter" && [encounter.data?.reason, encounter.data?.details], ["Cough", ""]);
    const answer = await ok("GET", `/encounters/${encounterId}`, a.patient.token);
    assert.equal(answer.details, "");
    assert.deepEqual(docs.get(diagnosis.id)?.data, (await ok("POST", `/diagnoses/list/${encounterId}`, a.patient.token, {})).list[0]);
    // Vitals only once the visit is sent; then the details too.
    const vitals = [...docs.values()].filter((d) => d.id !== encounterId && d.id !== diagnosis.id && !d._deleted);
    assert.deepEqual(vitals, []);
    await ok("POST", `/encounters/send/${encounterId}`, a.doctor.token);
    docs = await byId();
    const sent = docs.get(encounterId)!;
    assert.equal(sent.kind === "encounter" && sent.data?.details, "Dry cough for a week");
    const readings = [...docs.values()].filter((d) => d.kind === "vitals" && !d._deleted);
    assert.deepEqual(readings.map((d) => d.data), await ok("GET", `/vitals/patient/${a.patient.id}`, a.patient.token));
    // Unshared: it leaves the patient's device (a tombstone after their checkpoint).
    since = await upToDate();
    await ok("PUT", `/diagnoses/unshare/${diagnosis.id}`, a.doctor.token);
    const after = await pulled(a.patient.token, since);
    assert.ok(after.some((d) => d.id === diagnosis.id && d._deleted && d.data === null), JSON.stringify(after));
    // The live fan-out of that change: the patient's view to the patient, the entry itself to the care team.
    const live = await createSyncFanout({ sql: ctx.sql })(
      { collection: "chart_entries", from: since.updatedAt + 1, to: (await upToDate()).updatedAt },
      new Set([a.patient.id, a.doctor.id]),
    );
    const told = (userId: string) => live.get(userId)?.documents.find((d) => d.id === diagnosis.id) as ChartEntryDoc | undefined;
    assert.deepEqual([told(a.patient.id)?._deleted, told(a.patient.id)?.data], [true, null]);
    assert.deepEqual([told(a.doctor.id)?._deleted, told(a.doctor.id)?.kind], [false, "diagnosis"]);
  });

  await t.step("a note shared with the patient travels in their view of its encounter, as the notes list answers it", async () => {
    const type = await ok("POST", "/noteTypes", a.doctor.token, { name: "SOAP", fieldNames: ["Subjective", "Plan"] });
    const note = await ok("POST", `/encounterNotes/${encounterId}`, a.doctor.token, { noteTypeId: type.id, fields: { Subjective: "Dry cough" } });
    const hidden = await ok("POST", `/encounterNotes/${encounterId}`, a.doctor.token, { noteTypeId: type.id, fields: { Plan: "Not for the patient" } });
    const encounterOf = async (token: string, from?: { updatedAt: number; id: string }) =>
      (await pulled(token, from)).find((d) => d.id === encounterId) as ChartEntryOf<"encounter"> | undefined;
    assert.deepEqual((await encounterOf(a.patient.token))?.data?.sharedNotes, []);
    since = await upToDate();
    await ok("PUT", `/encounterNotes/share/${note.id}`, a.doctor.token);
    const listed = (await ok("GET", `/encounterNotes/${encounterId}/list`, a.patient.token)).list as Record<string, unknown>[];
    const shared = (await encounterOf(a.patient.token, since))?.data?.sharedNotes;
    assert.deepEqual(shared, listed.map((n) => ({ id: n.id, noteTypeName: n.noteTypeName, fieldNames: n.fieldNames, fields: n.fields, createdAt: n.createdAt })));
    assert.deepEqual(shared?.map((n) => n.fields.Subjective), ["Dry cough"]);
    // The care team's view carries none (their devices hold the notes themselves); the other note stays unseen.
    assert.equal((await encounterOf(a.doctor.token))?.data?.sharedNotes, undefined);
    assert.ok(!JSON.stringify(await pulled(a.patient.token)).includes("Not for the patient"));
    // Its text changed: sent again. Unshared: gone from the patient's copy.
    since = await upToDate();
    await ok("PUT", `/encounterNotes/edit/${note.id}`, a.doctor.token, { fields: { Subjective: "Dry cough, better" } });
    assert.deepEqual((await encounterOf(a.patient.token, since))?.data?.sharedNotes?.map((n) => n.fields.Subjective), ["Dry cough, better"]);
    since = await upToDate();
    await ok("PUT", `/encounterNotes/unshare/${note.id}`, a.doctor.token);
    assert.deepEqual((await encounterOf(a.patient.token, since))?.data?.sharedNotes, []);
    await ok("DELETE", `/encounterNotes/${hidden.id}`, a.doctor.token);
  });

  await t.step("an edit reaches the devices after their checkpoint; a deleted encounter takes its diagnosis", async () => {
    since = await upToDate();
    await ok("PUT", `/encounters/${encounterId}`, a.doctor.token, { reason: "Cough and fever" });
    let docs = await pulled(a.vma.token, since);
    assert.deepEqual(docs.map((d) => [d.kind, d.kind === "encounter" && d.data?.reason]), [["encounter", "Cough and fever"]]);

    since = await upToDate();
    await ok("DELETE", `/encounters/${encounterId}`, a.doctor.token);
    docs = await pulled(a.doctor.token, since);
    // Its vitals stay (the patient's readings), sent again: what the patient may see of them changed.
    assert.deepEqual(docs.map((d) => [d.kind, d._deleted, d.kind === "vitals" ? "kept" : d.data]).sort(),
      [["diagnosis", true, null], ["encounter", true, null], ["vitals", false, "kept"]]);
  });

  await t.step("a write made without a request (a seed, a job) reaches the devices on their next pull", async () => {
    since = await upToDate();
    const [row] = await ctx.sql<{ id: string }[]>`insert into problems (patient_id, name, status, created_by)
      values (${a.patient.id}, 'Hypertension', 'active', ${a.doctor.id}) returning id`;
    const docs = await pulled(a.vma.token, since);
    assert.deepEqual(docs.map((d) => [d.id, d.kind === "problem" && d.data?.name]), [[row.id, "Hypertension"]]);
  });

  await t.step("a patient moved to the other doctor: that care team receives the chart, this one nothing new", async () => {
    since = await upToDate();
    await ok("POST", "/doctors/choose/admin", admin.token, { doctorId: b.doctor.id, patientId: a.patient.id });
    const docs = await pulled(b.vma.token, since);
    assert.deepEqual([...new Set(docs.map((d) => d.patientId))], [a.patient.id]);
    assert.equal(docs.filter((d) => !d._deleted).length, 3, "the problems and the vitals");
    assert.deepEqual(await pulled(a.doctor.token, since), []);
  });

  await t.step("a pull is audited as a read of the patients' charts", async () => {
    const [row] = await ctx.sql<{ details: { patientIds: string[]; entries: number } }[]>`
      select details from audit_log where event = 'chart.read' and details->>'what' = 'chart.pull' and actor_id = ${b.vma.id}
      order by id desc limit 1`;
    assert.ok(row, "no audit of the chart pull");
    assert.deepEqual(row.details.patientIds, [a.patient.id]);
  });
  await t.step("a visit recorded offline: the device's entries are created under the API's rules, once", async () => {
    const at = "2026-11-27T10:00:00.000Z";
    const encounterId = crypto.randomUUID();
    const base = (id: string, kind: string, encounter: string | null, data: Record<string, unknown>) =>
      ({ id, patientId: b.patient.id, kind, encounterId: encounter, updatedAt: 0, _deleted: false, data: { id, patientId: b.patient.id, ...data } });
    const encounter = base(encounterId, "encounter", null, {
      doctorId: b.doctor.id, type: "other", reason: "Home visit", encounterDatetime: at, consultationId: null, details: "Seen at home",
      isShared: false, createdBy: b.doctor.id, createdAt: at, updatedAt: at,
    });
    const diagnosisId = crypto.randomUUID();
    const diagnosis = base(diagnosisId, "diagnosis", encounterId, {
      encounterId, code: "I10", description: "whatever the device had", comment: "", isShared: false, createdBy: b.doctor.id, createdAt: at,
    });
    const vitalsId = crypto.randomUUID();
    const vitals = base(vitalsId, "vitals", encounterId, {
      encounterId, consultationId: null, bloodPressure: "142/91", heartRate: 80, weight: 200, height: 70, bmi: null, temperature: null,
      respiratoryRate: null, format: "imperial", source: "manual", recordedBy: { id: b.doctor.id, firstName: "x", lastName: "y" }, recordedAt: at,
    });
    since = await upToDate();
    // The encounter first, as the device sends its batch in the order the entries were made.
    const res = await push(ctx, b.doctor.token, "chart_entries", [create(encounter), create(diagnosis), create(vitals)]);
    assert.deepEqual([res.status, res.body.result], [200, []], JSON.stringify(res.body));
    const got = await ok("GET", `/encounters/${encounterId}`, b.vma.token);
    assert.deepEqual([got.reason, got.createdBy, got.encounterDatetime], ["Home visit", b.doctor.id, at]);
    const diagnoses = (await ok("POST", `/diagnoses/list/${encounterId}`, b.vma.token, {})).list;
    assert.deepEqual(diagnoses.map((d: { id: string; description: string }) => [d.id, d.description]), [[diagnosisId, "Essential (primary) hypertension"]]);
    const readings = await ok("GET", `/vitals/patient/${b.patient.id}`, b.vma.token, undefined);
    const reading = readings.find((v: { id: string }) => v.id === vitalsId);
    assert.deepEqual([reading.bloodPressure, reading.bmi, reading.recordedBy.id, reading.recordedAt], ["142/91", 28.7, b.doctor.id, at]);
    // The VMA's device receives the server's version of each.
    const docs = await pulled(b.vma.token, since);
    assert.deepEqual(docs.map((d) => d.id).sort(), [encounterId, diagnosisId, vitalsId].sort());

    // A retry after a lost answer writes nothing twice: the device takes the server's version.
    const again = await push(ctx, b.doctor.token, "chart_entries", [create(encounter), create(vitals)]);
    assert.deepEqual(again.body.result.map((d: { id: string }) => d.id), [encounterId, vitalsId]);
    const [{ count }] = await ctx.sql<{ count: number }[]>`select count(*)::int as count from vitals where id = ${vitalsId}`;
    assert.equal(count, 1);

    // What the API would refuse is refused: diastolic above systolic; a VMA's diagnosis.
    const bad = base(crypto.randomUUID(), "vitals", null, { ...vitals.data, encounterId: null, bloodPressure: "80/120" });
    const vmaDiagnosis = base(crypto.randomUUID(), "diagnosis", encounterId, { ...diagnosis.data, createdBy: b.vma.id });
    // What the tables cannot store is refused too, never a 500 on every retry: year 0000, a BMI rounding to 0.
    const yearZero = base(crypto.randomUUID(), "encounter", null, { ...encounter.data, encounterDatetime: "0000-12-31T23:30:00.000Z" });
    const tiny = base(crypto.randomUUID(), "vitals", null, { ...vitals.data, encounterId: null, weight: 0.5, height: 90 });
    for (const [token, doc] of [[b.doctor.token, bad], [b.vma.token, vmaDiagnosis], [b.doctor.token, yearZero], [b.doctor.token, tiny]] as const) {
      const refused = await push(ctx, token, "chart_entries", [create({ ...doc, data: { ...doc.data, id: doc.id } })]);
      assert.equal(refused.body.result[0]._deleted, true, JSON.stringify(refused.body));
      assert.equal(refused.body.result[0].updatedAt, 0);
    }
    const [{ audited }] = await ctx.sql<{ audited: number }[]>`select count(*)::int as audited from audit_log
      where event = 'chart.write' and details->>'via' = 'sync' and details->>'id' = any(${[encounterId, diagnosisId, vitalsId]})`;
    assert.equal(audited, 3);
  });

  await t.step("note types: the practice's reach its doctor and VMAs, a deleted one as deleted, nobody else", async () => {
    since = await upToDate();
    const type = await ok("POST", "/noteTypes", a.doctor.token, { name: "Home visit", fieldNames: ["Findings", "Plan"] });
    const types = async (token: string, from = since) => (await pullAll(ctx, token, "note_types", from)).docs as { id: string; name: string; fieldNames: string[]; _deleted: boolean }[];
    for (const user of [a.doctor, a.vma]) {
      assert.deepEqual((await types(user.token)).map((d) => [d.id, d.name, d.fieldNames, d._deleted]), [[type.id, "Home visit", ["Findings", "Plan"], false]]);
    }
    for (const user of [b.doctor, b.vma, a.patient, admin]) assert.deepEqual(await types(user.token, { updatedAt: 0, id: "00000000-0000-0000-0000-000000000000" }), []);
    since = await upToDate();
    await ok("DELETE", `/noteTypes/${type.id}`, a.doctor.token);
    assert.deepEqual((await types(a.vma.token)).map((d) => [d.id, d._deleted]), [[type.id, true]]);
  });
});
