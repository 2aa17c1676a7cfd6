import { useState } from "react";
import { Link } from "react-router";
import { changeEmailSchema } from "../../../../../sync/schemas/auth.ts";
import { useApi } from "../../../lib/app-deps.tsx";
import { useForm } from "../../../lib/forms/use-form.ts";
import { Button, TextField, useSnackbar } from "../../../ui/index.ts";
import { FormError, useCurrentUser, useSession } from "../../auth/index.ts";
import { SendCodeButton } from "./SendCodeButton.tsx";

/** Changing the sign-in email needs a code sent by SMS to the verified phone. */
export function ChangeEmailSection() {
  const api = useApi();
  const user = useCurrentUser();
  const { setUser } = useSession();
  const notify = useSnackbar();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm({
    schema: changeEmailSchema,
    initial: { newEmail: "", verificationCode: "" },
    idPrefix: "change-email",
  });

  const submit = form.handleSubmit(async (data) => {
    setUser(await api.PUT("/users/me/change-email", { body: data }));
    form.setValues(() => ({ newEmail: "", verificationCode: "" }));
    setSentTo(null);
    notify("Your email is changed", "success");
  });

  if (!user.isPhoneNumberVerified) {
    return (
      <p>
        Your email is <strong>{user.email}</strong>. To change it we send a code to your phone, so first{" "}
        <Link to="#phone">verify your phone number</Link>.
      </p>
    );
  }
  return (
    <div className="stack">
      <p>Your email is <strong>{user.email}</strong>.</p>
      <SendCodeButton onSent={setSentTo} label="Send code to my phone" />
      <form className="stack" onSubmit={submit} noValidate aria-label="Change email">
        {sentTo && <p role="status">We sent a six-digit code to {sentTo}.</p>}
        <TextField
          {...form.field("newEmail")}
          label="New email"
          type="email"
          autoComplete="email"
        />
        <TextField
          {...form.field("verificationCode")}
          label="Code from the SMS"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
        />
        <FormError message={form.formError} />
        <div>
          <Button type="submit" loading={form.submitting}>Change email</Button>
        </div>
      </form>
    </div>
  );
}
