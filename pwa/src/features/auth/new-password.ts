import { type FieldErrors, validate } from "../../../../sync/field-errors.ts";
import { vmaPasswordSchema } from "../../../../sync/schemas/auth.ts";

/** A new password and its repeat, as every password form holds them. */
export type NewPasswordValues = { password: string; repeatPassword: string };

/**
 * The pair checked on its own: a form's schema reports the mismatch only once every other
 * field is valid, so a form with more fields says it at once, beside the repeat (the rule and
 * its message are the pair schema's from sync/).
 */
export function newPasswordErrors(values: NewPasswordValues): FieldErrors {
  if (!values.repeatPassword) return {};
  const pair = validate(vmaPasswordSchema, { password: values.password, repeatPassword: values.repeatPassword });
  return !pair.ok && pair.errors.repeatPassword ? { repeatPassword: pair.errors.repeatPassword } : {};
}
