/** Commerce screens (issue 14) in the accessibility sweep. */
import type { SweepRoute } from "../types.ts";

export const COMMERCE_ROUTES: SweepRoute[] = [
  { role: "doctor", path: "/transactions", ready: "Transactions" },
  { role: "vma", path: "/vma/transactions", ready: "Transactions" },
  { role: "admin", path: "/admin/transactions", ready: "Transactions" },
  { role: "admin", path: "/admin/promo-codes", ready: "Promo codes" },
  { role: "admin", path: "/admin/packages", ready: "Packages", dialogs: ["New service", "New plan", /^Edit Primary care/] }, // plans: issue 13
  { role: "doctor", path: "/stripe/connect", ready: "Connect your payout account" },
  { role: "doctor", path: "/stripe/inactive", ready: "Your payout account is not active" },
];
