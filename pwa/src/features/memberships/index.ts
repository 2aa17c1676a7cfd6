/**
 * Memberships (issue 13; see pwa/docs/memberships.md and memberships-admin.md): the patient's memberships
 * (Settings → Memberships) and payment history, the doctor's plans and members (their Settings), and the admin's
 * membership plans (/admin/packages).
 */
export { MembershipsSection } from "./components/MembershipsSection.tsx";
export { PaymentHistorySection } from "./components/PaymentHistorySection.tsx";
export { MembershipOptionsSettings } from "./doctor/MembershipOptionsSettings.tsx";
export { PatientMembershipsSettings } from "./doctor/PatientMembershipsSettings.tsx";
export { PlansSection } from "./admin/PlansSection.tsx";
