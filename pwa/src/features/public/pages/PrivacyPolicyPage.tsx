import { Link } from "react-router";
import { PolicyLayout, type PolicySection } from "../components/PolicyLayout.tsx";
import {
  CALIFORNIA_REQUESTS_PER_YEAR,
  MINIMUM_AGE,
  PRIVACY_CHANGE_NOTICE_DAYS,
  PRIVACY_POLICY_EFFECTIVE_DATE,
  PRODUCT_NAME,
  PUBLIC_PATHS,
  timesWord,
  YOUNGEST_EXCLUDED_AGE,
} from "../policies.ts";

const SECTIONS: readonly PolicySection[] = [
  {
    id: "scope",
    title: "What this policy covers",
    body: (
      <p>
        This policy explains what personal and health information {PRODUCT_NAME} collects, why, with whom it is
        shared and the choices you have. It applies to the website, the app and every consultation held through
        them.
      </p>
    ),
  },
  {
    id: "collect",
    title: "Information we collect",
    body: (
      <ul>
        <li>
          <strong>Account details:</strong> name, email, phone number, birth date, gender, address and state.
        </li>
        <li>
          <strong>Health information:</strong>{" "}
          your medical history, intake forms, vital signs, visit notes, diagnoses, prescriptions, lab and imaging
          results, messages and the files you upload.
        </li>
        <li>
          <strong>Payment details:</strong>{" "}
          cards are handled by our card payment provider; we keep only what is needed to show your payment methods
          and transactions.
        </li>
        <li>
          <strong>Technical data:</strong>{" "}
          device and browser type, sign-in sessions and logs that keep the service secure and working.
        </li>
      </ul>
    ),
  },
  {
    id: "use",
    title: "How we use it",
    body: (
      <ul>
        <li>to provide care: consultations, prescriptions, referrals and your medical record;</li>
        <li>to run your account, memberships and payments;</li>
        <li>to send the notifications you choose, by email, SMS or in the app;</li>
        <li>to keep the platform secure, prevent fraud and meet our legal duties.</li>
      </ul>
    ),
  },
  {
    id: "share",
    title: "Who we share it with",
    body: (
      <>
        <p>We do not sell your personal information. We share it only:</p>
        <ul>
          <li>with your doctor and the assistants who work for your doctor;</li>
          <li>with the pharmacy, lab, imaging center or other provider your doctor sends an order or fax to;</li>
          <li>
            with service providers that process it for us under contract (card payments, electronic prescribing,
            video, email and SMS delivery);
          </li>
          <li>when the law requires it, or to protect someone's safety.</li>
        </ul>
      </>
    ),
  },
  {
    id: "security",
    title: "How we protect it",
    body: (
      <p>
        Information travels encrypted, access is limited to the people who care for you, and every sign-in session
        can be reviewed and ended from your settings. No system is perfectly secure; tell us at once if you believe
        your account has been misused.
      </p>
    ),
  },
  {
    id: "retention",
    title: "How long we keep it",
    body: (
      <p>
        Medical records are kept for as long as the law of your doctor's state requires. Other information is kept
        while your account is open and for as long afterwards as we need it for legal, tax or security reasons.
      </p>
    ),
  },
  {
    id: "choices",
    title: "Your choices",
    body: (
      <p>
        You can see your medical record in the app, correct your profile, choose which notifications you receive,
        and ask us for a copy of your information or for its deletion where the law allows.
      </p>
    ),
  },
  {
    id: "children",
    title: "Children",
    body: (
      <p>
        The platform is for adults {MINIMUM_AGE} and older. Children under {YOUNGEST_EXCLUDED_AGE} are not served,
        and we do not knowingly collect information from them. If you believe a child has given us information, contact us
        and we will delete it.
      </p>
    ),
  },
  {
    id: "changes",
    title: "Changes to this policy",
    body: (
      <p>
        We will tell you about a change to this policy at least {PRIVACY_CHANGE_NOTICE_DAYS} days before it takes
        effect, by email or in the app, and post the new version here with its effective date.
      </p>
    ),
  },
  {
    id: "california",
    title: "Notice to California residents",
    body: (
      <>
        <p>If you live in California, state law gives you these rights:</p>
        <ul>
          <li>to know which personal information we collected, used and disclosed about you in the past year;</li>
          <li>to ask us to delete or correct it, subject to the exceptions the law allows for medical records;</li>
          <li>to be free from discrimination for using these rights.</li>
        </ul>
        <p>
          We do not sell or share personal information for cross-context advertising. You or an agent you authorize
          may send a request through the <Link to={PUBLIC_PATHS.contactUs}>contact form</Link>; we will verify your
          identity first. We answer requests to know from each California resident up to{" "}
          {timesWord(CALIFORNIA_REQUESTS_PER_YEAR)} per year.
        </p>
      </>
    ),
  },
  {
    id: "contact",
    title: "Contact",
    body: (
      <p>
        Questions about your privacy? <Link to={PUBLIC_PATHS.contactUs}>Contact us</Link>.
      </p>
    ),
  },
];

/** `/privacy-policy`, effective 9/14/2020, with the California notice. */
export function PrivacyPolicyPage() {
  return (
    <PolicyLayout title="Privacy policy" effectiveDate={PRIVACY_POLICY_EFFECTIVE_DATE} sections={SECTIONS} />
  );
}
