import { PASSWORD_MIN } from "../../../../../sync/constants.ts";
import type { FieldErrors } from "../../../../../sync/field-errors.ts";
import { bindField } from "../../../lib/forms/field-binding.ts";
import { TextField } from "../../../ui/index.ts";
import type { NewPasswordValues } from "../new-password.ts";

/** What the fields need of the form they sit in (`useForm`'s controller). */
type NewPasswordForm = {
  values: NewPasswordValues;
  set: (name: keyof NewPasswordValues, value: string) => void;
  errors: FieldErrors;
  fieldId: (name: string) => string;
};

/** A new password and its repeat, as every password form has them. */
export function PasswordFields({ form, label = "Password" }: { form: NewPasswordForm; label?: string }) {
  const field = (name: keyof NewPasswordValues) => bindField(form, name);
  return (
    <>
      <TextField
        {...field("password")}
        label={label}
        type="password"
        autoComplete="new-password"
        required
        hint={`At least ${PASSWORD_MIN} symbols; not a common password`}
      />
      <TextField
        {...field("repeatPassword")}
        label="Repeat password"
        type="password"
        autoComplete="new-password"
        required
      />
    </>
  );
}
