import { Link } from "react-router";
import { PolicyLayout, type PolicySection } from "../components/PolicyLayout.tsx";
import { PrescriptionTable } from "../components/PrescriptionTable.tsx";
import { CONTROLLED_SUBSTANCE_CLASSES, ERX_DELIVERY_HOURS, PUBLIC_PATHS } from "../policies.ts";

const SECTIONS: readonly PolicySection[] = [
  {
    id: "discretion",
    title: "Your doctor decides",
    body: (
      <p>
        A prescription is written only after your doctor has reviewed your history and spoken with you or reviewed
        your consultation, and only when it is safe to prescribe without seeing you in person. Asking for a specific
        medication does not guarantee it will be prescribed. Your doctor may ask for labs, home measurements or an
        in-person visit first.
      </p>
    ),
  },
  {
    id: "limits",
    title: "How long a prescription can run",
    body: (
      <>
        <p>
          The longest supply your doctor can prescribe depends on your plan. When you need more, book a follow-up so
          your doctor can check how the treatment is going.
        </p>
        <PrescriptionTable />
      </>
    ),
  },
  {
    id: "controlled",
    title: "No controlled substances",
    body: (
      <>
        <p>
          We do not prescribe controlled substances under any plan. This includes controlled medications for:
        </p>
        <ul>
          {CONTROLLED_SUBSTANCE_CLASSES.map((medicationClass) => <li key={medicationClass}>{medicationClass}</li>)}
        </ul>
        <p>
          If you take one of these medications, your doctor can still care for your other needs and help you find
          in-person care for that treatment.
        </p>
      </>
    ),
  },
  {
    id: "hormones",
    title: "No hormone or testosterone treatment",
    body: <p>We do not start or manage hormone therapy, including testosterone treatment.</p>,
  },
  {
    id: "sending",
    title: "Sending your prescription",
    body: (
      <p>
        Prescriptions are sent electronically to the pharmacy you choose. They take up to {ERX_DELIVERY_HOURS}{" "}
        hour to arrive; call the pharmacy before you go. You pay the pharmacy for the medication. We do not bill
        insurance, but the pharmacy may accept yours.
      </p>
    ),
  },
  {
    id: "membership",
    title: "When a membership ends",
    body: (
      <p>
        Prescriptions already sent stay valid at the pharmacy. New prescriptions and renewals need an active
        membership or a new one-time visit. See the <Link to={PUBLIC_PATHS.membership}>membership agreement</Link>.
      </p>
    ),
  },
];

/** `/prescription-policy`: what can be prescribed online and for how long. */
export function PrescriptionPolicyPage() {
  return <PolicyLayout title="Prescription policy" sections={SECTIONS} />;
}
