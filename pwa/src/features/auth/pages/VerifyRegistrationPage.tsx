import { useState } from "react";
import { useSearchParams } from "react-router";
import { useApi } from "../../../lib/app-deps.tsx";
import { errorMessage } from "../../../lib/api/api-error.ts";
import { Button, Spinner } from "../../../ui/index.ts";
import { openAuthDialog } from "../auth-dialog-events.ts";
import { AuthCard } from "../components/AuthCard.tsx";
import { useOnce } from "../../../lib/use-once.ts";

type State = { kind: "checking" } | { kind: "done" } | { kind: "failed"; message: string };

/** `/verifyRegistration?token=…`: activates the account, then offers sign-in. */
export function VerifyRegistrationPage() {
  const api = useApi();
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const [state, setState] = useState<State>(token ? { kind: "checking" } : {
    kind: "failed",
    message: "This activation link is incomplete. Open the link from your email again.",
  });

  useOnce(() => {
    if (!token) return;
    api.POST("/users/verify", { body: { token }, auth: false })
      .then(() => {
        setState({ kind: "done" });
        openAuthDialog("login");
      })
      .catch((error) => setState({ kind: "failed", message: errorMessage(error) }));
  });

  return (
    <AuthCard title="Account activation">
      {state.kind === "checking" && (
        <div className="row">
          <Spinner size={32} label="Activating your account" />
          <span>Activating your account…</span>
        </div>
      )}
      {state.kind === "done" && (
        <>
          <p className="notice notice--success" role="status">Your account is active. You can sign in now.</p>
          <Button onClick={() => openAuthDialog("login")}>Sign in</Button>
        </>
      )}
      {state.kind === "failed" && (
        <>
          <p className="form-error" role="alert">{state.message}</p>
          <Button variant="secondary" onClick={() => openAuthDialog("login")}>Go to sign in</Button>
        </>
      )}
    </AuthCard>
  );
}
