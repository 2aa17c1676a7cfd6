import {
  allergySchema,
  familyHistorySchema,
  medicationSchema,
  pastMedicalSchema,
  socialHistorySchema,
  surgicalSchema,
} from "../../../../../sync/schemas/medical-card.ts";
import { type ChartCard, recordEditSchema } from "../../../../../sync/schemas/patient-record.ts";
import { useApi } from "../../../lib/app-deps.tsx";
import { useForm } from "../../../lib/forms/use-form.ts";
import { Button, Dialog, Select, useSnackbar } from "../../../ui/index.ts";
import { FormError } from "../../auth/index.ts";
import { ColumnField, emptyRow, type ListName, LISTS, SOCIAL_OPTIONS } from "../../medical-card/index.ts";
import type { CardRecordView } from "../lib/chart-types.ts";

type Saved = (card: ChartCard) => void;

/** Adds a record to one list of the medical card, or changes one (`POST /patient/edit-record/{id}`). */
export function RecordDialog(
  { patientId, list, record, onSaved, onClose }: { patientId: string; list: ListName | null; record: CardRecordView | null; onSaved: Saved; onClose: () => void },
) {
  const spec = list ? LISTS[list] : null;
  const title = spec ? `${record ? "Edit" : "Add"} ${spec.itemLabel.toLowerCase()}` : "";
  return (
    <Dialog open={list !== null} title={title} onClose={onClose}>
      {list && <RecordForm key={record?._id ?? "new"} patientId={patientId} list={list} record={record} onSaved={onSaved} onClose={onClose} />}
    </Dialog>
  );
}

function RecordForm(
  { patientId, list, record, onSaved, onClose }: { patientId: string; list: ListName; record: CardRecordView | null; onSaved: Saved; onClose: () => void },
) {
  const api = useApi();
  const notify = useSnackbar();
  const spec = LISTS[list];
  const initial = record
    ? Object.fromEntries(spec.columns.map((c) => [c.key, record[c.key] ?? ""]))
    : emptyRow(list);
  const form = useForm({
    schema: recordEditSchema,
    idPrefix: "record-form",
    initial,
    toInput: (values) => ({ type: list, record: { ...values, ...(record ? { _id: record._id } : {}) } }),
  });
  const submit = form.handleSubmit(async (data) => {
    const body = recordEdit(list, data.record, record?._id);
    onSaved(await api.POST("/patient/edit-record/{id}", { path: { id: patientId }, body }));
    notify(`${spec.itemLabel} ${record ? "saved" : "added"}`, "success");
    onClose();
  });
  return (
    <form className="stack" onSubmit={submit} noValidate aria-label={`${record ? "Edit" : "Add"} ${spec.itemLabel.toLowerCase()}`}>
      {spec.columns.map((column) => (
        <ColumnField
          key={column.key}
          column={column}
          id={form.fieldId(`record.${column.key}`)}
          values={form.values}
          set={(patch) => Object.entries(patch).forEach(([key, value]) => form.set(key, value))}
          error={form.errors[`record.${column.key}`]}
        />
      ))}
      {form.errors.record && <p className="form-error" role="alert">{form.errors.record}</p>}
      <FormError message={form.formError} />
      <div className="row">
        <Button type="submit" loading={form.submitting}>{record ? "Save" : "Add"}</Button>
        <Button variant="secondary" onClick={onClose} disabled={form.submitting}>Cancel</Button>
      </div>
    </form>
  );
}

/**
 * The body of edit-record for a record the form checked with `recordEditSchema`: that schema's output types a
 * record only as `Record<string, unknown>`, so the record is parsed again by its list's schema, the part of
 * recordEditSchema that checked it (the same values come out), which gives the type the route declares.
 */
function recordEdit(list: ListName, checked: unknown, _id: string | undefined) {
  const id = _id ? { _id } : {};
  switch (list) {
    case "allergies":
      return { type: list, record: { ...allergySchema.parse(checked), ...id } };
    case "medications":
      return { type: list, record: { ...medicationSchema.parse(checked), ...id } };
    case "pastMedicalHistory":
      return { type: list, record: { ...pastMedicalSchema.parse(checked), ...id } };
    case "surgicalHistory":
      return { type: list, record: { ...surgicalSchema.parse(checked), ...id } };
    case "familyHistory":
      return { type: list, record: { ...familyHistorySchema.parse(checked), ...id } };
  }
}

type Social = NonNullable<ChartCard["socialHistory"]>;
const SOCIAL_FIELDS = [
  { key: "tobacco", label: "Tobacco" },
  { key: "alcohol", label: "Alcohol" },
  { key: "drugs", label: "Recreational drugs" },
] as const;

/** Social history is one record: tobacco, alcohol, drugs. */
export function SocialHistoryDialog(
  { patientId, open, current, onSaved, onClose }: { patientId: string; open: boolean; current: Social | null; onSaved: Saved; onClose: () => void },
) {
  return (
    <Dialog open={open} title="Edit social history" onClose={onClose}>
      {open && <SocialForm patientId={patientId} current={current} onSaved={onSaved} onClose={onClose} />}
    </Dialog>
  );
}

function SocialForm({ patientId, current, onSaved, onClose }: { patientId: string; current: Social | null; onSaved: Saved; onClose: () => void }) {
  const api = useApi();
  const notify = useSnackbar();
  const form = useForm({
    schema: recordEditSchema,
    idPrefix: "social-form",
    initial: { tobacco: current?.tobacco ?? "", alcohol: current?.alcohol ?? "", drugs: current?.drugs ?? "" },
    toInput: (values) => ({ type: "socialHistory", record: values }),
  });
  const submit = form.handleSubmit(async (data) => {
    // As for a record (`recordEdit`): the part of recordEditSchema that checked it gives its type.
    const body = { type: "socialHistory" as const, record: socialHistorySchema.parse(data.record) };
    onSaved(await api.POST("/patient/edit-record/{id}", { path: { id: patientId }, body }));
    notify("Social history saved", "success");
    onClose();
  });
  return (
    <form className="stack" onSubmit={submit} noValidate aria-label="Edit social history">
      {SOCIAL_FIELDS.map(({ key, label }) => (
        <Select
          key={key}
          id={form.fieldId(`record.${key}`)}
          label={label}
          required
          placeholder="Choose…"
          options={SOCIAL_OPTIONS[key]}
          value={form.values[key]}
          onChange={(value) => form.set(key, value)}
          error={form.errors[`record.${key}`]}
        />
      ))}
      <FormError message={form.formError} />
      <div className="row">
        <Button type="submit" loading={form.submitting}>Save</Button>
        <Button variant="secondary" onClick={onClose} disabled={form.submitting}>Cancel</Button>
      </div>
    </form>
  );
}

export { SOCIAL_FIELDS };
