import { lazy, Suspense } from "react";
import { Link } from "react-router";
import { InfoLinks } from "../components/InfoLinks.tsx";
import { JoinButton } from "../components/JoinButton.tsx";
import { PriceTable } from "../components/PriceTable.tsx";
import {
  CONSULTATION_TYPES,
  DOCTOR_PATIENT_CAP,
  IMAGING_REFERRAL,
  joinList,
  MINIMUM_AGE,
  ONE_WEEK_ACCESS_FEE,
  ONLINE_MANAGEABLE_PERCENT,
  PRODUCT_NAME,
  PUBLIC_PATHS,
  SPECIALTIES,
  usd,
} from "../policies.ts";
// Below the fold and fetched from the edge: its own chunk, so the landing page's first script stays small (issue 19).
const HomePlans = lazy(() => import("../components/HomePlans.tsx"));
// The landing page is imported by file (the first script holds no other public page): its stylesheet with it.
import "../public.css";

// The homepage services (issue 14) need the API and TanStack Query: loaded after the page, through the commerce
// feature's lazy entry (not its barrel), so the first script stays within issue 19's budget.
const HomeServicesSection = lazy(() => import("../../commerce/lazy.ts").then((m) => ({ default: m.HomeServicesSection })));

const STEPS = [
  {
    title: "Find your doctor",
    text: "Browse US-licensed doctors who practice in your state, read their profiles and reviews.",
  },
  {
    title: "Join their practice",
    text: `Choose a monthly, 3-month or annual membership, or try one week for ${
      usd(ONE_WEEK_ACCESS_FEE)
    }.`,
  },
  {
    title: "Get care online",
    text: "Book a video visit, chat, or send a question any time. Prescriptions go straight to your pharmacy.",
  },
] as const;

/** The home page (`/` and `/landing`): what the service is, how to join and what it costs. */
export function LandingPage() {
  return (
    <article className="public-page public-landing">
      <title>{`${PRODUCT_NAME} · Your own doctor, online`}</title>
      <header className="public-hero">
        <h1>Your own doctor, online, for one flat membership fee</h1>
        <p className="public-hero__lead">
          {PRODUCT_NAME} brings direct primary care to your phone. Pick a doctor, join their practice and reach them by
          video, chat or secure message, with no insurance paperwork and no waiting room.
        </p>
        <div className="public-hero__actions">
          <Link className="public-button" to={PUBLIC_PATHS.doctors}>Find a doctor</Link>
          <JoinButton className="public-button public-button--secondary" />
        </div>
        <p className="public-hero__note">
          For adults {MINIMUM_AGE} and older. In an emergency, call 911.
        </p>
      </header>

      <section aria-labelledby="landing-how">
        <h2 id="landing-how">How it works</h2>
        <ol className="public-steps">
          {STEPS.map((step) => (
            <li key={step.title}>
              <h3>{step.title}</h3>
              <p>{step.text}</p>
            </li>
          ))}
        </ol>
        <p>
          <Link to={PUBLIC_PATHS.howItWorks}>Read the full walkthrough</Link>
        </p>
      </section>

      <section aria-labelledby="landing-care">
        <h2 id="landing-care">Care the way you need it</h2>
        <ul className="public-cards">
          {CONSULTATION_TYPES.map((type) => (
            <li key={type.name}>
              <h3>{type.name}</h3>
              <p>{type.text}</p>
            </li>
          ))}
          <li>
            <h3>Secure messages and files</h3>
            <p>Message your care team and share photos, lab results and documents privately.</p>
          </li>
          <li>
            <h3>Your medical record</h3>
            <p>Visit notes, diagnoses, prescriptions, labs and imaging in one place you can always reach.</p>
          </li>
        </ul>
        <p>
          Over {ONLINE_MANAGEABLE_PERCENT} percent of the conditions seen in a doctor's office can be managed online.{" "}
          <Link to={PUBLIC_PATHS.conditionsTreated}>See the conditions we treat</Link>.
        </p>
      </section>

      <section aria-labelledby="landing-pricing">
        <h2 id="landing-pricing">Simple membership pricing</h2>
        <p>
          Membership is paid directly by card. Our practice is cash-only: we do not bill insurance, so there are no
          claims or co-pays to deal with.
        </p>
        <PriceTable />
        <p>
          Need only an imaging referral? The first costs {usd(IMAGING_REFERRAL.firstFee)} and includes{" "}
          {IMAGING_REFERRAL.includedAccess} of access. <Link to={PUBLIC_PATHS.membership}>Membership agreement</Link>
        </p>
      </section>

      <Suspense fallback={null}>
        <HomePlans />
        <HomeServicesSection />
      </Suspense>

      <section aria-labelledby="landing-doctors">
        <h2 id="landing-doctors">Doctors with time for you</h2>
        <p>
          Every doctor is licensed in the United States and trained in {joinList(SPECIALTIES.map(lower), "or")}.
          Each doctor's practice is capped at {DOCTOR_PATIENT_CAP} patients, so your doctor knows you and answers you.
        </p>
        <p>
          <Link to={PUBLIC_PATHS.aboutUs}>About us</Link> · <Link to={PUBLIC_PATHS.faq}>Questions and answers</Link>
        </p>
      </section>

      <section aria-labelledby="landing-join" className="public-cta">
        <h2 id="landing-join">Ready to meet your doctor?</h2>
        <div className="public-hero__actions">
          <Link className="public-button" to={PUBLIC_PATHS.doctors}>Find a doctor</Link>
          <JoinButton className="public-button public-button--secondary" />
        </div>
      </section>

      <InfoLinks />
    </article>
  );
}

function lower(text: string): string {
  return text === "Med/Peds" ? "med/peds" : text.toLowerCase();
}
