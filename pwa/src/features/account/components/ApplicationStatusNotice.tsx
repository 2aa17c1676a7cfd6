import { Link } from "react-router";
import type { AuthUser } from "../../../../../sync/schemas/user.ts";

/** Where a doctor's application stands and what happens next (01 §4 "Doctor application"). */
export function ApplicationStatusNotice({ user }: { user: AuthUser }) {
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
  return (
    <section className="notice stack" aria-labelledby="application-status">
      <h2 id="application-status">Your application is under review</h2>
      <p>What happens next:</p>
      <ol>
        <li>An administrator checks your licence, NPI and DEA details.</li>
        <li>You receive an email with the decision.</li>
        <li>Once approved, you connect a payout account so patients can pay you, and your practice opens.</li>
      </ol>
      <p className="muted">
        Meanwhile you can complete your <Link to="/profile/edit">profile</Link>; patients see it when they choose a doctor.
      </p>
    </section>
  );
}
