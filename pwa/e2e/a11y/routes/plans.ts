/**
 * The doctor's membership screens (issue 13) in the accessibility sweep; the admin's plans are on
 * /admin/packages (commerce.ts, with the plan dialogs).
 */
import type { SweepRoute } from "../types.ts";

export const PLANS_ROUTES: SweepRoute[] = [
  // Settings → Memberships and Patient memberships; the cancel dialog of the demo patient's membership.
  { role: "doctor", path: "/settings#patient-memberships", ready: "Settings", dialogs: [/^Cancel .+ membership$/] },
  // The doctor's VMAs see the list only.
  { role: "vma", path: "/settings#patient-memberships", ready: "Settings" },
];
