import { Link } from "react-router";
import { ImagingFeeTable } from "../components/ImagingFeeTable.tsx";
import { PolicyLayout, type PolicySection } from "../components/PolicyLayout.tsx";
import { PrescriptionTable } from "../components/PrescriptionTable.tsx";
import { PriceTable } from "../components/PriceTable.tsx";
import {
  CONSULTATION_TYPES,
  CONTROLLED_SUBSTANCE_CLASSES,
  DOCTOR_PATIENT_CAP,
  GOVERNING_LAW,
  IMAGING_REFERRAL,
  joinList,
  LIABILITY_CAP,
  MEMBERSHIP_DURATIONS,
  MINIMUM_AGE,
  ONE_WEEK_ACCESS_FEE,
  PRICE_CHANGE_NOTICE_DAYS,
  PUBLIC_PATHS,
  usd,
  WELCOME_PACKAGE,
  YOUNGEST_EXCLUDED_AGE,
} from "../policies.ts";

const SECTIONS: readonly PolicySection[] = [
  {
    id: "parties",
    title: "About this agreement",
    body: (
      <p>
        This agreement is between you and the doctor whose practice you join through the platform. It explains what
        your membership includes, what it costs and how it ends. It works together with the{" "}
        <Link to={PUBLIC_PATHS.terms}>terms and conditions</Link>. You must be {MINIMUM_AGE} or older to become a
        member; nobody aged {YOUNGEST_EXCLUDED_AGE} or under is accepted.
      </p>
    ),
  },
  {
    id: "included",
    title: "What membership includes",
    body: (
      <ul>
        {CONSULTATION_TYPES.map((type) => <li key={type.name}>{type.name} with your doctor</li>)}
        <li>secure messaging with your doctor and their assistants</li>
        <li>sharing files and an online medical record</li>
        <li>prescriptions, lab orders and imaging referrals when your doctor finds them appropriate</li>
      </ul>
    ),
  },
  {
    id: "excluded",
    title: "What membership does not include",
    body: (
      <ul>
        <li>emergency care: call 911 in an emergency;</li>
        <li>insurance billing: the practice is cash-only, and membership is not health insurance;</li>
        <li>
          controlled substances of any kind, including {joinList(CONTROLLED_SUBSTANCE_CLASSES)} medications that are
          controlled;
        </li>
        <li>hormone or testosterone treatment;</li>
        <li>cardiac imaging;</li>
        <li>the cost of labs, imaging tests and medications, which you pay to the lab, center or pharmacy.</li>
      </ul>
    ),
  },
  {
    id: "term",
    title: "Length, renewal and plan changes",
    body: (
      <>
        <p>
          Memberships are offered for {joinList(MEMBERSHIP_DURATIONS)}. The single week is a one-time purchase of{" "}
          {usd(ONE_WEEK_ACCESS_FEE)}. Monthly, 3-month and annual memberships renew at the end of each period and
          are charged to your card on file until you cancel.
        </p>
        <p>
          If you change plans, your current membership continues until the end of its period; the new plan starts
          and is charged then. You can withdraw a pending change before it starts.
        </p>
      </>
    ),
  },
  {
    id: "cancellation",
    title: "Cancellation",
    body: (
      <p>
        You may cancel at any time from your settings. Cancellation takes effect at the end of the period already
        paid for; you keep access until then, and there is no prorated refund for the unused part of a period.
      </p>
    ),
  },
  {
    id: "imaging",
    title: "Imaging referrals",
    body: (
      <p>
        Imaging referrals ({joinList(IMAGING_REFERRAL.types)}) are charged as shown in Exhibit A. You have{" "}
        {IMAGING_REFERRAL.completionDays} days after the referral is sent to complete the test. If you cannot use the
        referral, you may ask for a refund of its fee within those {IMAGING_REFERRAL.completionDays} days; after
        that the referral expires and its fee is not refunded.
      </p>
    ),
  },
  {
    id: "prices",
    title: "Price changes",
    body: (
      <p>
        We will tell you at least {PRICE_CHANGE_NOTICE_DAYS} days before a new price applies to your membership. The
        new price starts with the first period that begins after the notice ends; you may cancel before then.
      </p>
    ),
  },
  {
    id: "practice-size",
    title: "Your doctor's practice",
    body: (
      <p>
        Each doctor cares for at most {DOCTOR_PATIENT_CAP} patients, so that members can reach their doctor. If your
        doctor stops practicing on the platform, we will help you choose another doctor.
      </p>
    ),
  },
  {
    id: "liability",
    title: "Liability and governing law",
    body: (
      <p>
        Liability is limited as set out in the terms and conditions: to the greater of{" "}
        {usd(LIABILITY_CAP.minimumUsd)} or the fees you paid in the {LIABILITY_CAP.feeMonths} months before the
        claim. This agreement is governed by the laws of {GOVERNING_LAW}.
      </p>
    ),
  },
  {
    id: "exhibit-a",
    title: "Exhibit A: fees",
    body: (
      <>
        <PriceTable caption="Membership fees (Exhibit A)" />
        <p>One week of access, paid once: {usd(ONE_WEEK_ACCESS_FEE)}.</p>
        <p>
          Welcome package with 3-month and annual memberships: a {joinList(WELCOME_PACKAGE.items)}.
        </p>
        <ImagingFeeTable />
        <PrescriptionTable />
      </>
    ),
  },
];

/** `/membership-agreement`, with its fee exhibit. */
export function MembershipAgreementPage() {
  return <PolicyLayout title="Membership agreement" sections={SECTIONS} />;
}
