import { SPECIALTIES } from "../../../../../sync/constants.ts";
import { Select, TextField } from "../../../ui/index.ts";
import { timezoneOptions } from "../../../lib/us-timezones.ts";
import { LicensedStatesField } from "./LicensedStatesField.tsx";

export type DoctorValues = {
  npi: string;
  dea: string;
  fax: string;
  timezone: string;
  specialty: string;
  licensedStates: string[];
};

type DoctorFieldsProps = {
  values: DoctorValues;
  set: (name: Exclude<keyof DoctorValues, "licensedStates">, value: string) => void;
  setLicensedStates: (value: string[]) => void;
  errors: Record<string, string | undefined>;
  fieldId: (name: string) => string;
};

/** The professional fields of a doctor's application (02 §5). */
export function DoctorFields({ values, set, setLicensedStates, errors, fieldId }: DoctorFieldsProps) {
  return (
    <div className="stack">
      <div className="form-grid form-grid--two">
        <TextField
          id={fieldId("npi")}
          label="NPI number"
          inputMode="numeric"
          required
          maxLength={10}
          hint="10 digits"
          value={values.npi}
          onChange={(value) => set("npi", value)}
          error={errors.npi}
        />
        <TextField
          id={fieldId("dea")}
          label="DEA number"
          required
          maxLength={9}
          hint="Two letters and seven digits"
          value={values.dea}
          onChange={(value) => set("dea", value)}
          error={errors.dea}
        />
        <TextField
          id={fieldId("fax")}
          label="Fax number"
          type="tel"
          required
          value={values.fax}
          onChange={(value) => set("fax", value)}
          error={errors.fax}
        />
        <Select
          id={fieldId("specialty")}
          label="Specialty"
          required
          placeholder="Choose…"
          options={SPECIALTIES.map((name) => ({ value: name, label: name }))}
          value={values.specialty}
          onChange={(value) => set("specialty", value)}
          error={errors.specialty}
        />
        <Select
          id={fieldId("timezone")}
          className="form-grid__wide"
          label="Time zone"
          required
          options={timezoneOptions(values.timezone)}
          value={values.timezone}
          onChange={(value) => set("timezone", value)}
          error={errors.timezone}
        />
      </div>
      <LicensedStatesField
        value={values.licensedStates}
        onChange={setLicensedStates}
        error={errors.licensedStates}
        fieldId={fieldId}
      />
    </div>
  );
}
