import { useState } from "react";
import { useSearchParams } from "react-router";
import { resetPasswordSchema } from "../../../../../sync/schemas/auth.ts";
import { useApi } from "../../../lib/app-deps.tsx";
import { errorMessage } from "../../../lib/api/api-error.ts";
import { Button, Spinner, useSnackbar } from "../../../ui/index.ts";
import { openAuthDialog } from "../auth-dialog-events.ts";
import { AuthCard } from "../components/AuthCard.tsx";
import { NewPasswordForm } from "../components/NewPasswordForm.tsx";
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
  const path = { token };

  useOnce(() => {
    if (!token) return;
    api.GET("/users/reset/{token}", { path, auth: false })
      .then(() => setCheck({ kind: "valid" }))
      .catch((error) => setCheck({ kind: "invalid", message: errorMessage(error) }));
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
        <NewPasswordForm
          schema={resetPasswordSchema}
          idPrefix="reset"
          label="Reset password"
          passwordLabel="New password"
          submitLabel="Save password"
          onSubmit={async (data) => {
            await api.POST("/users/reset/{token}", { path, body: data, auth: false });
            notify("Your password has been changed", "success");
            setCheck({ kind: "done" });
            openAuthDialog("login");
          }}
        />
      )}
    </AuthCard>
  );
}
