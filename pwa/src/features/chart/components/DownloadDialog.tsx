import { ENCOUNTER_PDF_FIELDS, encounterDownloadSchema } from "../../../../../sync/schemas/encounter.ts";
import { useApi } from "../../../lib/app-deps.tsx";
import { useForm } from "../../../lib/forms/use-form.ts";
import { Button, Checkbox, Dialog, useSnackbar } from "../../../ui/index.ts";
import { FormError } from "../../auth/index.ts";
import { saveBlob } from "../../../lib/save-blob.ts";

type Field = (typeof ENCOUNTER_PDF_FIELDS)[number];
export const PDF_FIELD_LABELS: Record<Field, string> = {
  details: "Details",
  notes: "Notes",
  diagnoses: "Diagnoses",
  vitals: "Vitals",
  problems: "Problem list",
  medicalCard: "Medical card",
};
const DEFAULT_FIELDS: Field[] = ["details", "notes", "diagnoses", "vitals"];

type Props = { encounterId: string; open: boolean; onClose: () => void; fileName: string };

/** A PDF of the chosen parts of the encounter (`POST /encounters/download/{id}`), holding only what the reader may see. */
export function DownloadDialog({ encounterId, open, onClose, fileName }: Props) {
  return (
    <Dialog open={open} title="Download as PDF" onClose={onClose}>
      {open && <DownloadForm encounterId={encounterId} onClose={onClose} fileName={fileName} />}
    </Dialog>
  );
}

function DownloadForm({ encounterId, onClose, fileName }: Omit<Props, "open">) {
  const api = useApi();
  const notify = useSnackbar();
  const form = useForm({ schema: encounterDownloadSchema, idPrefix: "download", initial: { fields: DEFAULT_FIELDS } });
  const toggle = (field: Field, on: boolean) =>
    form.set("fields", ENCOUNTER_PDF_FIELDS.filter((f) => (f === field ? on : form.values.fields.includes(f))));
  const submit = form.handleSubmit(async (data) => {
    const response = await api.RAW("POST", "/encounters/download/{id}", { path: { id: encounterId }, body: data });
    saveBlob(await response.blob(), fileName);
    notify("PDF downloaded", "success");
    onClose();
  });
  return (
    <form className="stack" onSubmit={submit} noValidate aria-label="Download as PDF">
      <fieldset className="ui-fieldset stack" aria-describedby={form.errors.fields ? "download-fields-error" : undefined}>
        <legend>What to include</legend>
        {ENCOUNTER_PDF_FIELDS.map((field, index) => (
          <Checkbox
            key={field}
            id={index === 0 ? form.fieldId("fields") : undefined}
            label={PDF_FIELD_LABELS[field]}
            checked={form.values.fields.includes(field)}
            onChange={(on) => toggle(field, on)}
          />
        ))}
      </fieldset>
      {form.errors.fields && <p id="download-fields-error" className="form-error" role="alert">{form.errors.fields}</p>}
      <FormError message={form.formError} />
      <div className="row">
        <Button type="submit" loading={form.submitting}>Download PDF</Button>
        <Button variant="secondary" onClick={onClose} disabled={form.submitting}>Cancel</Button>
      </div>
    </form>
  );
}
