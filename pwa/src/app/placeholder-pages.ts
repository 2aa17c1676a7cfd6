/**
 * Pages that exist in the navigation but whose features come in later
 * issues. Each renders a ComingSoon panel inside the real layout.
 */
export type Placeholder = { path: string; title: string; description: string };

export const PLACEHOLDER_PAGES: readonly Placeholder[] = [
  { path: "/reports", title: "Reports", description: "Build and download reports." },
  { path: "/vma/transactions", title: "Transactions", description: "Payments of your doctors' patients." },
  { path: "/transactions", title: "Transactions", description: "Payments from your patients and your payouts." },
  { path: "/admin/providers", title: "Providers", description: "Doctor applications: approve, decline, set commission." },
  { path: "/admin/patients", title: "Patients", description: "All patients, their doctors and memberships." },
  { path: "/admin/packages", title: "Packages", description: "Membership plans and paid services." },
  { path: "/admin/promo-codes", title: "Promo codes", description: "Coupons and their usage." },
  { path: "/admin/transactions", title: "Transactions", description: "Payments, refunds and payouts." },
  { path: "/admin/reviews", title: "Reviews", description: "Patients' reviews of doctors." },
  { path: "/admin/analytics", title: "Analytics", description: "Sign-ups, consultations and revenue over time." },
];
