import { MessageLink } from "../messages/index.ts";
import { Link } from "react-router";
import type { AuthUser } from "../../../../sync/schemas/user.ts";
import { useCurrentUser } from "../auth/index.ts";
import { ApplicationStatusNotice } from "../account/index.ts";
import { ConsultationsPanel } from "../consultations/index.ts";
import { HomeServicesSection } from "../commerce/index.ts";

/** `/home`: a welcome with what this person should do next, from what we know about them. */
export function HomePage() {
  const user = useCurrentUser();
  return (
    <div className="stack">
      <title>Home · DPC Telehealth</title>
      <h1>Welcome, {user.firstName || user.email}</h1>
      {user.role === "patient" && <PatientHome user={user} />}
      {user.role === "doctor" && <DoctorHome user={user} />}
      {user.role === "vma" && <VmaHome user={user} />}
      {user.role === "admin" && (
        <section className="card stack" aria-labelledby="admin-home">
          <h2 id="admin-home">Administration</h2>
          <p>Manage users, applications and the platform from the dashboard.</p>
          <Link to="/admin">Open the dashboard</Link>
        </section>
      )}
      {!user.isPhoneNumberVerified && (
        <section className="card stack" aria-labelledby="home-phone">
          <h2 id="home-phone">Verify your phone</h2>
          <p>A verified phone lets us send you codes to protect your account and to change your email.</p>
          <Link to="/settings#phone">Verify your phone number</Link>
        </section>
      )}
    </div>
  );
}

function PatientHome({ user }: { user: AuthUser }) {
  return (
    <>
      <section className="card stack" aria-labelledby="home-doctor">
        <h2 id="home-doctor">Your doctor</h2>
        {user.doctor
          ? (
            <>
              <p>
                Dr. {user.doctor.firstName} {user.doctor.lastName}
                {user.doctor.specialty ? `, ${user.doctor.specialty}` : ""}
              </p>
              <div className="row">
                <Link to={`/profile/${user.doctor.id}?book=1`}>Book a consultation</Link>
                <MessageLink userId={user.doctor.id} />
              </div>
            </>
          )
          : (
            <>
              <p>You have not chosen a doctor yet. Pick a doctor licensed in your state and join their practice.</p>
              <Link to="/doctors">Find a doctor</Link>
            </>
          )}
      </section>
      <ConsultationsPanel
        user={user}
        emptyAction={<Link to={user.doctor ? `/profile/${user.doctor.id}?book=1` : "/doctors"}>Book a consultation</Link>}
      />
      <section className="card stack" aria-labelledby="home-card">
        <h2 id="home-card">Your medical card</h2>
        <p>Keep your allergies, medications and history current so your doctor can help you safely.</p>
        <Link to="/fillProfile">Review your medical card</Link>
      </section>
      {/* Last: the catalogue arrives from the server, and growing at the end it moves nothing above it. */}
      <HomeServicesSection className="card stack" />
    </>
  );
}

function DoctorHome({ user }: { user: AuthUser }) {
  return (
    <>
      <ApplicationStatusNotice user={user} />
      {user.fullAccess && (
        <section className="card stack" aria-labelledby="home-practice">
          <h2 id="home-practice">Your practice</h2>
          <p>
            Payout account:{" "}
            {user.stripeAccount ? (user.isActiveStripeAccount ? "connected and active" : "connected, not active yet") : "not connected"}
          </p>
          <ul className="row" style={{ listStyle: "none", padding: 0 }}>
            <li><Link to="/doctor/patients">Patients</Link></li>
            <li><Link to="/messages">Messages</Link></li>
            <li><Link to={`/calendar/${user.id}`}>Calendar</Link></li>
            <li><Link to="/availability">Availability</Link></li>
          </ul>
        </section>
      )}
      {user.fullAccess && <ConsultationsPanel user={user} />}
    </>
  );
}

function VmaHome({ user }: { user: AuthUser }) {
  return (
    <>
    <section className="card stack" aria-labelledby="home-vma">
      <h2 id="home-vma">Your work</h2>
      <p>
        {user.doctor
          ? `You assist Dr. ${user.doctor.firstName} ${user.doctor.lastName}.`
          : "You are not attached to a doctor at the moment."}
      </p>
      <ul className="row" style={{ listStyle: "none", padding: 0 }}>
        <li><Link to="/messages">Open messages</Link></li>
        {user.doctor && <li><Link to={`/calendar/${user.doctor.id}`}>Calendar</Link></li>}
        {user.doctor && <li><Link to="/availability">Availability</Link></li>}
      </ul>
    </section>
    {user.fullAccess && user.doctor && <ConsultationsPanel user={user} />}
    </>
  );
}
