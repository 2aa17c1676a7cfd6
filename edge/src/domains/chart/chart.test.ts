/** Chart calls: bad input for each, the clinical rules (BMI, 120/80, notes need a type), trimmed search, audit, imports, PDF. */
import assert from "node:assert/strict";
import { apiTest } from "../../test/harness.ts";
import { bmiOf } from "../../../../sync/schemas/vitals.ts";
import { createChart, createPractices } from "./chart-fixtures.ts";
import { pdfText } from "../../test/pdf-check.ts";

const fieldsOf = (res: { body: { details?: { fields?: Record<string, string> } } }) => Object.keys(res.body.details?.fields ?? {});

apiTest("chart calls: validation, rules, audit", async (t, ctx) => {
  const u = await createPractices(ctx);
  const chart = await createChart(ctx, u.doctor, u.patient.id);
  const doc = u.doctor.token;
  const call = (method: string, path: string, body?: unknown, token = doc) => ctx.call(method, path, { token, body });
  const e = chart.encounter;

  await t.step("every call refuses bad input with 400 naming the fields, and changes nothing", async () => {
    const cases: [string, string, unknown, string[]][] = [
      ["POST", "/doctorPatients/list", { offset: -1, order: { nope: 1 } }, ["offset", "order.nope"]],
      ["POST", "/patient", { firstName: "", email: "bad", gender: "X", birthDate: "2999-01-01" }, ["firstName", "lastName", "email", "gender", "birthDate"]],
      ["PUT", `/patient/edit/general/${u.patient.id}`, { firstName: "x".repeat(35), lastName: "B", birthDate: "1899-12-31", gender: "Male" }, ["firstName", "birthDate"]],
      ["POST", `/patient/edit-record/${u.patient.id}`, { type: "pets", record: {} }, ["type"]],
      ["POST", `/patient/edit-record/${u.patient.id}`, { type: "allergies", record: { name: "" } }, ["record.name"]],
      ["POST", `/patient/delete-record/${u.patient.id}`, { type: "medications", _id: "nope" }, ["_id"]],
      ["POST", `/encounters/${u.patient.id}`, { type: "teleport", reason: " ", datetime: "yesterday" }, ["type", "reason", "datetime"]],
      ["PUT", `/encounters/${e.id}`, {}, ["_"]],
      ["POST", `/encounters/download/${e.id}`, { fields: ["secrets"] }, ["fields.0"]],
      ["POST", "/noteTypes", { name: "", fieldNames: ["a", "a"] }, ["name", "fieldNames"]],
      ["POST", `/encounterNotes/${e.id}`, { fields: { Subjective: "x" } }, ["noteTypeId"]],
      ["POST", `/encounterNotes/${e.id}`, { noteTypeId: chart.noteType.id, fields: { Unknown: "x" } }, ["fields.Unknown"]],
      ["PUT", `/encounterNotes/edit/${chart.note.id}`, { filesForDelete: ["x"] }, ["filesForDelete.0"]],
      ["POST", `/diagnoses/list/${e.id}`, { limit: 0 }, ["limit"]],
      ["POST", `/diagnoses/create/${e.id}`, { code: "nope" }, ["code"]],
      ["POST", `/diagnoses/create/${e.id}`, { code: "Z99.999" }, ["code"]],
      ["PUT", `/diagnoses/edit/${chart.diagnosis.id}`, {}, ["_"]],
      ["POST", `/problems/patient/${u.patient.id}`, { name: "", status: "gone" }, ["name", "status"]],
      ["POST", `/vitals/patient/${u.patient.id}`, { bloodPressure: "120-80", weight: 0, height: -1, temperature: "hot", respiratoryRate: 0, heartRate: -5 },
        ["bloodPressure", "weight", "height", "temperature", "respiratoryRate", "heartRate"]],
      ["POST", `/vitals/patient/${u.patient.id}`, {}, ["_"]],
      ["POST", `/vitals/patient/${u.patient.id}/runImportsFromIntakeForms`, { format: "cubits" }, ["format"]],
    ];
    const before = await ctx.sql`select (select count(*) from encounters) + (select count(*) from vitals) + (select count(*) from encounter_notes) as n`;
    for (const [m, p, body, fields] of cases) {
      const res = await call(m, p, body);
      assert.equal(res.status, 400, `${m} ${p} ${JSON.stringify(body)}: ${JSON.stringify(res.body)}`);
      for (const f of fields) assert.ok(fieldsOf(res).includes(f), `${m} ${p}: no error for ${f} in ${fieldsOf(res)}`);
    }
    for (const [p, q] of [[`/encounters/${u.patient.id}/list`, "limit=0"], [`/vitals/patient/${u.patient.id}`, "format=x"], [`/encounters/orders-list/${e.id}`, "offset=-1"]]) {
      assert.equal((await call("GET", `${p}?${q}`)).status, 400, p);
    }
    const after = await ctx.sql`select (select count(*) from encounters) + (select count(*) from vitals) + (select count(*) from encounter_notes) as n`;
    assert.equal(after[0].n, before[0].n);
    // Malformed ids are refused by the route's parameter schema, naming the parameter.
    for (const p of ["/encounters/not-an-id", "/patient/not-an-id"]) {
      const res = await call("GET", p);
      assert.equal(res.status, 400, p);
      assert.ok(fieldsOf(res).includes("id"), `${p}: ${fieldsOf(res)}`);
    }
  });

  await t.step("blood pressure like 120/80, systolic over diastolic; BMI computed by the server", async () => {
    assert.equal((await call("POST", `/vitals/patient/${u.patient.id}`, { bloodPressure: "80/120" })).status, 400);
    assert.equal((await call("POST", `/vitals/patient/${u.patient.id}`, { bloodPressure: "120/80/60" })).status, 400);
    assert.equal((await call("POST", `/vitals/patient/${u.patient.id}`, { bmi: 10, weight: 150 })).status, 400);
    const res = await call("POST", `/vitals/patient/${u.patient.id}`, { bloodPressure: " 130/85 ", weight: 150, height: 65, temperature: 98.6, respiratoryRate: 16, heartRate: 72 });
    assert.equal(res.status, 201);
    const v = res.body.result;
    assert.deepEqual([v.bloodPressure, v.bmi, v.recordedBy.id], ["130/85", 25, u.doctor.id]);
    assert.equal(bmiOf(180, 70), 25.8);
    assert.equal(bmiOf(180, null), null);
    const metric = await call("GET", `/vitals/patient/${u.patient.id}?format=metric`);
    const m = metric.body.result.find((x: { id: string }) => x.id === v.id);
    assert.deepEqual([m.weight, m.height, m.temperature, m.bmi], [68, 165.1, 37, 25]);
    const byEncounter = await call("GET", `/vitals/patient/${u.patient.id}?encounterId=${e.id}`);
    assert.deepEqual(byEncounter.body.result.map((x: { id: string }) => x.id), [chart.vitals.id]);
  });

  await t.step("the encounter dropdown trims its search", async () => {
    const hit = await call("GET", `/encounters/dropdown/${u.patient.id}?search=${encodeURIComponent("   cough   ")}`);
    assert.deepEqual(hit.body.result.map((x: { id: string }) => x.id), [e.id]);
    const blank = await call("GET", `/encounters/dropdown/${u.patient.id}?search=${encodeURIComponent("   ")}`);
    assert.equal(blank.body.result.length, 1);
    const miss = await call("GET", `/encounters/dropdown/${u.patient.id}?search=fracture`);
    assert.equal(miss.body.result.length, 0);
    const list = await call("GET", `/encounters/${u.patient.id}/list?search=COUGH&type=video&doctorId=${u.doctor.id}`);
    assert.equal(list.body.result.totalCount, 1);
    assert.equal((await call("GET", `/encounters/${u.patient.id}/list?type=phone`)).body.result.totalCount, 0);
  });

  await t.step("diagnosis dropdown searches the shipped ICD-10 list by code or words", async () => {
    const byCode = await call("GET", "/diagnoses/list/dropdown?search=I10");
    assert.equal(byCode.body.result[0].code, "I10");
    const byWords = await call("GET", "/diagnoses/list/dropdown?search=type%202%20diabetes");
    assert.ok(byWords.body.result.some((d: { code: string }) => d.code === "E11.9"));
    const edited = await call("PUT", `/diagnoses/edit/${chart.diagnosis.id}`, { code: "e11.9", comment: "A1c 7.1" });
    assert.deepEqual([edited.body.result.code, edited.body.result.description], ["E11.9", "Type 2 diabetes mellitus without complications"]);
  });

  await t.step("medical card records: add, edit by _id, delete, no-significant markers", async () => {
    const path = `/patient/edit-record/${u.patient.id}`;
    const added = await call("POST", path, { type: "allergies", record: { name: "Penicillin", reaction: "Hives", comment: "As a child" } });
    assert.equal(added.status, 200);
    const allergy = added.body.result.allergies[0];
    assert.match(allergy._id, /^[0-9a-f-]{36}$/);
    const edited = await call("POST", path, { type: "allergies", record: { ...allergy, reaction: "Anaphylaxis" } });
    assert.deepEqual(edited.body.result.allergies.map((a: { reaction: string }) => a.reaction), ["Anaphylaxis"]);
    assert.equal((await call("POST", path, { type: "allergies", noSignificant: true })).status, 409);
    assert.equal((await call("POST", path, { type: "allergies", record: { ...allergy, _id: crypto.randomUUID() } })).status, 409);
    const gone = await call("POST", `/patient/delete-record/${u.patient.id}`, { type: "allergies", _id: allergy._id });
    assert.deepEqual(gone.body.result.allergies, []);
    const marked = await call("POST", path, { type: "familyHistory", noSignificant: true });
    assert.equal(marked.body.result.familyHistoryNoSignificant, true);
    const social = await call("POST", path, { type: "socialHistory", record: { tobacco: "never", alcohol: "weekly", drugs: "never" } });
    assert.equal(social.body.result.socialHistory.alcohol, "weekly");
    const read = await call("GET", `/patient/${u.patient.id}`);
    assert.equal(read.body.result.medicalCard.familyHistoryNoSignificant, true);
  });

  await t.step("patients: create in the practice, edit general, list with filter and order, e-Rx check", async () => {
    const created = await call("POST", "/patient", { firstName: "Ann", lastName: "Zed", middleName: "Q", birthDate: "1990-05-06", gender: "Female", email: "ann.zed@example.test" });
    assert.equal(created.status, 201);
    assert.equal(created.body.result.doctorId, u.doctor.id);
    assert.equal((await call("POST", "/patient", { firstName: "A", lastName: "B", birthDate: "1990-05-06", gender: "Female", email: "ANN.zed@example.test" })).status, 409);
    const edited = await call("PUT", `/patient/edit/general/${created.body.result.id}`, { firstName: "Anna", lastName: "Zed", birthDate: "1990-05-07", gender: "Female" });
    assert.deepEqual([edited.body.result.firstName, edited.body.result.middleName, edited.body.result.birthDate], ["Anna", "", "1990-05-07"]);
    const byName = await call("POST", "/doctorPatients/list", { order: { name: -1 } });
    assert.deepEqual(byName.body.result.list.map((p: { lastName: string }) => p.lastName), ["Zed", "Mine"]);
    const women = await call("POST", "/doctorPatients/list", { filter: { gender: "Female" } });
    assert.equal(women.body.result.totalCount, 1);
    const erx = await call("GET", `/patient/check/erx/${created.body.result.id}`);
    assert.deepEqual(erx.body.result, { complete: false, missing: ["phoneNumber", "address", "city", "state", "zip"] });
    assert.deepEqual((await call("GET", `/patient/check/erx/${u.patient.id}`)).body.result, { complete: true, missing: [] });
  });

  await t.step("notes: need a type of the practice; files checked from their content", async () => {
    const otherType = (await call("POST", "/noteTypes", { name: "Other", fieldNames: ["x"] }, u.otherDoctor.token)).body.result;
    assert.equal((await call("POST", `/encounterNotes/${e.id}`, { noteTypeId: otherType.id })).status, 404);
    const form = new FormData();
    form.set("noteTypeId", chart.noteType.id);
    form.set("fields", JSON.stringify({ Plan: "Fluids" }));
    form.append("files", new File([new TextEncoder().encode("%PDF-1.4 test")], "labs.pdf"));
    const created = await ctx.call("POST", `/encounterNotes/${e.id}`, { token: doc, form });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const file = created.body.result.files[0];
    assert.deepEqual([file.name, file.contentType], ["labs.pdf", "application/pdf"]);
    const download = await ctx.call("GET", `/encounterNotes/${created.body.result.id}/files/${file.id}`, { token: u.vma.token });
    assert.equal(download.status, 200);
    const bad = new FormData();
    bad.set("noteTypeId", chart.noteType.id);
    bad.append("files", new File(["MZ not a document"], "virus.pdf"));
    const refused = await ctx.call("POST", `/encounterNotes/${e.id}`, { token: doc, form: bad });
    assert.equal(refused.status, 422);
    const edit = new FormData();
    edit.set("filesForDelete", JSON.stringify([file.id]));
    const removed = await ctx.call("PUT", `/encounterNotes/edit/${created.body.result.id}`, { token: doc, form: edit });
    assert.deepEqual(removed.body.result.files, []);
    // A deleted type is gone from lists; notes written with it keep it.
    assert.equal((await call("DELETE", `/noteTypes/${chart.noteType.id}`)).status, 200);
    assert.equal((await call("GET", "/noteTypes/list")).body.result.length, 0);
    assert.equal((await call("GET", `/noteTypes/list/dropdown/${u.otherDoctor.id}`)).status, 404);
    const kept = (await call("GET", `/encounterNotes/${e.id}/list`)).body.result.list[0];
    assert.equal(kept.noteTypeName, "SOAP");
    // The type's field names travel with each note, in the type's order: the editors render one each.
    assert.deepEqual(kept.fieldNames, chart.noteType.fieldNames);
  });

  await t.step("encounter: update, PDF of the chosen fields, orders list, delete hides it", async () => {
    const upd = await call("PUT", `/encounters/${e.id}`, { details: "Lungs clear", reason: "Cough" });
    assert.deepEqual([upd.body.result.reason, upd.body.result.details], ["Cough", "Lungs clear"]);
    const pdf = await ctx.app.request(`/api/v1/encounters/download/${e.id}`, {
      method: "POST", headers: { authorization: `Bearer ${doc}`, "content-type": "application/json" },
      body: JSON.stringify({ fields: ["details", "diagnoses", "vitals"] }),
    });
    assert.equal(pdf.headers.get("content-type"), "application/pdf");
    const { text } = await pdfText(new Uint8Array(await pdf.arrayBuffer()));
    assert.ok(text.includes("Lungs clear") && text.includes("E11.9") && !text.includes("Dry cough"));
    // A note's text on several lines (a list, as the collaborative editor writes it back) prints a line each.
    await call("PUT", `/encounterNotes/edit/${chart.note.id}`, { fields: { Subjective: "Dry cough", Plan: "Next:\n- ECG\n- Bloods" } });
    const withNotes = await ctx.app.request(`/api/v1/encounters/download/${e.id}`, {
      method: "POST", headers: { authorization: `Bearer ${doc}`, "content-type": "application/json" },
      body: JSON.stringify({ fields: ["notes"] }),
    });
    const notesText = (await pdfText(new Uint8Array(await withNotes.arrayBuffer()))).text;
    assert.match(notesText, /Plan: Next:\n\s*- ECG\n\s*- Bloods/);
    const orders = await call("GET", `/encounters/orders-list/${e.id}`);
    assert.deepEqual([orders.status, orders.body.result.totalCount], [200, 0]);
    assert.equal((await call("DELETE", `/encounters/${e.id}`)).status, 200);
    assert.equal((await call("GET", `/encounters/${e.id}`)).status, 404);
  });

  await t.step("every read and write of the chart is in the audit log: who, which patient, what", async () => {
    const rows = await ctx.sql<{ event: string; actor_id: string; details: { what: string } }[]>`
      select event, actor_id, details from audit_log where subject_id = ${u.patient.id} and event like 'chart.%' order by id`;
    const seen = new Set(rows.map((r) => `${r.event} ${r.details.what}`));
    for (const what of ["encounter.create", "note.create", "diagnosis.create", "problem.create", "vitals.create", "medicalCard.editRecord",
      "medicalCard.deleteRecord", "encounter.update", "encounter.delete", "diagnosis.update", "note.update"]) {
      assert.ok(seen.has(`chart.write ${what}`), `no write ${what}`);
    }
    for (const what of ["vitals.list", "encounter.dropdown", "encounter.list", "patient.read", "note.list", "encounter.download", "encounter.orders", "note.file", "patient.checkErx"]) {
      assert.ok(seen.has(`chart.read ${what}`), `no read ${what}`);
    }
    assert.ok(rows.some((r) => r.actor_id === u.vma.id && r.details.what === "note.file"));
    // A list across patients names every patient it showed.
    const lists = await ctx.sql<{ details: { patientIds: string[] } }[]>`
      select details from audit_log where event = 'chart.read' and details->>'what' = 'patient.list' order by id`;
    assert.deepEqual(lists.map((l) => l.details.patientIds.length), [2, 1]);
    assert.ok(lists[0].details.patientIds.includes(u.patient.id));
  });
});

apiTest("vitals imports from intake forms, with the Require rule", async (t, ctx) => {
  const u = await createPractices(ctx);
  const doc = u.doctor.token;
  const base = `/vitals/patient/${u.patient.id}`;
  const consultation = async (vitals: unknown, startAt: string, submittedAt = "2026-01-02T08:15:00Z") => {
    const form = { healthChanges: null, illnessHistory: null, vitals, answers: [] };
    const [row] = await ctx.sql<{ id: string }[]>`
      insert into consultations (id, doctor_id, patient_id, type, status, start_at, end_at, reason, intake_form, intake_submitted_at, seq)
      values (gen_random_uuid(), ${u.doctor.id}, ${u.patient.id}, 'video', 'finished', ${startAt}, ${startAt}::timestamptz + interval '30 minutes',
        'Checkup', ${ctx.sql.json(form as never)}, ${submittedAt}, nextval('sync_seq')) returning id`;
    return row.id;
  };

  await t.step("nothing to import: not possible, and running answers 422", async () => {
    const res = await ctx.call("GET", `${base}/areImportsFromIntakeFormsPossible`, { token: doc });
    assert.equal(res.body.result.possible, false);
    assert.equal((await ctx.call("POST", `${base}/runImportsFromIntakeForms`, { token: doc, body: {} })).status, 422);
  });

  await t.step("forms with vitals are imported once, BMI computed; with Require, a form without vitals is reported", async () => {
    const withVitals = await consultation({ weight: 200, height: 72, bloodPressure: "140/90", pulse: 80 }, "2026-01-05T10:00:00Z");
    const empty = await consultation(null, "2026-01-06T10:00:00Z");
    await ctx.sql`insert into intake_form_settings (doctor_id, vitals_enabled, vitals_required) values (${u.doctor.id}, true, true)`;
    const check = await ctx.call("GET", `${base}/areImportsFromIntakeFormsPossible`, { token: u.vma.token });
    assert.deepEqual(check.body.result, { possible: true, count: 1, vitalsRequired: true, missingVitals: [empty] });
    const run = await ctx.call("POST", `${base}/runImportsFromIntakeForms`, { token: u.vma.token, body: { format: "imperial" } });
    assert.equal(run.status, 200);
    const [v] = run.body.result.imported;
    assert.deepEqual([v.consultationId, v.bloodPressure, v.heartRate, v.bmi, v.source], [withVitals, "140/90", 80, 27.1, "intake"]);
    // Dated when the patient submitted the form, not at the consultation's start (issue 32: a future date).
    assert.equal(v.recordedAt, "2026-01-02T08:15:00.000Z");
    assert.deepEqual(run.body.result.skipped, [{ consultationId: empty, message: "Fill in at least one vital sign" }]);
    const again = await ctx.call("GET", `${base}/areImportsFromIntakeFormsPossible`, { token: doc });
    assert.equal(again.body.result.possible, false);
  });

  await t.step("vitals switched off for the doctor: not possible", async () => {
    await consultation({ pulse: 60 }, "2026-01-07T10:00:00Z");
    await ctx.sql`update intake_form_settings set vitals_enabled = false, vitals_required = false where doctor_id = ${u.doctor.id}`;
    assert.equal((await ctx.call("GET", `${base}/areImportsFromIntakeFormsPossible`, { token: doc })).body.result.possible, false);
    assert.equal((await ctx.call("POST", `${base}/runImportsFromIntakeForms`, { token: doc, body: {} })).status, 422);
  });

  await t.step("another practice, the patient and admins cannot import", async () => {
    assert.equal((await ctx.call("GET", `${base}/areImportsFromIntakeFormsPossible`, { token: u.otherDoctor.token })).status, 404);
    assert.equal((await ctx.call("POST", `${base}/runImportsFromIntakeForms`, { token: u.patient.token, body: {} })).status, 403);
    assert.equal((await ctx.call("POST", `${base}/runImportsFromIntakeForms`, { token: u.admin.token, body: {} })).status, 403);
  });

  await t.step("dynamic fields: the vitals fields and the input types", async () => {
    const fields = await ctx.call("GET", "/dynamicFields/vitalsFields", { token: doc });
    assert.ok(fields.body.result.some((f: { name: string; unit: string }) => f.name === "weight" && f.unit === "lbs"));
    const types = await ctx.call("GET", "/dynamicFields/availableFieldTypes", { token: doc });
    assert.deepEqual(types.body.result, ["text", "textarea", "number", "yesNo"]);
    assert.equal((await ctx.call("GET", "/dynamicFields/vitalsFields")).status, 401);
  });
});
