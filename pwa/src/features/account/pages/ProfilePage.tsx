import type { ReactNode } from "react";
import { Link } from "react-router";
import { US_STATES, type UsState } from "../../../../../sync/us-states.ts";
import { useCurrentUser } from "../../auth/index.ts";
import { ApplicationStatusNotice } from "../components/ApplicationStatusNotice.tsx";
import { SignatureField } from "../components/SignatureField.tsx";

/** `/profile`: the signed-in person's own details. */
export function ProfilePage() {
  const user = useCurrentUser();
  const address = [user.address, user.city, stateName(user.state), user.zip].filter(Boolean).join(", ");
  return (
    <div className="stack">
      <title>Your profile · DPC Telehealth</title>
      <div className="row" style={{ justifyContent: "space-between" }}>
        <h1 style={{ margin: 0 }}>{[user.firstName, user.lastName].join(" ").trim() || "Your profile"}</h1>
        <Link to="/profile/edit" className="ui-button ui-button--secondary">Edit profile</Link>
      </div>
      <ApplicationStatusNotice user={user} />
      <section className="card stack" aria-labelledby="profile-personal">
        <h2 id="profile-personal">Personal details</h2>
        <dl className="details-grid">
          <Item label="Role">{capitalize(user.role)}</Item>
          <Item label="Email">{user.email}</Item>
          <Item label="Phone">
            {user.phoneNumber
              ? `${user.phoneNumber} (${user.isPhoneNumberVerified ? "verified" : "not verified"})`
              : <Link to="/settings#phone">Add a phone number</Link>}
          </Item>
          <Item label="Birth date">{user.birthDate}</Item>
          <Item label="Gender">{user.gender}</Item>
          <Item label="Address">{address}</Item>
          {user.role === "patient" && (
            <Item label="Doctor">
              {user.doctor ? `Dr. ${user.doctor.firstName} ${user.doctor.lastName}` : <Link to="/doctors">Find a doctor</Link>}
            </Item>
          )}
        </dl>
      </section>
      {user.role === "doctor" && (
        <section className="card stack" aria-labelledby="profile-professional">
          <h2 id="profile-professional">Professional details</h2>
          <dl className="details-grid">
            <Item label="Specialty">{user.specialty}</Item>
            <Item label="NPI">{user.npi}</Item>
            <Item label="DEA">{user.dea}</Item>
            <Item label="Fax">{user.fax}</Item>
            <Item label="Time zone">{user.timezone}</Item>
            <Item label="Licensed in">{user.licensedStates.map(stateName).join(", ")}</Item>
            <Item label="About">{user.bio}</Item>
            <Item label="Signature"><SignatureField user={user} /></Item>
          </dl>
        </section>
      )}
    </div>
  );
}

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{children || <span className="muted">Not given</span>}</dd>
    </>
  );
}

function stateName(code: string | null): string {
  if (!code) return "";
  return US_STATES[code as UsState] ?? code;
}

function capitalize(text: string): string {
  return text === "vma" ? "Virtual medical assistant" : text.charAt(0).toUpperCase() + text.slice(1);
}
