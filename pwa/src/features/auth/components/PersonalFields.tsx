import { US_STATES } from "../../../../../sync/us-states.ts";
import { bindField } from "../../../lib/forms/field-binding.ts";
import { Select, TextField } from "../../../ui/index.ts";

export const STATE_OPTIONS = Object.entries(US_STATES).map(([value, label]) => ({ value, label }));
export const GENDER_OPTIONS = [
  { value: "Female", label: "Female" },
  { value: "Male", label: "Male" },
];

export type PersonalValues = {
  firstName: string;
  lastName: string;
  birthDate: string;
  gender: string;
  phoneNumber?: string;
  state: string;
  city: string;
  zip: string;
  address: string;
};

type PersonalFieldsProps = {
  values: PersonalValues;
  set: (name: keyof PersonalValues, value: string) => void;
  errors: Record<string, string | undefined>;
  fieldId: (name: string) => string;
  /** The phone is changed through its own verified flow once the account exists. */
  withPhone?: boolean;
};

const today = () => new Date().toISOString().slice(0, 10);

/** Name, birth date, gender, phone and US address: shared by registration and profile editing. */
export function PersonalFields(props: PersonalFieldsProps) {
  const { values, set, errors, fieldId, withPhone = true } = props;
  const field = (name: "gender" | "state") => bindField(props, name);
  const text = (name: keyof PersonalValues, label: string, extra: Record<string, string> = {}) => (
    <TextField
      id={fieldId(name)}
      label={label}
      required
      value={values[name] ?? ""}
      onChange={(value) => set(name, value)}
      error={errors[name]}
      {...extra}
    />
  );
  return (
    <div className="form-grid form-grid--two">
      {text("firstName", "First name", { autoComplete: "given-name" })}
      {text("lastName", "Last name", { autoComplete: "family-name" })}
      {text("birthDate", "Birth date", { type: "date", autoComplete: "bday", min: "1900-01-01", max: today() })}
      <Select
        {...field("gender")}
        label="Gender"
        required
        placeholder="Choose…"
        options={GENDER_OPTIONS}
      />
      {withPhone &&
        text("phoneNumber", "Phone number", { type: "tel", autoComplete: "tel", inputMode: "tel" })}
      <Select
        {...field("state")}
        label="State"
        required
        placeholder="Choose your state…"
        options={STATE_OPTIONS}
      />
      {text("city", "City", { autoComplete: "address-level2" })}
      {text("zip", "Zip code", { inputMode: "numeric", autoComplete: "postal-code", maxLength: "5" })}
      <div className="form-grid__wide">{text("address", "Street address", { autoComplete: "street-address" })}</div>
    </div>
  );
}
