import { type ReactNode, useEffect } from "react";
import { Link, useLocation } from "react-router";
import type { Role } from "../../../../../sync/roles.ts";
import type { AuthUser } from "../../../../../sync/schemas/user.ts";
import { useCurrentUser } from "../../auth/index.ts";
import { AdminManagementSection, AgreementsSection } from "../../admin/index.ts";
import { NoteTypesSettings } from "../../notes/index.ts";
import { BalancePanel, DoctorServicesSettings } from "../../commerce/index.ts";
import { NotificationSettingsSection } from "../../notifications/index.ts";
import { PaymentMethodsSection } from "../../payments/index.ts";
import { IntakeFormSettingsSection } from "../../consultations/index.ts";
import {
  MembershipOptionsSettings,
  MembershipsSection,
  PatientMembershipsSettings,
  PaymentHistorySection,
} from "../../memberships/index.ts";
import { MacrosSettings, VmasSettings } from "../../team/index.ts";
import { ChangeEmailSection } from "../components/ChangeEmailSection.tsx";
import { ChangePasswordSection } from "../components/ChangePasswordSection.tsx";
import { PhoneSection } from "../components/PhoneSection.tsx";
import { SessionsSection } from "../components/SessionsSection.tsx";

/** `practice`: the practice's own settings, usable once the account is approved (the server refuses them before). */
type Section = { id: string; title: string; roles?: readonly Role[]; practice?: boolean; body: ReactNode };

/** `/settings`: the signed-in user's sections, by role. */
export function SettingsPage() {
  const user = useCurrentUser();
  const { hash } = useLocation();
  // Links like /settings#phone open the section (the router does not scroll to hashes).
  useEffect(() => {
    if (hash) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView?.({ block: "start" });
  }, [hash]);
  const all: Section[] = [
    { id: "account", title: "Account settings", body: <ChangePasswordSection /> },
    { id: "phone", title: "Phone", body: <PhoneSection /> },
    { id: "email", title: "Email", body: <ChangeEmailSection /> },
    { id: "sessions", title: "Sessions", body: <SessionsSection /> },
    { id: "notifications", title: "Notifications", body: <NotificationSettingsSection /> },
    // The doctor manages note types (02 §6); their VMAs see the list they pick from.
    { id: "note-types", practice: true, title: "Note types", roles: ["doctor", "vma"], body: <NoteTypesSettings canManage={user.role === "doctor"} /> },
    { id: "macros", practice: true, title: "Macros", roles: ["doctor", "vma"], body: <MacrosSettings /> },
    { id: "vmas", practice: true, title: "Manage VMAs", roles: ["doctor"], body: <VmasSettings /> },
    // The intake form patients fill in when booking (02 §3); a VMA edits their doctor's.
    {
      id: "consultations",
      practice: true,
      title: "Consultations",
      roles: ["doctor", "vma"],
      body: <IntakeFormSettingsSection doctorId={user.role === "doctor" ? user.id : user.doctor?.id ?? null} />,
    },
    { id: "agreements", title: "Agreements", roles: ["admin"], body: <AgreementsSection /> },
    // Admin management is for super admins (01 §3, §6).
    ...(user.isSuperAdmin ? [{ id: "admins", title: "Admin management", roles: ["admin"] as Role[], body: <AdminManagementSection /> }] : []),
    { id: "services", practice: true, title: "Services", roles: ["doctor"], body: <DoctorServicesSettings /> },
    { id: "balance", practice: true, title: "Balance", roles: ["doctor"], body: <BalancePanel titled={false} /> },
    { id: "memberships", practice: true, title: "Memberships", roles: ["doctor"], body: <MembershipOptionsSettings /> },
    // The doctor manages their patients' memberships; their VMAs see the list (02 §7 "Doctors").
    {
      id: "patient-memberships",
      practice: true,
      title: "Patient memberships",
      roles: ["doctor", "vma"],
      body: <PatientMembershipsSettings canManage={user.role === "doctor"} />,
    },
    { id: "my-membership", title: "Memberships", roles: ["patient"], body: <MembershipsSection /> },
    { id: "payment-methods", title: "Payment methods", roles: ["patient"], body: <PaymentMethodsSection /> },
    { id: "payment-history", title: "Payment history", roles: ["patient"], body: <PaymentHistorySection /> },
  ];
  const sections = all.filter((section) => !section.roles || section.roles.includes(user.role));

  return (
    <div className="stack">
      <title>Settings · DPC Telehealth</title>
      <h1>Settings</h1>
      <nav aria-label="Settings sections">
        <ul className="row" style={{ listStyle: "none", padding: 0 }}>
          {sections.map((section) => <li key={section.id}><a href={`#${section.id}`}>{section.title}</a></li>)}
        </ul>
      </nav>
      {sections.map((section) => (
        <section key={section.id} id={section.id} className="card stack" aria-labelledby={`${section.id}-title`}>
          <h2 id={`${section.id}-title`}>{section.title}</h2>
          {section.practice && !user.fullAccess ? <NotApprovedYet user={user} /> : section.body}
        </section>
      ))}
    </div>
  );
}

/** In place of a practice section before the account is approved: why, and where the application stands. */
function NotApprovedYet({ user }: { user: AuthUser }) {
  if (user.role === "vma") {
    return <p className="muted">Available once your account is approved by your doctor's practice.</p>;
  }
  return (
    <p className="muted">
      Available once your application is approved.{" "}
      {user.stripeAccount
        ? <Link to="/profile">See where your application stands</Link>
        : <><Link to="/stripe/connect">Connect your payout account</Link> first: applications are reviewed once one is connected.</>}
    </p>
  );
}
