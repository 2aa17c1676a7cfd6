/** The patient's memberships (Settings → Memberships) and payment history (issue 13); see pwa/docs/memberships.md. */
export { MembershipsSection } from "./components/MembershipsSection.tsx";
export { PaymentHistorySection } from "./components/PaymentHistorySection.tsx";
