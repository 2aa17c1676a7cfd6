import { useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { useApi, useAppDeps } from "../../../lib/app-deps.tsx";
import { errorMessage } from "../../../lib/api/api-error.ts";
import { Spinner } from "../../../ui/index.ts";
import { useOnce } from "../../../lib/use-once.ts";
import { CONNECT_ERROR } from "./PayoutConnectPage.tsx";
import { homePath } from "../../../../../sync/rules/home-path.ts";
import { ApplicationStatusNotice } from "../../account/index.ts";
import { useSession } from "../../auth/index.ts";

type State = { kind: "finishing" } | { kind: "done" } | { kind: "failed"; message: string };

/**
 * `/stripe/connected`: the payment provider's onboarding sends the doctor back
 * here with `state` (the single-use CSRF token the edge made with the link);
 * `POST /stripe/connect/provider/finalize {csrfToken}` reads the account: active
 * (charges and payouts enabled) → connected; not yet → `/stripe/inactive`.
 */
export function PayoutConnectedPage() {
  const api = useApi();
  const { user, setUser } = useSession();
  const { session } = useAppDeps();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const csrfToken = params.get("state");
  const [state, setState] = useState<State>(csrfToken ? { kind: "finishing" } : { kind: "failed", message: "" });

  useOnce(() => {
    if (!csrfToken) return;
    api.POST("/stripe/connect/provider/finalize", { body: { csrfToken } })
      .then((result) => {
        // The signed-in user has an account now: the app stops sending them to the connect page.
        const me = session.getState().user;
        if (me) setUser({ ...me, stripeAccount: result.accountId, isActiveStripeAccount: result.active });
        if (result.active) setState({ kind: "done" });
        else navigate("/stripe/inactive", { replace: true });
      })
      .catch((error) => setState({ kind: "failed", message: errorMessage(error) }));
  });

  return (
    <section className="stack" aria-labelledby="connected-title" style={{ maxWidth: 640 }}>
      <title>Payout account · DPC Telehealth</title>
      <h1 id="connected-title">Payout account</h1>
      {state.kind === "finishing" && <Spinner size={40} label="Finishing the connection" />}
      {state.kind === "done" && (
        <>
          <p className="notice notice--success" role="status">Your payout account is connected and active.</p>
          {user && !user.isAccountApproved && <ApplicationStatusNotice user={user} />}
          <Link to={user ? homePath(user) : "/home"}>{user?.isAccountApproved ? "Go to your home page" : "See your application"}</Link>
        </>
      )}
      {state.kind === "failed" && (
        <>
          <p className="form-error" role="alert">{state.message && state.message !== CONNECT_ERROR ? `${CONNECT_ERROR} ${state.message}` : CONNECT_ERROR}</p>
          <div className="row">
            <Link to="/stripe/connect" className="ui-button">Retry</Link>
            <Link to="/settings" className="ui-button ui-button--secondary">Go to settings</Link>
          </div>
        </>
      )}
    </section>
  );
}
