/**
 * What a service request carries besides the payment (02 §3 "Paid service",
 * §5 files): the service's custom fields, the doctor's intake form answered,
 * and medical files the patient uploaded. Checked before anything is charged;
 * what is stored is the answers with the questions as they were asked, so a
 * later edit of the service or the intake form does not change a request.
 *
 * Files are the existing medical files (uploaded through
 * `POST /medicalFiles/patient/{id}` into PatientUploaded, checked there for
 * type and size): a request only names them — there is no second upload path.
 */
import type { Queryable } from "../../db/connect.ts";
import { badRequest } from "../../http/errors.ts";
import type { ServiceField, ServiceRequestInput } from "../../../../sync/schemas/commerce.ts";
import type { IntakeField } from "../../../../sync/schemas/intake-form.ts";

export type StoredField = { key: string; label: string; answer: string };
export type StoredIntake = { fieldId: string; question: string; answer: string };

const invalid = (message: string, field: string) => badRequest(message, { reason: "VALIDATION", field });

/** The custom fields: required ones answered, no unknown keys. */
export function checkFields(defined: ServiceField[], answers: Record<string, string>): StoredField[] {
  for (const f of defined) {
    if (f.required && !answers[f.key]?.trim()) throw invalid(`${f.label} is required`, f.key);
  }
  const unknown = Object.keys(answers).find((k) => !defined.some((f) => f.key === k));
  if (unknown) throw invalid("Unknown field", unknown);
  return defined.filter((f) => answers[f.key]?.trim()).map((f) => ({ key: f.key, label: f.label, answer: answers[f.key].trim() }));
}

/** The doctor's intake form, when the service asks for it: required questions answered, answers of the question's kind. */
export async function checkIntake(
  sql: Queryable,
  o: { doctorId: string; wanted: boolean; answers: Record<string, string> },
): Promise<StoredIntake[]> {
  const keys = Object.keys(o.answers);
  if (!o.wanted) {
    if (keys.length) throw invalid("This service has no intake form", "intakeFormAnswer");
    return [];
  }
  const [row] = await sql<{ fields: IntakeField[] }[]>`select fields from intake_form_settings where doctor_id = ${o.doctorId}`;
  const questions = row?.fields ?? [];
  const unknown = keys.find((k) => !questions.some((q) => q.id === k));
  if (unknown) throw invalid("Unknown intake question", `intakeFormAnswer.${unknown}`);
  const stored: StoredIntake[] = [];
  for (const q of questions) {
    const answer = o.answers[q.id]?.trim() ?? "";
    const field = `intakeFormAnswer.${q.id}`;
    if (!answer) {
      if (q.required) throw invalid(`${q.question} is required`, field);
      continue;
    }
    if (q.inputType === "yesNo" && answer !== "yes" && answer !== "no") throw invalid(`${q.question}: answer yes or no`, field);
    if (q.inputType === "number" && !Number.isFinite(Number(answer))) throw invalid(`${q.question}: a number`, field);
    stored.push({ fieldId: q.id, question: q.question, answer });
  }
  return stored;
}

/** The files: only when the service takes them; each an uploaded, not deleted medical file of this patient. */
export async function checkFiles(sql: Queryable, o: { patientId: string; allowed: boolean; ids: ServiceRequestInput["files"] }) {
  if (!o.ids.length) return [];
  if (!o.allowed) throw invalid("This service takes no files", "files");
  const rows = await sql<{ id: string }[]>`select id from medical_files where id = any(${o.ids}::uuid[])
    and patient_id = ${o.patientId} and not deleted and status = 'uploaded'`;
  const missing = o.ids.find((id) => !rows.some((r) => r.id === id));
  if (missing) throw invalid("No such file", `files.${o.ids.indexOf(missing)}`);
  return o.ids;
}
