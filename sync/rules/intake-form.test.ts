/** Intake form settings and answers: the 02 §5 dynamic-field messages and the vitals rules. */
import assert from "node:assert/strict";
import { INTAKE_MESSAGES, intakeAnswersInputSchema, intakeSettingsInputSchema } from "../schemas/intake-form.ts";
import { buildIntakeForm, checkIntakeAnswers } from "./intake-form.ts";

const TEXT = "6f1f0a52-1d7e-4a43-9a51-000000000001";
const NUMBER = "6f1f0a52-1d7e-4a43-9a51-000000000002";
const YES_NO = "6f1f0a52-1d7e-4a43-9a51-000000000003";
const settings = {
  vitalsEnabled: true,
  vitalsRequired: false,
  fields: [
    { id: TEXT, question: "Symptoms?", inputType: "textarea" as const, required: true },
    { id: NUMBER, question: "Days unwell?", inputType: "number" as const, required: false },
    { id: YES_NO, question: "New medications?", inputType: "yesNo" as const, required: false },
  ],
};
const answers = (input: unknown) => intakeAnswersInputSchema.parse(input);
const issues = (input: unknown) =>
  Object.fromEntries((intakeSettingsInputSchema.safeParse(input).error?.issues ?? []).map((i) => [i.path.join("."), i.message]));

Deno.test("intake form settings", async (t) => {
  await t.step("a blank question, a missing one, an unknown input type", () => {
    assert.deepEqual(issues({
      vitalsEnabled: true, vitalsRequired: false,
      fields: [{ question: "  ", inputType: "text" }, { inputType: "text" }, { question: "ok", inputType: "slider" }],
    }), {
      "fields.0.question": INTAKE_MESSAGES.questionRequired,
      "fields.1.question": INTAKE_MESSAGES.noQuestion,
      "fields.2.inputType": "Choose an input type",
    });
  });
  await t.step("vitals required but disabled", () => {
    assert.deepEqual(issues({ vitalsEnabled: false, vitalsRequired: true, fields: [] }), { vitalsRequired: "Enable vitals to require them" });
  });
  await t.step("valid settings: required defaults to false", () => {
    const parsed = intakeSettingsInputSchema.parse({ vitalsEnabled: true, vitalsRequired: true, fields: [{ question: " Why? ", inputType: "text" }] });
    assert.deepEqual(parsed.fields, [{ question: "Why?", inputType: "text", required: false }]);
  });
});

Deno.test("intake form answers", async (t) => {
  await t.step("a required field left empty: 'This field is required!'", () => {
    assert.deepEqual(checkIntakeAnswers(settings, answers({})), { [`answers.${TEXT}`]: INTAKE_MESSAGES.answerRequired });
    assert.deepEqual(checkIntakeAnswers(settings, answers({ answers: { [TEXT]: "   " } })), { [`answers.${TEXT}`]: INTAKE_MESSAGES.answerRequired });
  });
  await t.step("answers of the wrong type and unknown fields", () => {
    const unknown = "6f1f0a52-1d7e-4a43-9a51-0000000000ff";
    assert.deepEqual(checkIntakeAnswers(settings, answers({ answers: { [TEXT]: 5, [NUMBER]: "three", [YES_NO]: "yes", [unknown]: "x" } })), {
      [`answers.${TEXT}`]: "Answer with text",
      [`answers.${NUMBER}`]: "Answer with a number",
      [`answers.${YES_NO}`]: "Answer yes or no",
      [`answers.${unknown}`]: "Unknown field",
    });
  });
  await t.step("vitals: required means at least one; disabled means none; numbers above 0; 120/80", () => {
    const required = { ...settings, vitalsRequired: true };
    assert.equal(checkIntakeAnswers(required, answers({ answers: { [TEXT]: "cough" } })).vitals, INTAKE_MESSAGES.vitalsRequired);
    assert.deepEqual(checkIntakeAnswers(required, answers({ answers: { [TEXT]: "cough" }, vitals: { pulse: 70 } })), {});
    const disabled = { ...settings, vitalsEnabled: false };
    assert.equal(checkIntakeAnswers(disabled, answers({ answers: { [TEXT]: "cough" }, vitals: { weight: 150 } })).vitals, INTAKE_MESSAGES.vitalsDisabled);
    const bad = intakeAnswersInputSchema.safeParse({ vitals: { weight: 0, bloodPressure: "120-80", pulse: 70.5 } });
    assert.deepEqual(Object.fromEntries(bad.error!.issues.map((i) => [i.path.join("."), i.message])), {
      "vitals.weight": "Weight must be greater than 0",
      "vitals.bloodPressure": "Write blood pressure like 120/80",
      "vitals.pulse": "Pulse is a whole number",
    });
  });
  await t.step("the stored form keeps each question as asked", () => {
    const form = buildIntakeForm(settings, answers({ healthChanges: " none ", answers: { [TEXT]: "cough", [YES_NO]: false }, vitals: { bloodPressure: "120/80" } }));
    assert.deepEqual(form, {
      healthChanges: "none",
      illnessHistory: null,
      vitals: { bloodPressure: "120/80" },
      answers: [
        { fieldId: TEXT, question: "Symptoms?", inputType: "textarea", required: true, answer: "cough" },
        { fieldId: NUMBER, question: "Days unwell?", inputType: "number", required: false, answer: null },
        { fieldId: YES_NO, question: "New medications?", inputType: "yesNo", required: false, answer: false },
      ],
    });
  });
});
