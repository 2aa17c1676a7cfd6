import { useState } from "react";
import { useSearchParams } from "react-router";
import { vmaPasswordSchema } from "../../../../../sync/schemas/auth.ts";
import { useApi } from "../../../lib/app-deps.tsx";
import { useForm } from "../../../lib/forms/use-form.ts";
import { Button, useSnackbar } from "../../../ui/index.ts";
import { openAuthDialog } from "../auth-dialog-events.ts";
import { AuthCard } from "../components/AuthCard.tsx";
import { FormError } from "../components/FormError.tsx";
import { PasswordFields } from "../components/PasswordFields.tsx";

/** `/vmaPassword?token=…`: an assistant invited by a doctor creates their password. */
export function VmaPasswordPage() {
  const api = useApi();
  const notify = useSnackbar();
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const [done, setDone] = useState(false);
  const form = useForm({ schema: vmaPasswordSchema, initial: { password: "", repeatPassword: "" }, idPrefix: "vma" });

  const submit = form.handleSubmit(async (data) => {
    await api.POST("/vmas/password/{token}", { path: { token }, body: data, auth: false });
    notify("Your password is set", "success");
    setDone(true);
    openAuthDialog("login");
  });

  return (
    <AuthCard title="Create your password">
      {!token && <p className="form-error" role="alert">This invitation link is incomplete. Open the link from your email again.</p>}
      {token && done && (
        <>
          <p className="notice notice--success" role="status">Your password is set. Sign in to start working.</p>
          <Button onClick={() => openAuthDialog("login")}>Sign in</Button>
        </>
      )}
      {token && !done && (
        <form className="stack" onSubmit={submit} noValidate aria-label="Create password">
          <p className="muted">Your doctor invited you as a virtual medical assistant. Choose a password for your account.</p>
          <PasswordFields
            password={form.values.password}
            repeatPassword={form.values.repeatPassword}
            onChange={(name, value) => form.set(name, value)}
            errors={form.errors}
            fieldId={form.fieldId}
          />
          <FormError message={form.formError} />
          <Button type="submit" loading={form.submitting}>Create password</Button>
        </form>
      )}
    </AuthCard>
  );
}
