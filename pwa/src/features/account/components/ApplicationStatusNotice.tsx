import type { ReactNode } from "react";
import { Link } from "react-router";
import type { AuthUser } from "../../../../../sync/schemas/user.ts";

type Step = { title: string; state: "done" | "current" | "next"; detail: ReactNode };

/**
 * A new doctor's path to an open practice, and where they stand (01 §2, §4): the application (made at registration),
 * the payout account (an application is approved only once one is connected, so the app sends a doctor without one
 * to the connect page), the administrator's review, then the practice opens. Shown on the connect page, the profile
 * and home until the application is approved; a declined application says so instead.
 */
export function ApplicationStatusNotice({ user, here }: { user: AuthUser; here?: "connect" }) {
  if (user.role !== "doctor") return null;
  if (user.applicationStatus === "declined") {
    return (
      <section className="notice notice--warning stack" aria-labelledby="application-status">
        <h2 id="application-status">Your application was declined</h2>
        <p>
          We cannot offer you a place on the platform at the moment. If you think this is a mistake or your situation
          has changed, <Link to="/contact-us">contact us</Link>.
        </p>
      </section>
    );
  }
  if (user.applicationStatus === "approved" || user.isAccountApproved) {
    return (
      <section className="notice notice--success stack" aria-labelledby="application-status">
        <h2 id="application-status">Your application is approved</h2>
        <p>Patients in your licensed states can find you and join your practice.</p>
      </section>
    );
  }
  const connected = Boolean(user.stripeAccount);
  const steps: Step[] = [
    { title: "Application sent", state: "done", detail: "Your licence, NPI and DEA details are with us." },
    {
      title: "Connect your payout account",
      state: connected ? "done" : "current",
      detail: connected
        ? user.isActiveStripeAccount
          ? "Connected and active: patients' payments reach you."
          : <>Connected, but the payment provider needs more details: <Link to="/stripe/inactive">complete it</Link>.</>
        : here === "connect"
        ? "Below: the payment provider asks for your bank details and identity. It takes about five minutes."
        : <><Link to="/stripe/connect">Connect it now</Link>: an application is reviewed once a payout account is connected.</>,
    },
    {
      title: "Review by an administrator",
      state: connected ? "current" : "next",
      detail: "We check your licence, NPI and DEA details and email you the decision, usually within two working days.",
    },
    { title: "Your practice opens", state: "next", detail: "Patients in your licensed states can find you and join." },
  ];
  const stateWord = { done: "Done", current: "Now", next: "Next" } as const;
  return (
    <section className="notice stack" aria-labelledby="application-status">
      <h2 id="application-status">{connected ? "Your application is under review" : "Opening your practice"}</h2>
      <ol className="onboarding-steps">
        {steps.map((step) => (
          <li key={step.title} className={`onboarding-steps__step onboarding-steps__step--${step.state}`}
            aria-current={step.state === "current" ? "step" : undefined}>
            <strong>{step.title}</strong> <span className="muted">({stateWord[step.state]})</span>
            <div>{step.detail}</div>
          </li>
        ))}
      </ol>
      {connected && (
        <p className="muted">
          Meanwhile you can complete your <Link to="/profile/edit">profile</Link>; patients see it when they choose a doctor.
        </p>
      )}
    </section>
  );
}
