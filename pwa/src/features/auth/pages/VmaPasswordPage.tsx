import { useState } from "react";
import { useSearchParams } from "react-router";
import { vmaPasswordSchema } from "../../../../../sync/schemas/auth.ts";
import { useApi } from "../../../lib/app-deps.tsx";
import { Button, useSnackbar } from "../../../ui/index.ts";
import { openAuthDialog } from "../auth-dialog-events.ts";
import { AuthCard } from "../components/AuthCard.tsx";
import { NewPasswordForm } from "../components/NewPasswordForm.tsx";

/** `/vmaPassword?token=…`: an assistant invited by a doctor creates their password. */
export function VmaPasswordPage() {
  const api = useApi();
  const notify = useSnackbar();
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const [done, setDone] = useState(false);
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
        <NewPasswordForm
          schema={vmaPasswordSchema}
          idPrefix="vma"
          label="Create password"
          submitLabel="Create password"
          onSubmit={async (data) => {
            await api.POST("/vmas/password/{token}", { path: { token }, body: data, auth: false });
            notify("Your password is set", "success");
            setDone(true);
            openAuthDialog("login");
          }}
        >
          <p className="muted">Your doctor invited you as a virtual medical assistant. Choose a password for your account.</p>
        </NewPasswordForm>
      )}
    </AuthCard>
  );
}
