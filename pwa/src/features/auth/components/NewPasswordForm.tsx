import type { ReactNode } from "react";
import type { z } from "zod";
import { useForm } from "../../../lib/forms/use-form.ts";
import { Button, TextField } from "../../../ui/index.ts";
import { FormError } from "./FormError.tsx";
import { newPasswordErrors, type NewPasswordValues } from "../new-password.ts";
import { PasswordFields } from "./PasswordFields.tsx";

type Props<T> = {
  /** The route's schema from sync/ (the pair, and the current password when asked for). */
  schema: z.ZodType<T>;
  idPrefix: string;
  /** The form's accessible name. */
  label: string;
  submitLabel: string;
  passwordLabel?: string;
  /** A signed-in change asks for the current password first. */
  withCurrentPassword?: boolean;
  /** In a settings section the button keeps its own width; in a card it spans the form. */
  inlineButton?: boolean;
  /** Shown above the fields. */
  children?: ReactNode;
  /** Sends the password; the fields are emptied once it succeeds. */
  onSubmit: (data: T) => Promise<void>;
};

/** Choosing a new password: setting it from an emailed link, or changing it in the settings. */
export function NewPasswordForm<T>(props: Props<T>) {
  const { schema, idPrefix, label, submitLabel, passwordLabel, withCurrentPassword = false, inlineButton = false } = props;
  const empty: NewPasswordValues & { currentPassword?: string } = withCurrentPassword
    ? { currentPassword: "", password: "", repeatPassword: "" }
    : { password: "", repeatPassword: "" };
  const form = useForm({ schema, initial: empty, idPrefix, extraCheck: newPasswordErrors });

  const submit = form.handleSubmit(async (data) => {
    await props.onSubmit(data);
    form.setValues(() => empty);
  });
  const button = <Button type="submit" loading={form.submitting}>{submitLabel}</Button>;

  return (
    <form className="stack" onSubmit={submit} noValidate aria-label={label}>
      {props.children}
      {withCurrentPassword && (
        <TextField
          id={form.fieldId("currentPassword")}
          label="Current password"
          type="password"
          autoComplete="current-password"
          required
          value={form.values.currentPassword ?? ""}
          onChange={(value) => form.set("currentPassword", value)}
          error={form.errors.currentPassword}
        />
      )}
      <PasswordFields form={form} label={passwordLabel} />
      <FormError message={form.formError} />
      {inlineButton ? <div>{button}</div> : button}
    </form>
  );
}
