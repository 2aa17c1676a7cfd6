/** Intake form settings per doctor (`GET/POST /intakeForms/settings/doctor/{id}`) with the 02 §5 messages. */
import assert from "node:assert/strict";
import { apiTest } from "../../test/harness.ts";
import { fieldError } from "../../test/consultation-fixtures.ts";
import { INTAKE_MESSAGES } from "../../../../sync/schemas/intake-form.ts";

apiTest("intake form settings", async (t, ctx) => {
  const doctor = await ctx.createUser("doctor");
  const vma = await ctx.createUser("vma", { doctor_id: doctor.id });
  const otherDoctor = await ctx.createUser("doctor");
  const patient = await ctx.createUser("patient");
  const admin = await ctx.createUser("admin");
  const path = `/intakeForms/settings/doctor/${doctor.id}`;
  const save = (token: string, body: unknown, to = path) => ctx.call("POST", to, { token, body });

  await t.step("never saved: vitals enabled, not required, no fields", async () => {
    const res = await ctx.call("GET", path, { token: patient.token });
    assert.deepEqual(res.body.result, { doctorId: doctor.id, vitalsEnabled: true, vitalsRequired: false, fields: [], updatedAt: null });
  });

  let fieldId = "";
  await t.step("the doctor saves fields: ids are given, and kept when sent back", async () => {
    const res = await save(doctor.token, {
      vitalsEnabled: true, vitalsRequired: true,
      fields: [{ question: "Symptoms?", inputType: "textarea", required: true }, { question: "Smoker?", inputType: "yesNo" }],
    });
    assert.equal(res.status, 200);
    const [first, second] = res.body.result.fields;
    assert.match(first.id, /^[0-9a-f-]{36}$/);
    assert.deepEqual({ ...second, id: undefined }, { id: undefined, question: "Smoker?", inputType: "yesNo", required: false });
    fieldId = first.id;
    const again = await save(doctor.token, { vitalsEnabled: false, vitalsRequired: false, fields: [{ ...first, question: "Main symptoms?" }] });
    assert.deepEqual(again.body.result.fields, [{ id: fieldId, question: "Main symptoms?", inputType: "textarea", required: true }]);
    assert.equal(again.body.result.vitalsEnabled, false);
  });

  await t.step("02 §5 messages: a blank question, a missing question", async () => {
    const res = await save(doctor.token, {
      vitalsEnabled: true, vitalsRequired: false,
      fields: [{ question: "   ", inputType: "text" }, { inputType: "number", required: true }],
    });
    assert.equal(res.status, 400);
    assert.equal(fieldError(res, "fields.0.question"), INTAKE_MESSAGES.questionRequired);
    assert.equal(fieldError(res, "fields.1.question"), INTAKE_MESSAGES.noQuestion);
  });

  await t.step("other bad input: vitals required while disabled, unknown type, duplicate ids, too many, unknown keys", async () => {
    assert.equal(fieldError(await save(doctor.token, { vitalsEnabled: false, vitalsRequired: true }), "vitalsRequired"), "Enable vitals to require them");
    assert.equal(fieldError(await save(doctor.token, { vitalsEnabled: true, vitalsRequired: false, fields: [{ question: "x", inputType: "date" }] }), "fields.0.inputType"), "Choose an input type");
    const dup = await save(doctor.token, {
      vitalsEnabled: true, vitalsRequired: false,
      fields: [{ id: fieldId, question: "a", inputType: "text" }, { id: fieldId, question: "b", inputType: "text" }],
    });
    assert.equal(fieldError(dup, "fields.1.id"), "This field is listed twice");
    const many = Array.from({ length: 21 }, (_, i) => ({ question: `Q${i}`, inputType: "text" }));
    assert.equal((await save(doctor.token, { vitalsEnabled: true, vitalsRequired: false, fields: many })).status, 400);
    assert.equal(fieldError(await save(doctor.token, { vitalsEnabled: true, vitalsRequired: false, colour: "red" }), "colour"), "Unknown field");
    const kept = await ctx.call("GET", path, { token: doctor.token });
    assert.equal(kept.body.result.fields[0].question, "Main symptoms?");
  });

  await t.step("the VMA and admins save; another doctor, a patient or a guest may not", async () => {
    const body = { vitalsEnabled: true, vitalsRequired: false, fields: [] };
    assert.equal((await save(vma.token, body)).status, 200);
    assert.equal((await save(admin.token, body)).status, 200);
    assert.equal((await save(otherDoctor.token, body)).status, 404);
    assert.equal((await save(patient.token, body)).status, 403);
    assert.equal((await ctx.call("POST", path, { body })).status, 401);
    assert.equal((await save(admin.token, body, `/intakeForms/settings/doctor/${patient.id}`)).status, 404);
    assert.equal((await save(admin.token, body, "/intakeForms/settings/doctor/me")).status, 400);
  });

  await t.step("an unlisted doctor's settings are hidden from others", async () => {
    const unapproved = await ctx.createUser("doctor", { application_status: "initial" });
    const other = `/intakeForms/settings/doctor/${unapproved.id}`;
    assert.equal((await ctx.call("GET", other, { token: patient.token })).status, 404);
    assert.equal((await ctx.call("GET", other, { token: unapproved.token })).status, 200);
    assert.equal((await ctx.call("GET", other)).status, 401);
  });
});
