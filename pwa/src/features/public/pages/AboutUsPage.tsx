import { Link } from "react-router";
import { JoinButton } from "../components/JoinButton.tsx";
import { PolicyLayout, type PolicySection } from "../components/PolicyLayout.tsx";
import {
  ADOLESCENT_MEDICINE_AGES,
  CREDENTIALING_YEARS,
  DOCTOR_PATIENT_CAP,
  joinList,
  MINIMUM_AGE,
  PRODUCT_NAME,
  PUBLIC_PATHS,
  SPECIALTIES,
  YOUNGEST_EXCLUDED_AGE,
} from "../policies.ts";

const SPECIALTY_TEXT = joinList(SPECIALTIES.map((s) => s.toLowerCase()));

const SECTIONS: readonly PolicySection[] = [
  {
    id: "mission",
    title: "Why we exist",
    body: (
      <>
        <p>
          Direct primary care is a simple idea: you pay your doctor a flat membership fee, and your doctor has the
          time to know you. {PRODUCT_NAME} takes that relationship online, so you can reach your own doctor from
          wherever you are, without an insurance company between you.
        </p>
        <p>
          The platform is open source. Independent, licensed doctors use it to run their practices; patients use it
          to see them by video, chat or asynchronous consultation, to message them securely, to share files and to
          keep their medical record.
        </p>
      </>
    ),
  },
  {
    id: "doctors",
    title: "Our doctors",
    body: (
      <ul>
        <li>We recruit only doctors licensed in the United States in {SPECIALTY_TEXT}.</li>
        <li>
          We verify every doctor's license and credentials when they join and again every {CREDENTIALING_YEARS}{" "}
          years.
        </li>
        <li>
          Each doctor cares for at most {DOCTOR_PATIENT_CAP} patients, so visits are unhurried and messages are
          answered by the doctor who knows you.
        </li>
        <li>Doctors set their own availability and decide, case by case, what can safely be treated online.</li>
      </ul>
    ),
  },
  {
    id: "patients",
    title: "Who we care for",
    body: (
      <>
        <p>
          Our practice serves adults only: you must be {MINIMUM_AGE} or older to join, and nobody aged{" "}
          {YOUNGEST_EXCLUDED_AGE} or under is served.
        </p>
        <p>
          Adolescent medicine, the specialty that cares for young people aged {ADOLESCENT_MEDICINE_AGES.from} to{" "}
          {ADOLESCENT_MEDICINE_AGES.to}, is outside our adult-only service. Young adults from {MINIMUM_AGE} to{" "}
          {ADOLESCENT_MEDICINE_AGES.to} are welcome as adult patients.
        </p>
      </>
    ),
  },
  {
    id: "payment",
    title: "How we are paid",
    body: (
      <p>
        Care is paid for directly, by card, through memberships and one-time services. We are cash-only and do not
        bill insurance, which keeps prices clear and lets doctors spend their time on patients instead of claims.
        See the <Link to={PUBLIC_PATHS.membership}>membership agreement</Link> for fees.
      </p>
    ),
  },
  {
    id: "join-us",
    title: "Practice with us",
    body: (
      <>
        <p>
          Are you a US-licensed doctor in {SPECIALTY_TEXT}? Create a doctor account, connect a payout account with our
          card payment provider and submit your application. Our team reviews each application before the doctor
          profile goes live.
        </p>
        <p>
          <JoinButton className="public-button">Apply as a doctor</JoinButton>
        </p>
      </>
    ),
  },
];

/** `/about-us`: who runs the practice, who the doctors are and whom they serve. */
export function AboutUsPage() {
  return <PolicyLayout title="About us" sections={SECTIONS} />;
}
