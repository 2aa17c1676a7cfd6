import { SPECIALTIES } from "../../../../../sync/constants.ts";
import { Select, TextField } from "../../../ui/index.ts";
import { bindField } from "../../../lib/forms/field-binding.ts";
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
export function DoctorFields(props: DoctorFieldsProps) {
  const { values, setLicensedStates, errors, fieldId } = props;
  const field = (name: Exclude<keyof DoctorValues, "licensedStates">) => bindField(props, name);
  return (
    <div className="stack">
      <div className="form-grid form-grid--two">
        <TextField
          {...field("npi")}
          label="NPI number"
          inputMode="numeric"
          required
          maxLength={10}
          hint="10 digits"
        />
        <TextField
          {...field("dea")}
          label="DEA number"
          required
          maxLength={9}
          hint="Two letters and seven digits"
        />
        <TextField
          {...field("fax")}
          label="Fax number"
          type="tel"
          required
        />
        <Select
          {...field("specialty")}
          label="Specialty"
          required
          placeholder="Choose…"
          options={SPECIALTIES.map((name) => ({ value: name, label: name }))}
        />
        <Select
          {...field("timezone")}
          className="form-grid__wide"
          label="Time zone"
          required
          options={timezoneOptions(values.timezone)}
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
