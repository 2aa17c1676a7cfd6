import { useEffect, useRef } from "react";
import {
  type Encounter,
  encounterCreateSchema,
  ENCOUNTER_TYPES,
  encounterUpdateSchema,
} from "../../../../../sync/schemas/encounter.ts";
import { useApi } from "../../../lib/app-deps.tsx";
import { useForm } from "../../../lib/forms/use-form.ts";
import { Button, Select, TextField, useSnackbar } from "../../../ui/index.ts";
import { FormError, useSession } from "../../auth/index.ts";
import { SAVED_ON_DEVICE, useRecordOnDevice } from "../../sync/index.ts";
import { ENCOUNTER_TYPE_LABELS, formatDateTime, fromLocalInput, toLocalInput } from "../lib/chart-format.ts";
import { useVisitsToDocument } from "../hooks/use-visits.ts";

const TYPE_OPTIONS = ENCOUNTER_TYPES.map((t) => ({ value: t, label: ENCOUNTER_TYPE_LABELS[t] }));

type Props =
  | {
    mode: "create";
    patientId: string;
    /** The consultation this encounter documents ("Document this visit"), prefilling type, reason and time. */
    visitId?: string;
    onSaved: (e: Encounter) => void;
    onClose: () => void;
  }
  | { mode: "edit"; encounter: Encounter; onSaved: (e: Encounter) => void; onClose: () => void };

/** A new encounter (`POST /encounters/{patientId}`, the doctor's) or its changes (`PUT /encounters/{id}`). */
export function EncounterForm(props: Props) {
  const api = useApi();
  const notify = useSnackbar();
  const { user } = useSession();
  const device = useRecordOnDevice();
  const current = props.mode === "edit" ? props.encounter : null;
  const visitId = props.mode === "create" ? props.visitId ?? "" : "";
  const visits = useVisitsToDocument(user?.id ?? "", props.mode === "create" ? props.patientId : "", visitId);
  const form = useForm({
    schema: props.mode === "create" ? encounterCreateSchema : encounterUpdateSchema,
    idPrefix: "encounter-form",
    initial: {
      type: current?.type ?? "",
      reason: current?.reason ?? "",
      datetime: toLocalInput(current?.encounterDatetime ?? new Date()),
      details: current?.details ?? "",
      consultationId: visitId,
    },
    toInput: (v) => ({
      type: v.type,
      reason: v.reason,
      datetime: fromLocalInput(v.datetime),
      details: props.mode === "create" && !v.details.trim() ? undefined : v.details,
      ...(props.mode === "create" && v.consultationId && !device.offline ? { consultationId: v.consultationId } : {}),
    }),
  });
  const { values, errors, fieldId } = form;
  // Choosing a visit fills in what it already says (the visit asked for by "Document this visit", once the device has it).
  const fillFrom = (id: string) => {
    const visit = visits.find((c) => c.id === id);
    form.setValues((v) => ({
      ...v,
      consultationId: id,
      ...(visit ? { type: visit.type, reason: visit.reason, datetime: toLocalInput(visit.startAt) } : {}),
    }));
  };
  const prefilled = useRef(false);
  useEffect(() => {
    if (prefilled.current || !visitId || !visits.some((c) => c.id === visitId)) return;
    prefilled.current = true;
    fillFrom(visitId);
  });
  const submit = form.handleSubmit(async (data) => {
    let saved: Encounter;
    if (props.mode === "edit") saved = await api.PUT("/encounters/{id}", { path: { id: props.encounter.id }, body: data });
    else {
      // A new encounter went through the create schema (see `schema`): parsing it again gives the create input's type.
      const created = encounterCreateSchema.parse(data);
      if (device.offline) {
        // A home visit with no network: the encounter starts on the device (its notes can be written at once).
        const entry = await device.record({ kind: "encounter", patientId: props.patientId, input: created });
        notify(SAVED_ON_DEVICE, "success");
        if (entry.kind === "encounter" && entry.data) props.onSaved(entry.data);
        props.onClose();
        return;
      }
      saved = await api.POST("/encounters/{patientId}", { path: { patientId: props.patientId }, body: created });
    }
    notify(props.mode === "create" ? "Encounter created" : "Encounter saved", "success");
    props.onSaved(saved);
    props.onClose();
  });
  const label = props.mode === "create" ? "New encounter" : "Edit encounter";
  return (
    <form className="stack" onSubmit={submit} noValidate aria-label={label}>
      {props.mode === "create" && !device.offline && visits.length > 0 && (
        <Select
          id={fieldId("consultationId")}
          label="Visit documented (optional)"
          placeholder="Not a consultation"
          options={visits.map((c) => ({ value: c.id, label: `${formatDateTime(c.startAt)} · ${c.reason}` }))}
          value={values.consultationId}
          onChange={(v) => (v ? fillFrom(v) : form.set("consultationId", ""))}
          error={errors.consultationId}
        />
      )}
      <div className="form-grid form-grid--two">
        <Select
          {...form.field("type")}
          label="Type"
          required
          placeholder="Choose…"
          options={TYPE_OPTIONS}
        />
        <TextField
          {...form.field("datetime")}
          label="Date and time"
          type="datetime-local"
          required
        />
      </div>
      <TextField
        {...form.field("reason")}
        label="Reason"
        required
        autoComplete="off"
        maxLength={500}
      />
      <TextField
        {...form.field("details")}
        label="Details (optional)"
        hint="The patient sees them once the encounter is sent."
        multiline
      />
      {errors._ && <p className="form-error" role="alert">{errors._}</p>}
      <FormError message={form.formError} />
      <div className="row">
        <Button type="submit" loading={form.submitting}>{props.mode === "create" ? "Create encounter" : "Save encounter"}</Button>
        <Button variant="secondary" onClick={props.onClose} disabled={form.submitting}>Cancel</Button>
      </div>
    </form>
  );
}
