import { useState } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { homePath } from "../../../../../sync/rules/home-path.ts";
import { useApi, useAppDeps } from "../../../lib/app-deps.tsx";
import { Button } from "../../../ui/index.ts";
import { ApplicationStatusNotice } from "../../account/index.ts";
import { INACTIVE_NOTICE_CLOSED_KEY, openAuthDialog, useSession } from "../../auth/index.ts";

export const CONNECT_ERROR = "There was an error connecting your stripe account!";

/**
 * `/stripe/connect` and `/stripe/inactive` (the same page, 02 §2): a doctor
 * connects the payout account that receives patients' payments. On the
 * inactive variant the notice can be closed for this tab.
 */
export function PayoutConnectPage() {
  const { user } = useSession();
  const { tabFlags } = useAppDeps();
  const api = useApi();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const inactive = pathname === "/stripe/inactive";
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  const connect = async () => {
    setBusy(true);
    setFailed(false);
    try {
      // Both variants go (back) to the processor's onboarding: an inactive account usually misses details.
      const { url } = await api.GET("/stripe/connect/provider/link");
      // http only for the local Stripe-API emulator (npm start without Stripe keys).
      if (typeof url !== "string" || !/^https?:\/\//.test(url)) throw new Error("No link in the answer");
      globalThis.location.assign(url);
    } catch {
      setFailed(true);
      setBusy(false);
    }
  };
  const closeNotice = () => {
    tabFlags.setItem(INACTIVE_NOTICE_CLOSED_KEY, "true");
    navigate(homePath(user), { replace: true });
  };

  const title = inactive ? "Your payout account is not active" : "Connect your payout account";
  return (
    <section className="stack" aria-labelledby="payout-title" style={{ maxWidth: 640 }}>
      <title>{`${title} · DPC Telehealth`}</title>
      <h1 id="payout-title">{title}</h1>
      <p>
        {inactive
          ? "The payment provider has not activated your payout account yet, usually because some details are missing. Until it is active, patients cannot subscribe to your practice."
          : "Patients pay for memberships and services by card; the payment provider sends your earnings to your payout account. Connect it to open your practice."}
      </p>
      {user?.role === "doctor" && !inactive && !user.isAccountApproved && <ApplicationStatusNotice user={user} here="connect" />}
      {failed && (
        <div className="stack">
          <p className="form-error" role="alert">{CONNECT_ERROR}</p>
          <div className="row">
            <Button onClick={connect}>Retry</Button>
            <Link to="/settings" className="ui-button ui-button--secondary">Go to settings</Link>
          </div>
        </div>
      )}
      {!user && (
        <div>
          <Button onClick={() => openAuthDialog("login")}>Sign in to continue</Button>
        </div>
      )}
      {user?.role === "doctor" && !failed && (
        <div className="row">
          <Button onClick={connect} loading={busy}>
            {inactive ? "Complete your payout account" : "Connect payout account"}
          </Button>
          {inactive && <Button variant="text" onClick={closeNotice}>Not now</Button>}
        </div>
      )}
    </section>
  );
}
