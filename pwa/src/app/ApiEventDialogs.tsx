import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { useSession } from "../features/auth/index.ts";
import { useAppDeps } from "../lib/app-deps.tsx";
import { Button, Dialog } from "../ui/index.ts";

// The join flow (card entry, 3-D Secure) loads only when a 402 asks for it.
const UpgradeMembershipDialog = lazy(() =>
  import("../features/payments/index.ts").then((m) => ({ default: m.UpgradeMembershipDialog }))
);

type Shown = "paymentAction" | "subscription" | "erxProfile" | null;

/**
 * Minimal dialogs for the product errors the API client announces (01 §8).
 * Commerce and e-prescribing issues replace their content with the real flows.
 */
const ERX_FIELD_LABELS: Record<string, string> = {
  firstName: "first name", lastName: "last name", birthDate: "birth date", gender: "gender", npi: "NPI", phoneNumber: "phone",
  fax: "fax", address: "address", city: "city", state: "state", zip: "ZIP",
};
const erxLabel = (f: string) => ERX_FIELD_LABELS[f] ?? f;

export function ApiEventDialogs() {
  const { events } = useAppDeps();
  const [shown, setShown] = useState<Shown>(null);
  const [erxMissing, setErxMissing] = useState<{ doctor: string[]; patient: string[] }>({ doctor: [], patient: [] });
  // 402 "Subscription required" names the doctor (edge memberships/requirement.ts): a patient joins right here.
  const [upgradeDoctor, setUpgradeDoctor] = useState<string | null>(null);
  const { user } = useSession();
  const role = useRef(user?.role);
  role.current = user?.role;

  useEffect(() => {
    const offs = [
      events.on("paymentActionRequired", () => setShown("paymentAction")),
      events.on("subscriptionRequired", ({ details }) => {
        const doctorId = typeof details?.doctorId === "string" ? details.doctorId : null;
        if (doctorId && role.current === "patient") setUpgradeDoctor(doctorId);
        else setShown("subscription");
      }),
      events.on("erxProfileRequired", (details) => {
        // The orders domain names what is missing on each side (edge/docs/orders.md).
        const list = (v: unknown) => Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : [];
        setErxMissing({ doctor: list(details?.doctorMissing), patient: list(details?.patientMissing) });
        setShown("erxProfile");
      }),
    ];
    return () => offs.forEach((off) => off());
  }, [events]);

  const close = () => setShown(null);
  const title = shown === "paymentAction"
    ? "Your bank needs a confirmation"
    : shown === "subscription"
    ? "A membership is needed"
    : "Complete your e-prescribing profile";

  if (upgradeDoctor) {
    return (
      <Suspense fallback={null}>
        <UpgradeMembershipDialog key={upgradeDoctor} doctorId={upgradeDoctor} onClose={() => setUpgradeDoctor(null)} />
      </Suspense>
    );
  }
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
              Electronic prescribing needs the prescriber's professional profile and the patient's identity and
              address before a prescription can be sent. Nothing was sent.
            </p>
            {erxMissing.doctor.length > 0 && <p>Your profile is missing: {erxMissing.doctor.map(erxLabel).join(", ")}.</p>}
            {erxMissing.patient.length > 0 && (
              <p>The patient's record is missing: {erxMissing.patient.map(erxLabel).join(", ")} (edit it in the chart's Profile section).</p>
            )}
            {(erxMissing.doctor.length > 0 || erxMissing.patient.length === 0) && (
              <Link to="/profile/edit" onClick={close}>Complete your profile</Link>
            )}
          </>
        )}
        <Button variant="secondary" onClick={close}>Close</Button>
      </div>
    </Dialog>
  );
}
