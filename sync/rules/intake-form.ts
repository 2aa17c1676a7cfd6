/**
 * Answers checked against a doctor's intake form settings: the same rules in
 * the booking form and on the server. Errors are keyed by the path of the
 * answer in the request (`answers.<fieldId>`, `vitals`), messages from 02 §5.
 */
import {
  INTAKE_MESSAGES,
  type IntakeAnswers,
  type IntakeAnswerValue,
  type IntakeField,
  type IntakeForm,
  type IntakeFormSettings,
} from "../schemas/intake-form.ts";

type Settings = Pick<IntakeFormSettings, "vitalsEnabled" | "vitalsRequired" | "fields">;

const isEmpty = (v: IntakeAnswerValue | undefined) => v === undefined || (typeof v === "string" && v.trim() === "");

function typeError(field: IntakeField, value: IntakeAnswerValue): string | null {
  switch (field.inputType) {
    case "text":
    case "textarea":
      return typeof value === "string" ? null : "Answer with text";
    case "number":
      return typeof value === "number" && Number.isFinite(value) ? null : "Answer with a number";
    case "yesNo":
      return typeof value === "boolean" ? null : "Answer yes or no";
  }
}

/** Field path → message; empty when the answers fit the settings. */
export function checkIntakeAnswers(settings: Settings, input: IntakeAnswers): Record<string, string> {
  const errors: Record<string, string> = {};
  const byId = new Map(settings.fields.map((f) => [f.id, f]));
  for (const id of Object.keys(input.answers)) {
    if (!byId.has(id)) errors[`answers.${id}`] = "Unknown field";
  }
  for (const field of settings.fields) {
    const value = input.answers[field.id];
    if (isEmpty(value)) {
      if (field.required) errors[`answers.${field.id}`] = INTAKE_MESSAGES.answerRequired;
      continue;
    }
    const problem = typeError(field, value);
    if (problem) errors[`answers.${field.id}`] = problem;
  }
  const vitals = input.vitals ?? {};
  const filled = Object.values(vitals).filter((v) => v !== undefined).length;
  if (!settings.vitalsEnabled && filled > 0) errors.vitals = INTAKE_MESSAGES.vitalsDisabled;
  else if (settings.vitalsEnabled && settings.vitalsRequired && filled === 0) errors.vitals = INTAKE_MESSAGES.vitalsRequired;
  return errors;
}

/** The form as stored: one answer per field of the settings, with the question as asked. */
export function buildIntakeForm(settings: Settings, input: IntakeAnswers): IntakeForm {
  const vitals = Object.fromEntries(Object.entries(input.vitals ?? {}).filter(([, v]) => v !== undefined));
  return {
    healthChanges: input.healthChanges?.trim() || null,
    illnessHistory: input.illnessHistory?.trim() || null,
    vitals: Object.keys(vitals).length ? vitals : null,
    answers: settings.fields.map((f) => ({
      fieldId: f.id,
      question: f.question,
      inputType: f.inputType,
      required: f.required,
      answer: isEmpty(input.answers[f.id]) ? null : input.answers[f.id],
    })),
  };
}
