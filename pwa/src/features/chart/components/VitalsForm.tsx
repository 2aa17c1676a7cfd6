import { vitalsCreateSchema, type Vitals } from "../../../../../sync/schemas/vitals.ts";
import { useApi } from "../../../lib/app-deps.tsx";
import { useForm } from "../../../lib/forms/use-form.ts";
import { Button, firstMatches, Select, TextField, useSnackbar } from "../../../ui/index.ts";
import { FormError } from "../../auth/index.ts";
import { SAVED_ON_DEVICE, useRecordOnDevice, useServerOrDevice } from "../../sync/index.ts";
import { fromLocalInput, numberOrUndefined, textOrUndefined } from "../lib/chart-format.ts";
import { chartKeys } from "../keys.ts";

/** Encounters offered, the latest first (the edge answers them newest first). */
export const ENCOUNTER_CHOICES = 50;

const NUMBERS = [
  { name: "heartRate", label: "Pulse (bpm)" },
  { name: "weight", label: "Weight (lbs)" },
  { name: "height", label: "Height (in)" },
  { name: "temperature", label: "Temperature (°F)" },
  { name: "respiratoryRate", label: "Respiratory rate (breaths/min)" },
] as const;

type Props = {
  patientId: string;
  /** Fixed on the encounter page; otherwise the form offers the patient's encounters. */
  encounterId?: string;
  onSaved: (v: Vitals) => void;
  onClose: () => void;
};

/**
 * New vitals (`POST /vitals/patient/{id}`) with the rules of 02 §5 from the shared
 * schema: blood pressure like 120/80, every number above 0, US units; BMI is the server's.
 */
export function VitalsForm({ patientId, encounterId, onSaved, onClose }: Props) {
  const api = useApi();
  const notify = useSnackbar();
  const encounters = useServerOrDevice({
    queryKey: chartKeys.encounterChoices(patientId, encounterId),
    // One more than listed: whether older ones exist is then known.
    queryFn: ({ signal }) =>
      encounterId
        ? Promise.resolve([])
        : api.GET("/encounters/dropdown/{id}", { path: { id: patientId }, signal, query: { limit: ENCOUNTER_CHOICES + 1 } }),
  });
  const form = useForm({
    schema: vitalsCreateSchema,
    idPrefix: "vitals-form",
    initial: {
      encounterId: encounterId ?? "",
      bloodPressure: "",
      heartRate: "",
      weight: "",
      height: "",
      temperature: "",
      respiratoryRate: "",
      recordedAt: "",
    },
    toInput: (v) => ({
      encounterId: textOrUndefined(v.encounterId),
      bloodPressure: textOrUndefined(v.bloodPressure),
      heartRate: numberOrUndefined(v.heartRate),
      weight: numberOrUndefined(v.weight),
      height: numberOrUndefined(v.height),
      temperature: numberOrUndefined(v.temperature),
      respiratoryRate: numberOrUndefined(v.respiratoryRate),
      recordedAt: v.recordedAt ? fromLocalInput(v.recordedAt) : undefined,
    }),
  });
  const { values, errors, fieldId } = form;
  const choices = firstMatches(encounters.data, ENCOUNTER_CHOICES);
  const device = useRecordOnDevice();
  const submit = form.handleSubmit(async (data) => {
    if (device.offline) {
      await device.record({ kind: "vitals", patientId, input: data });
      notify(SAVED_ON_DEVICE, "success");
    } else {
      onSaved(await api.POST("/vitals/patient/{id}", { path: { id: patientId }, body: data }));
      notify("Vitals added", "success");
    }
    onClose();
  });

  return (
    <form className="stack" onSubmit={submit} noValidate aria-label="Add vitals">
      <p className="muted">Fill in what was measured; BMI is worked out from weight and height.</p>
      <div className="form-grid form-grid--two">
        <TextField
          {...form.field("bloodPressure")}
          label="Blood pressure (mmHg)"
          hint="Systolic/diastolic, like 120/80"
          inputMode="numeric"
          autoComplete="off"
        />
        {NUMBERS.map(({ name, label }) => (
          <TextField
            key={name}
            id={fieldId(name)}
            label={label}
            inputMode="decimal"
            autoComplete="off"
            value={values[name]}
            onChange={(v) => form.set(name, v)}
            error={errors[name]}
          />
        ))}
        <TextField
          {...form.field("recordedAt")}
          label="Measured at"
          hint="Leave empty for now"
          type="datetime-local"
        />
        {!encounterId && (
          <Select
            {...form.field("encounterId")}
            label="Encounter (optional)"
            placeholder={encounters.loading ? "Loading encounters…" : "None"}
            options={choices.shown.map((e) => ({ value: e.id, label: e.label }))}
          />
        )}
        {!encounterId && choices.more && (
          <p className="muted" role="status">
            The {ENCOUNTER_CHOICES} latest encounters are listed: to add vitals to an older one, open that encounter from the chart.
          </p>
        )}
      </div>
      {errors._ && <p className="form-error" role="alert">{errors._}</p>}
      <FormError message={form.formError} />
      <div className="row">
        <Button type="submit" loading={form.submitting}>Add vitals</Button>
        <Button variant="secondary" onClick={onClose} disabled={form.submitting}>Cancel</Button>
      </div>
    </form>
  );
}
