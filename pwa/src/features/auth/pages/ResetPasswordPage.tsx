import { useState } from "react";
import { useSearchParams } from "react-router";
import { resetPasswordSchema } from "../../../../../sync/schemas/auth.ts";
import { useApi } from "../../../lib/app-deps.tsx";
import { errorMessage } from "../../../lib/api/api-error.ts";
import { useForm } from "../../../lib/forms/use-form.ts";
import { Button, Spinner, useSnackbar } from "../../../ui/index.ts";
import { openAuthDialog } from "../auth-dialog-events.ts";
import { AuthCard } from "../components/AuthCard.tsx";
import { FormError } from "../components/FormError.tsx";
import { PasswordFields } from "../components/PasswordFields.tsx";
import { useOnce } from "../../../lib/use-once.ts";

type Check = { kind: "checking" } | { kind: "valid" } | { kind: "invalid"; message: string } | { kind: "done" };

/** `/resetPassword?token=…`: checks the link, then sets a new password. */
export function ResetPasswordPage() {
  const api = useApi();
  const notify = useSnackbar();
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const [check, setCheck] = useState<Check>(
    token ? { kind: "checking" } : { kind: "invalid", message: "This reset link is incomplete." },
  );
  const form = useForm({ schema: resetPasswordSchema, initial: { password: "", repeatPassword: "" }, idPrefix: "reset" });
  const path = { token };

  useOnce(() => {
    if (!token) return;
    api.GET("/users/reset/{token}", { path, auth: false })
      .then(() => setCheck({ kind: "valid" }))
      .catch((error) => setCheck({ kind: "invalid", message: errorMessage(error) }));
  });

  const submit = form.handleSubmit(async (data) => {
    await api.POST("/users/reset/{token}", { path, body: data, auth: false });
    notify("Your password has been changed", "success");
    setCheck({ kind: "done" });
    openAuthDialog("login");
  });

  return (
    <AuthCard title="Set a new password">
      {check.kind === "checking" && <Spinner size={32} label="Checking your link" />}
      {check.kind === "invalid" && (
        <>
          <p className="form-error" role="alert">{check.message}</p>
          <Button variant="secondary" onClick={() => openAuthDialog("forgot")}>Request a new link</Button>
        </>
      )}
      {check.kind === "done" && (
        <>
          <p className="notice notice--success" role="status">Your password has been changed. Sign in with it now.</p>
          <Button onClick={() => openAuthDialog("login")}>Sign in</Button>
        </>
      )}
      {check.kind === "valid" && (
        <form className="stack" onSubmit={submit} noValidate aria-label="Reset password">
          <PasswordFields
            label="New password"
            password={form.values.password}
            repeatPassword={form.values.repeatPassword}
            onChange={(name, value) => form.set(name, value)}
            errors={form.errors}
            fieldId={form.fieldId}
          />
          <FormError message={form.formError} />
          <Button type="submit" loading={form.submitting}>Save password</Button>
        </form>
      )}
    </AuthCard>
  );
}
