/**
 * The doctor's intake form settings as edited in Settings → Consultations: a
 * draft with a local key per question (so React keeps inputs and focus while
 * questions move), turned into the `POST /intakeForms/settings/doctor/{id}`
 * body (the form checks it with the same schema as the server).
 */
import {
  INTAKE_FIELDS_MAX,
  type IntakeFormSettings,
  type IntakeInputType,
  type IntakeSettingsInput,
} from "../../../../../sync/schemas/intake-form.ts";

export type DraftField = { key: string; id?: string; question: string; inputType: IntakeInputType; required: boolean };
export type IntakeDraft = { vitalsEnabled: boolean; vitalsRequired: boolean; fields: DraftField[] };

export const INPUT_TYPE_LABELS: Record<IntakeInputType, string> = {
  text: "Short text",
  textarea: "Paragraph",
  number: "Number",
  yesNo: "Yes or no",
};

let nextKey = 0;
const newKey = () => `q${++nextKey}`;

export function draftOf(settings: Pick<IntakeFormSettings, "vitalsEnabled" | "vitalsRequired" | "fields">): IntakeDraft {
  return {
    vitalsEnabled: settings.vitalsEnabled,
    vitalsRequired: settings.vitalsRequired,
    fields: settings.fields.map((f) => ({ key: newKey(), ...f })),
  };
}

export const canAddField = (draft: IntakeDraft) => draft.fields.length < INTAKE_FIELDS_MAX;

export function addField(draft: IntakeDraft): { draft: IntakeDraft; key: string } {
  const key = newKey();
  if (!canAddField(draft)) return { draft, key: "" };
  return { draft: { ...draft, fields: [...draft.fields, { key, question: "", inputType: "text", required: false }] }, key };
}

export function removeField(draft: IntakeDraft, key: string): IntakeDraft {
  return { ...draft, fields: draft.fields.filter((f) => f.key !== key) };
}

/** Moves a question one place up (-1) or down (+1); at either end nothing changes. */
export function moveField(draft: IntakeDraft, key: string, by: -1 | 1): IntakeDraft {
  const from = draft.fields.findIndex((f) => f.key === key);
  const to = from + by;
  if (from < 0 || to < 0 || to >= draft.fields.length) return draft;
  const fields = [...draft.fields];
  [fields[from], fields[to]] = [fields[to], fields[from]];
  return { ...draft, fields };
}

export function patchField(draft: IntakeDraft, key: string, patch: Partial<Omit<DraftField, "key">>): IntakeDraft {
  return { ...draft, fields: draft.fields.map((f) => (f.key === key ? { ...f, ...patch } : f)) };
}

/** Turning vitals off also drops "required" (the schema refuses required vitals that are off). */
export function setVitals(draft: IntakeDraft, change: { enabled?: boolean; required?: boolean }): IntakeDraft {
  const vitalsEnabled = change.enabled ?? draft.vitalsEnabled;
  const vitalsRequired = vitalsEnabled && (change.required ?? draft.vitalsRequired);
  return { ...draft, vitalsEnabled, vitalsRequired };
}

export function toInput(draft: IntakeDraft): IntakeSettingsInput {
  return {
    vitalsEnabled: draft.vitalsEnabled,
    vitalsRequired: draft.vitalsRequired,
    fields: draft.fields.map(({ id, question, inputType, required }) => (id ? { id, question, inputType, required } : { question, inputType, required })),
  };
}
