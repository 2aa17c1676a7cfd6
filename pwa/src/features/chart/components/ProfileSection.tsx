import { type ReactNode, useState } from "react";
import { type ChartPatient, patientGeneralSchema } from "../../../../../sync/schemas/patient-record.ts";
import { useApi } from "../../../lib/app-deps.tsx";
import { useForm } from "../../../lib/forms/use-form.ts";
import { Button, Select, TextField, useSnackbar } from "../../../ui/index.ts";
import { FormError, GENDER_OPTIONS } from "../../auth/index.ts";
import { formatBirthDate } from "../../patients/index.ts";

type Props = {
  patient: ChartPatient;
  canEdit: boolean;
  onSaved: (patient: ChartPatient) => void;
  /** Said under the heading (the device's copy read offline). */
  notice?: ReactNode;
};

/** The patient's general data, and its form (`PUT /patient/edit/general/{id}`). */
export function ProfileSection({ patient, canEdit, onSaved, notice }: Props) {
  const [editing, setEditing] = useState(false);
  return (
    <section className="stack" aria-labelledby="profile-title">
      <div className="row chart-section__bar">
        <h2 id="profile-title">Profile</h2>
        {canEdit && !editing && <Button variant="secondary" onClick={() => setEditing(true)}>Edit profile</Button>}
      </div>
      {notice}
      {editing
        ? (
          <GeneralForm
            patient={patient}
            onCancel={() => setEditing(false)}
            onSaved={(saved) => {
              onSaved(saved);
              setEditing(false);
            }}
          />
        )
        : (
          <dl className="details-grid">
            <dt>First name</dt>
            <dd>{patient.firstName}</dd>
            <dt>Middle name</dt>
            <dd>{patient.middleName || "—"}</dd>
            <dt>Last name</dt>
            <dd>{patient.lastName}</dd>
            <dt>Birth date</dt>
            <dd>{formatBirthDate(patient.birthDate)}</dd>
            <dt>Gender</dt>
            <dd>{patient.gender ?? "Not recorded"}</dd>
            <dt>Email</dt>
            <dd>{patient.email}</dd>
            <dt>Phone</dt>
            <dd>{patient.phoneNumber ?? "Not recorded"}</dd>
          </dl>
        )}
    </section>
  );
}

function GeneralForm({ patient, onCancel, onSaved }: { patient: ChartPatient; onCancel: () => void; onSaved: (p: ChartPatient) => void }) {
  const api = useApi();
  const notify = useSnackbar();
  const form = useForm({
    schema: patientGeneralSchema,
    idPrefix: "general",
    initial: {
      firstName: patient.firstName,
      lastName: patient.lastName,
      middleName: patient.middleName ?? "",
      birthDate: patient.birthDate ?? "",
      gender: patient.gender ?? "",
    },
  });
  const { values, errors, fieldId } = form;
  const submit = form.handleSubmit(async (data) => {
    const saved = await api.PUT("/patient/edit/general/{id}", { path: { id: patient.id }, body: data });
    notify("Profile saved", "success");
    onSaved(saved);
  });
  const text = (name: "firstName" | "middleName" | "lastName" | "birthDate", label: string, required = false, type = "text") => (
    <TextField
      id={fieldId(name)}
      label={label}
      type={type}
      required={required}
      autoComplete="off"
      value={values[name]}
      onChange={(v) => form.set(name, v)}
      error={errors[name]}
    />
  );
  return (
    <form className="stack" onSubmit={submit} noValidate aria-label="Edit profile">
      <div className="form-grid form-grid--two">
        {text("firstName", "First name", true)}
        {text("middleName", "Middle name")}
        {text("lastName", "Last name", true)}
        {text("birthDate", "Birth date", true, "date")}
        <Select
          {...form.field("gender")}
          label="Gender"
          required
          placeholder="Choose…"
          options={GENDER_OPTIONS}
        />
      </div>
      <FormError message={form.formError} />
      <div className="row">
        <Button type="submit" loading={form.submitting}>Save profile</Button>
        <Button variant="secondary" onClick={onCancel} disabled={form.submitting}>Cancel</Button>
      </div>
    </form>
  );
}
