import { Link } from "react-router";
import { PolicyLayout, type PolicySection } from "../components/PolicyLayout.tsx";
import {
  DOCTOR_PATIENT_CAP,
  FILE_LIMITS,
  GOVERNING_LAW,
  LIABILITY_CAP,
  MINIMUM_AGE,
  PRICE_CHANGE_NOTICE_DAYS,
  PRODUCT_NAME,
  PUBLIC_PATHS,
  usd,
  YOUNGEST_EXCLUDED_AGE,
} from "../policies.ts";

const SECTIONS: readonly PolicySection[] = [
  {
    id: "acceptance",
    title: "Agreeing to these terms",
    body: (
      <p>
        These terms govern your use of {PRODUCT_NAME}, its website and its app. By creating an account you accept
        them, together with the <Link to={PUBLIC_PATHS.privacy}>privacy policy</Link> and the{" "}
        <Link to={PUBLIC_PATHS.prescription}>prescription policy</Link>. Members also accept the{" "}
        <Link to={PUBLIC_PATHS.membership}>membership agreement</Link>. If you do not agree, do not use the platform.
      </p>
    ),
  },
  {
    id: "eligibility",
    title: "Who may use the platform",
    body: (
      <p>
        You must be at least {MINIMUM_AGE} years old and able to enter a binding contract. We do not serve anyone
        aged {YOUNGEST_EXCLUDED_AGE} or under, and you may not create an account for a child. You choose a doctor
        licensed in your state; if you book a visit from another state you will be asked for the reason, so the
        doctor can confirm they may treat you there.
      </p>
    ),
  },
  {
    id: "emergencies",
    title: "Not for emergencies",
    body: (
      <p>
        The platform is not an emergency service. If you have chest pain, trouble breathing, signs of a stroke,
        thoughts of harming yourself or any other emergency, call 911 or go to the nearest emergency room.
      </p>
    ),
  },
  {
    id: "service",
    title: "The service",
    body: (
      <>
        <p>
          The platform connects you with independent, licensed doctors for video visits, text chat, asynchronous
          consultations and secure messaging, and keeps your medical record and files. Your doctor, not the
          platform, makes every medical decision, including whether your concern can be handled safely online. A
          doctor may decline to treat a condition online and refer you to in-person care.
        </p>
        <p>
          Each doctor accepts at most {DOCTOR_PATIENT_CAP} patients. Availability of a particular doctor is not
          guaranteed.
        </p>
      </>
    ),
  },
  {
    id: "account",
    title: "Your account",
    body: (
      <p>
        Give accurate information, keep it up to date and keep your password to yourself. An account belongs to one
        person. Tell us at once if you suspect someone else has used it. We may suspend or close an account that
        breaks these terms.
      </p>
    ),
  },
  {
    id: "fees",
    title: "Fees and payment",
    body: (
      <p>
        Fees are listed in the <Link to={PUBLIC_PATHS.membership}>membership agreement</Link> and shown before you
        pay. Our practice is cash-only: we do not bill insurance, Medicare or Medicaid, and we do not file claims on
        your behalf. Payments are taken by card through our payment provider. We give at least{" "}
        {PRICE_CHANGE_NOTICE_DAYS} days' notice before a price change applies to your membership.
      </p>
    ),
  },
  {
    id: "cancellation",
    title: "Cancellation and refunds",
    body: (
      <p>
        You may cancel a membership at any time. Cancellation takes effect at the end of the current billing period
        and fees already paid are not refunded pro rata. Refunds for imaging referrals follow the membership
        agreement.
      </p>
    ),
  },
  {
    id: "prescriptions",
    title: "Prescriptions",
    body: (
      <p>
        Prescriptions are written at your doctor's discretion under the{" "}
        <Link to={PUBLIC_PATHS.prescription}>prescription policy</Link>. No controlled substances are prescribed
        through the platform.
      </p>
    ),
  },
  {
    id: "files",
    title: "Files and content you share",
    body: (
      <>
        <p>
          You keep ownership of what you upload and let us store and show it to the people you share it with, to
          provide the service. Upload limits:
        </p>
        <ul>
          <li>up to {FILE_LIMITS.atOnce} files at once;</li>
          <li>up to {FILE_LIMITS.noteMb} MB for a file attached to a visit note, and for a doctor's signature;</li>
          <li>up to {FILE_LIMITS.chatMb} MB for a file sent in chat.</li>
        </ul>
      </>
    ),
  },
  {
    id: "acceptable-use",
    title: "Acceptable use",
    body: (
      <ul>
        <li>Do not impersonate anyone or give false medical information.</li>
        <li>Do not record or share a consultation without the other party's consent.</li>
        <li>Do not upload unlawful material or malware, or try to reach data that is not yours.</li>
        <li>Treat doctors, assistants and support staff with respect.</li>
      </ul>
    ),
  },
  {
    id: "disclaimers",
    title: "Disclaimers",
    body: (
      <p>
        The platform is provided as it is. Online care has limits: a doctor cannot examine you in person, and
        technology can fail. General information on the website is not medical advice for your situation.
      </p>
    ),
  },
  {
    id: "liability",
    title: "Limitation of liability",
    body: (
      <p>
        To the extent the law allows, our total liability for any claim about the platform is limited to the greater
        of {usd(LIABILITY_CAP.minimumUsd)} or the fees you paid us in the {LIABILITY_CAP.feeMonths} months before the
        claim arose. We are not liable for indirect or consequential losses. Nothing here limits liability that
        cannot be limited by law.
      </p>
    ),
  },
  {
    id: "law",
    title: "Governing law",
    body: (
      <p>
        These terms are governed by the laws of the State of {GOVERNING_LAW}, without regard to its conflict-of-law
        rules.
      </p>
    ),
  },
  {
    id: "changes",
    title: "Changes to these terms",
    body: (
      <p>
        We may update these terms. We will post the new version here and tell you by email or in the app before a
        material change takes effect. Using the platform after that date means you accept the change.
      </p>
    ),
  },
  {
    id: "contact",
    title: "Contact",
    body: (
      <p>
        Questions about these terms? <Link to={PUBLIC_PATHS.contactUs}>Contact us</Link>.
      </p>
    ),
  },
];

/** `/terms-and-conditions`. */
export function TermsPage() {
  return <PolicyLayout title="Terms and conditions" sections={SECTIONS} />;
}
