/** Commerce screens (issue 14) in the accessibility sweep. */
import type { SweepRoute } from "../types.ts";

export const COMMERCE_ROUTES: SweepRoute[] = [
  { role: "doctor", path: "/transactions", ready: "Transactions" },
  { role: "vma", path: "/vma/transactions", ready: "Transactions" },
  // The sweep's setup buys a service (a11y/commerce-data.ts): there is a row to refund.
  { role: "admin", path: "/admin/transactions", ready: "Transactions", dialogs: [/^Refund .+'s Imaging referral$/] },
  { role: "admin", path: "/admin/promo-codes", ready: "Promo codes", dialogs: ["Delete SPRING20"] }, // the seeded code; the sweep closes the question
  { role: "admin", path: "/admin/packages", ready: "Packages", dialogs: ["New service", "Edit Imaging referral", "New plan", /^Edit Primary care/] }, // plans: issue 13
  // Settings → Services and Balance: scanned once both sections have loaded (the doctor's services; the payout
  // account's state, active or not depending on what ran before).
  {
    role: "doctor",
    path: "/settings#services",
    ready: "Settings",
    content: [/^Imaging referral — /, /^(Payout account active|You have no payout account yet\.|Your payout account is not active yet\.)$/],
  },
  { role: "doctor", path: "/stripe/connect", ready: "Connect your payout account" },
  { role: "doctor", path: "/stripe/inactive", ready: "Your payout account is not active" },
];
