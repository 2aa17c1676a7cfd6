import { useEffect, useState } from "react";
import { Link } from "react-router";
import { useAppDeps } from "../lib/app-deps.tsx";
import { Button, Dialog } from "../ui/index.ts";

type Shown = "paymentAction" | "subscription" | "erxProfile" | null;

/**
 * Minimal dialogs for the product errors the API client announces (01 §8).
 * Commerce and e-prescribing issues replace their content with the real flows.
 */
export function ApiEventDialogs() {
  const { events } = useAppDeps();
  const [shown, setShown] = useState<Shown>(null);

  useEffect(() => {
    const offs = [
      events.on("paymentActionRequired", () => setShown("paymentAction")),
      events.on("subscriptionRequired", () => setShown("subscription")),
      events.on("erxProfileRequired", () => setShown("erxProfile")),
    ];
    return () => offs.forEach((off) => off());
  }, [events]);

  const close = () => setShown(null);
  const title = shown === "paymentAction"
    ? "Your bank needs a confirmation"
    : shown === "subscription"
    ? "A membership is needed"
    : "Complete your e-prescribing profile";

  return (
    <Dialog open={shown !== null} title={title} onClose={close}>
      <div className="stack">
        {shown === "paymentAction" && (
          <p>
            Your card issuer asked for an extra confirmation before this payment can go through. Nothing has been
            charged yet. Please try again in a moment; if it keeps happening, contact your bank.
          </p>
        )}
        {shown === "subscription" && (
          <>
            <p>This needs an active membership with a doctor. Choose a plan to continue.</p>
            <Link to="/doctors" onClick={close}>Find a doctor and a plan</Link>
          </>
        )}
        {shown === "erxProfile" && (
          <>
            <p>
              Electronic prescribing needs your full professional profile (NPI, DEA, address and phone) before
              prescriptions can be sent.
            </p>
            <Link to="/profile/edit" onClick={close}>Complete your profile</Link>
          </>
        )}
        <Button variant="secondary" onClick={close}>Close</Button>
      </div>
    </Dialog>
  );
}
