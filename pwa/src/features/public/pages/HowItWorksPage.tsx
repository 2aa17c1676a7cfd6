import { Link } from "react-router";
import { JoinButton } from "../components/JoinButton.tsx";
import { PolicyLayout, type PolicySection } from "../components/PolicyLayout.tsx";
import { PriceTable } from "../components/PriceTable.tsx";
import {
  CONSULTATION_TYPES,
  DOCTOR_PATIENT_CAP,
  ERX_DELIVERY_HOURS,
  FILE_LIMITS,
  IMAGING_REFERRAL,
  joinList,
  MEMBERSHIP_DURATIONS,
  MINIMUM_AGE,
  ONE_WEEK_ACCESS_FEE,
  PUBLIC_PATHS,
  PULSE_CHECK,
  UPCOMING_NOTICE_MINUTES,
  usd,
  WELCOME_PACKAGE,
} from "../policies.ts";

const SECTIONS: readonly PolicySection[] = [
  {
    id: "find",
    title: "1. Find a doctor",
    body: (
      <p>
        Browse the <Link to={PUBLIC_PATHS.doctors}>list of doctors</Link>, sorted by rating, and open a profile to
        see their training and reviews. Once you sign in you can choose a doctor licensed in your own state.
        Each doctor's practice is limited to {DOCTOR_PATIENT_CAP} patients; a doctor whose practice is full stops
        accepting new members.
      </p>
    ),
  },
  {
    id: "join",
    title: "2. Create an account and join",
    body: (
      <>
        <p>
          Registration takes a few minutes. You must be {MINIMUM_AGE} or older and accept the{" "}
          <Link to={PUBLIC_PATHS.terms}>terms and conditions</Link>, the{" "}
          <Link to={PUBLIC_PATHS.privacy}>privacy policy</Link> and the{" "}
          <Link to={PUBLIC_PATHS.prescription}>prescription policy</Link>.
        </p>
        <p>
          Memberships run for {joinList(MEMBERSHIP_DURATIONS)}. The single week costs {usd(ONE_WEEK_ACCESS_FEE)}{" "}
          and is paid once; monthly, 3-month and annual memberships renew at the end of each period until you
          cancel.
        </p>
        <PriceTable />
        <p>
          <JoinButton className="public-button">Join now</JoinButton>
        </p>
      </>
    ),
  },
  {
    id: "profile",
    title: "3. Tell us about your health",
    body: (
      <p>
        Fill in your profile and medical history: allergies, medications, past illnesses and surgeries, family and
        social history. Before a visit you answer a short intake form about the reason for the visit and, when your
        doctor asks for them, your vital signs.
      </p>
    ),
  },
  {
    id: "consult",
    title: "4. Talk with your doctor",
    body: (
      <>
        <ul>
          {CONSULTATION_TYPES.map((type) => (
            <li key={type.name}>
              <strong>{type.name}.</strong> {type.text}
            </li>
          ))}
          <li>
            <strong>Secure messaging.</strong>{" "}
            Write to your doctor between visits. You can send up to {FILE_LIMITS.atOnce}{" "}
            files at a time, each up to {FILE_LIMITS.chatMb} MB.
          </li>
        </ul>
        <p>You get a reminder {UPCOMING_NOTICE_MINUTES} minutes before a scheduled visit.</p>
      </>
    ),
  },
  {
    id: "prescriptions",
    title: "5. Prescriptions",
    body: (
      <p>
        When you need medication, your doctor sends the prescription electronically to the pharmacy you choose. It
        takes up to {ERX_DELIVERY_HOURS} hour to arrive. How long a prescription can run depends on your plan; see
        the <Link to={PUBLIC_PATHS.prescription}>prescription policy</Link>.
      </p>
    ),
  },
  {
    id: "labs-imaging",
    title: "6. Labs and imaging",
    body: (
      <p>
        Your doctor can order lab tests and refer you for {joinList(IMAGING_REFERRAL.types)} imaging at a center near
        you. An imaging referral costs {usd(IMAGING_REFERRAL.firstFee)} for the first request, including{" "}
        {IMAGING_REFERRAL.includedAccess} of access, and {usd(IMAGING_REFERRAL.additionalFee)} for each of up to{" "}
        {IMAGING_REFERRAL.maxAdditional} additional requests within that month; members pay{" "}
        {usd(IMAGING_REFERRAL.memberFee)} for each referral. Allow {IMAGING_REFERRAL.processingBusinessDays}{" "}
        business days for the referral, then complete the test within {IMAGING_REFERRAL.completionDays} days.
      </p>
    ),
  },
  {
    id: "vitals",
    title: "7. Measurements at home",
    body: (
      <p>
        With 3-month and annual memberships we send a welcome package with a {joinList(WELCOME_PACKAGE.items)} so you
        can share accurate readings. No oximeter at hand? Count your pulse for {PULSE_CHECK.seconds} seconds and
        multiply by {PULSE_CHECK.multiplier}.
      </p>
    ),
  },
  {
    id: "record",
    title: "8. Your medical record",
    body: (
      <p>
        Visit notes, diagnoses, prescriptions, lab results and imaging reports that your doctor shares with you are
        kept in your medical record, together with the files you upload. You can read it any time.
      </p>
    ),
  },
];

/** `/how-it-works`: the path from choosing a doctor to ongoing care. */
export function HowItWorksPage() {
  return (
    <PolicyLayout
      title="How it works"
      intro={<p>From finding a doctor to getting a prescription, everything happens online.</p>}
      sections={SECTIONS}
    />
  );
}
