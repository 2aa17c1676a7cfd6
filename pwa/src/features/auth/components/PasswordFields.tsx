import { PASSWORD_MIN } from "../../../../../sync/constants.ts";
import { TextField } from "../../../ui/index.ts";

type PasswordFieldsProps = {
  password: string;
  repeatPassword: string;
  onChange: (name: "password" | "repeatPassword", value: string) => void;
  errors: Record<string, string | undefined>;
  fieldId: (name: string) => string;
  label?: string;
};

/** A new password and its repeat, as every password form has them. */
export function PasswordFields({ password, repeatPassword, onChange, errors, fieldId, label = "Password" }: PasswordFieldsProps) {
  return (
    <>
      <TextField
        id={fieldId("password")}
        label={label}
        type="password"
        autoComplete="new-password"
        required
        hint={`At least ${PASSWORD_MIN} symbols; not a common password`}
        value={password}
        onChange={(value) => onChange("password", value)}
        error={errors.password}
      />
      <TextField
        id={fieldId("repeatPassword")}
        label="Repeat password"
        type="password"
        autoComplete="new-password"
        required
        value={repeatPassword}
        onChange={(value) => onChange("repeatPassword", value)}
        error={errors.repeatPassword}
      />
    </>
  );
}
