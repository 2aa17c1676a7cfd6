import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { useApi } from "../../../lib/app-deps.tsx";
import { errorMessage } from "../../../lib/api/api-error.ts";
import { Spinner } from "../../../ui/index.ts";
import { useOnce } from "../../../lib/use-once.ts";
import { useSession } from "../../auth/index.ts";
import { CONNECT_ERROR } from "./PayoutConnectPage.tsx";

type State = { kind: "finishing" } | { kind: "done" } | { kind: "failed"; message: string };

/**
 * `/stripe/connected`: the payment provider sends the doctor back here with
 * `code` and `state`; `POST /stripe/connect/provider/finalize {code, csrfToken}`
 * completes the connection and answers the updated user.
 */
export function PayoutConnectedPage() {
  const api = useApi();
  const { setUser } = useSession();
  const [params] = useSearchParams();
  const code = params.get("code");
  const [state, setState] = useState<State>(code ? { kind: "finishing" } : { kind: "done" });

  useOnce(() => {
    if (!code) return;
    api.post<unknown>("/stripe/connect/provider/finalize", { code, csrfToken: params.get("state") ?? "" })
      .then((result) => {
        try {
          setUser(result);
        } catch {
          // The answer carried no user; the next sign-in check refreshes it.
        }
        setState({ kind: "done" });
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
          <p className="notice notice--success" role="status">Your payout account is connected.</p>
          <Link to="/home">Go to your home page</Link>
        </>
      )}
      {state.kind === "failed" && (
        <>
          <p className="form-error" role="alert">{CONNECT_ERROR} {state.message}</p>
          <div className="row">
            <Link to="/stripe/connect" className="ui-button">Retry</Link>
            <Link to="/settings" className="ui-button ui-button--secondary">Go to settings</Link>
          </div>
        </>
      )}
    </section>
  );
}
