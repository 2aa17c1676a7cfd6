/**
 * What a service request carries besides the card: the doctor's intake form
 * (when the service asks for it) and files (when it takes them, 02 §5: at most
 * 10, pdf / jpg / png for patients, 20 MB each). Files go through the existing
 * medical-file upload (`POST /medicalFiles/patient/{id}` into the patient's
 * PatientUploaded folder, checked there); the request then names them.
 */
import { useQuery } from "@tanstack/react-query";
import { useId } from "react";
import type { ApiClient } from "../../../lib/api/index.ts";
import { toFormData } from "../../../lib/api/index.ts";
import { errorMessage } from "../../../lib/api/api-error.ts";
import { useApi } from "../../../lib/app-deps.tsx";
import { Button, Select, Spinner, TextField } from "../../../ui/index.ts";
import type { IntakeField } from "../../../../../sync/schemas/intake-form.ts";
import { MEDICAL_FILE_MAX_BYTES } from "../../../../../sync/collections/medical-files.ts";
import { checkFile } from "../../../../../sync/files.ts";
import { SERVICE_REQUEST_FILES_MAX } from "../../../../../sync/schemas/commerce.ts";
import { commerceKeys } from "../keys.ts";

/** The doctor's intake questions (none until loaded, or when the service has no intake form). */
export function useIntakeQuestions(doctorId: string, wanted: boolean) {
  const api = useApi();
  return useQuery({
    queryKey: [...commerceKeys.all, "intake", doctorId],
    queryFn: () => api.GET("/intakeForms/settings/doctor/{id}", { path: { id: doctorId } }),
    enabled: wanted,
  });
}

/** The first required question left blank, if any. */
export function missingAnswer(questions: IntakeField[], answers: Record<string, string>) {
  return questions.find((q) => q.required && !answers[q.id]?.trim());
}

export function IntakeQuestions({ query, answers, onChange }: {
  query: ReturnType<typeof useIntakeQuestions>;
  answers: Record<string, string>;
  onChange: (answers: Record<string, string>) => void;
}) {
  if (query.isPending) return <Spinner label="Loading the intake form" />;
  if (query.isError) return <p className="form-error" role="alert">{errorMessage(query.error)}</p>;
  const questions = query.data.fields;
  if (!questions.length) return null;
  return (
    <fieldset className="stack">
      <legend>Intake form</legend>
      {questions.map((q) => {
        const set = (v: string) => onChange({ ...answers, [q.id]: v });
        if (q.inputType === "yesNo") {
          return (
            <Select key={q.id} label={q.question} value={answers[q.id] ?? ""} onChange={set} required={q.required}
              placeholder="Choose" options={[{ value: "yes", label: "Yes" }, { value: "no", label: "No" }]} />
          );
        }
        return (
          <TextField key={q.id} label={q.question} value={answers[q.id] ?? ""} onChange={set} required={q.required}
            multiline={q.inputType === "textarea"} inputMode={q.inputType === "number" ? "decimal" : undefined} maxLength={5000} />
        );
      })}
    </fieldset>
  );
}

/** Checks a chosen file like the server will (type from the content, size); a message, or null when fine. */
export async function fileProblem(file: File): Promise<string | null> {
  const head = new Uint8Array(await file.slice(0, 4096).arrayBuffer());
  const check = checkFile(head, file.size, "patientUpload", MEDICAL_FILE_MAX_BYTES, file.name);
  return check.ok ? null : `${file.name}: ${check.message}`;
}

export function FilesField({ files, onChange, error }: { files: File[]; onChange: (files: File[]) => void; error?: string }) {
  const id = useId();
  return (
    <div className="ui-field stack">
      <label className="ui-field__label" htmlFor={id}>Files (pdf, jpg or png; up to {SERVICE_REQUEST_FILES_MAX}, 20 MB each)</label>
      <input id={id} type="file" multiple accept=".pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png"
        aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => {
          const chosen = [...(e.target.files ?? [])];
          e.target.value = "";
          onChange([...files, ...chosen]);
        }} />
      {error && <p id={`${id}-error`} className="form-error" role="alert">{error}</p>}
      {files.length > 0 && (
        <ul aria-label="Chosen files" style={{ listStyle: "none", padding: 0 }}>
          {files.map((f, i) => (
            <li key={`${f.name}-${i}`} className="row">
              <span>{f.name}</span>
              <Button variant="secondary" aria-label={`Remove ${f.name}`} onClick={() => onChange(files.filter((_, j) => j !== i))}>
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** Uploads the files into the patient's PatientUploaded folder; returns their ids in order. */
export async function uploadRequestFiles(api: ApiClient, patientId: string, files: File[]): Promise<string[]> {
  const ids: string[] = [];
  for (const file of files) {
    const form = toFormData({ folderId: "PatientUploaded" }, { file });
    ids.push((await api.POST("/medicalFiles/patient/{id}", { path: { id: patientId }, form })).id);
  }
  return ids;
}
