import { Link } from "react-router";
import { FaqList } from "../components/FaqList.tsx";
import { PolicyLayout, type PolicySection } from "../components/PolicyLayout.tsx";
import { PriceTable } from "../components/PriceTable.tsx";
import {
  CHRONIC_VISITS_PER_YEAR,
  CONTROLLED_SUBSTANCE_CLASSES,
  CREDENTIALING_YEARS,
  DOCTOR_PATIENT_CAP,
  ERX_DELIVERY_HOURS,
  FILE_LIMITS,
  IMAGING_REFERRAL,
  joinList,
  MEMBERSHIP_DURATIONS,
  MINIMUM_AGE,
  ONE_WEEK_ACCESS_FEE,
  ONLINE_MANAGEABLE_PERCENT,
  PUBLIC_PATHS,
  PULSE_CHECK,
  SPECIALTIES,
  usd,
  WELCOME_PACKAGE,
  YOUNGEST_EXCLUDED_AGE,
} from "../policies.ts";

const SECTIONS: readonly PolicySection[] = [
  {
    id: "online-care",
    title: "Online primary care",
    body: (
      <FaqList
        items={[
          {
            question: "Can a doctor really take care of me online?",
            answer: (
              <p>
                Yes, for most things. Over {ONLINE_MANAGEABLE_PERCENT} percent of the conditions people bring to a
                doctor's office can be diagnosed and managed online, through conversation, photos, home measurements,
                lab tests and imaging ordered near you.
              </p>
            ),
          },
          {
            question: "How often will I need a visit for a chronic condition?",
            answer: (
              <p>
                A stable chronic condition such as high blood pressure or diabetes typically needs{" "}
                {CHRONIC_VISITS_PER_YEAR.min} to {CHRONIC_VISITS_PER_YEAR.max} virtual visits a year, plus messages
                in between whenever something changes.
              </p>
            ),
          },
          {
            question: "How do I talk to my doctor?",
            answer: (
              <p>
                By video visit, live text chat, or an asynchronous consultation where you send your question and
                files and your doctor replies after reviewing them. Secure messaging is open between visits.
              </p>
            ),
          },
          {
            question: "How do I take my pulse at home?",
            answer: (
              <p>
                Place two fingers on the inside of your wrist, count the beats for {PULSE_CHECK.seconds} seconds and
                multiply by {PULSE_CHECK.multiplier}. That is your heart rate per minute.
              </p>
            ),
          },
          {
            question: "Is it for emergencies?",
            answer: <p>No. If you think you have an emergency, call 911 or go to the nearest emergency room.</p>,
          },
        ]}
      />
    ),
  },
  {
    id: "membership",
    title: "Membership and payment",
    body: (
      <FaqList
        items={[
          {
            question: "How much does it cost?",
            answer: <PriceTable />,
          },
          {
            question: "Which lengths can I choose?",
            answer: (
              <p>
                {joinList(MEMBERSHIP_DURATIONS)}. A single week of access costs {usd(ONE_WEEK_ACCESS_FEE)}, paid
                once. 3-month and annual members receive a welcome package with a {joinList(WELCOME_PACKAGE.items)}.
              </p>
            ),
          },
          {
            question: "Do you take insurance?",
            answer: <p>No. Our practice is cash-only and does not bill insurance.</p>,
          },
          {
            question: "Can I cancel?",
            answer: (
              <p>
                Yes, at any time. Cancellation takes effect at the end of the period you have paid for, and the
                remaining time is not refunded pro rata. Details are in the{" "}
                <Link to={PUBLIC_PATHS.membership}>membership agreement</Link>.
              </p>
            ),
          },
        ]}
      />
    ),
  },
  {
    id: "prescriptions",
    title: "Prescriptions, labs and imaging",
    body: (
      <FaqList
        items={[
          {
            question: "How fast does my prescription reach the pharmacy?",
            answer: (
              <p>
                Electronic prescriptions take up to {ERX_DELIVERY_HOURS} hour to arrive at the pharmacy you choose.
              </p>
            ),
          },
          {
            question: "Are there medications you will not prescribe?",
            answer: (
              <p>
                We never prescribe controlled substances, including controlled{" "}
                {joinList(CONTROLLED_SUBSTANCE_CLASSES)} medications, and we do not offer hormone or testosterone
                treatment. See the{" "}
                <Link to={PUBLIC_PATHS.prescription}>prescription policy</Link>.
              </p>
            ),
          },
          {
            question: "Can I get an imaging referral?",
            answer: (
              <p>
                Yes, for {joinList(IMAGING_REFERRAL.types)} studies (no cardiac imaging). The first referral costs{" "}
                {usd(IMAGING_REFERRAL.firstFee)} and includes {IMAGING_REFERRAL.includedAccess} of access; each
                additional request within that month costs {usd(IMAGING_REFERRAL.additionalFee)}, up to{" "}
                {IMAGING_REFERRAL.maxAdditional} more. Members of a practice pay {usd(IMAGING_REFERRAL.memberFee)} for
                each referral, since their membership already gives access. Allow {IMAGING_REFERRAL.processingBusinessDays} business days
                for the referral and complete the test within {IMAGING_REFERRAL.completionDays} days after it is sent.
              </p>
            ),
          },
        ]}
      />
    ),
  },
  {
    id: "doctors",
    title: "Our doctors",
    body: (
      <FaqList
        items={[
          {
            question: "Who are the doctors?",
            answer: (
              <p>
                We recruit only US-licensed doctors in {joinList(SPECIALTIES.map((s) => s.toLowerCase()))}. Their
                credentials are verified again every {CREDENTIALING_YEARS} years.
              </p>
            ),
          },
          {
            question: "Will my doctor have time for me?",
            answer: (
              <p>
                Each doctor accepts at most {DOCTOR_PATIENT_CAP} patients, far fewer than a typical clinic panel.
              </p>
            ),
          },
        ]}
      />
    ),
  },
  {
    id: "account",
    title: "Your account",
    body: (
      <FaqList
        items={[
          {
            question: "Who can join?",
            answer: (
              <p>
                Adults {MINIMUM_AGE} and older. We do not serve children, and nobody aged {YOUNGEST_EXCLUDED_AGE} or
                under may create an account.
              </p>
            ),
          },
          {
            question: "Can I share files with my doctor?",
            answer: (
              <p>
                Yes. Upload up to {FILE_LIMITS.atOnce} files at once. Files sent in chat may be up to{" "}
                {FILE_LIMITS.chatMb} MB each; files attached to visit notes up to {FILE_LIMITS.noteMb} MB.
              </p>
            ),
          },
        ]}
      />
    ),
  },
];

/** `/faq`: questions about online primary care, grouped by topic. */
export function FaqPage() {
  return (
    <PolicyLayout
      title="Frequently asked questions"
      intro={<p>Straight answers about online direct primary care and how our practice works.</p>}
      sections={SECTIONS}
    />
  );
}
