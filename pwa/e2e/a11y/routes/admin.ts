/** Administration's screens in the accessibility sweep (issue 18). */
import type { SweepRoute } from "../types.ts";

export const ADMIN_ROUTES: SweepRoute[] = [
  { role: "admin", path: "/admin", ready: "Dashboard" },
  { role: "admin", path: "/admin/providers", ready: "Providers", dialogs: [/^Approve /, /^Decline /] },
  { role: "admin", path: "/admin/providers?status=approved", ready: "Providers", dialogs: [/^Set commission for /, /^Deactivate /] },
  { role: "admin", path: "/admin/patients", ready: "Patients", dialogs: [/^Choose a doctor for /, /^Change email of /] },
  { role: "admin", path: "/admin/reviews", ready: "Reviews" },
  { role: "admin", path: "/admin/messages", ready: "Contact-us messages" },
  { role: "admin", path: "/admin/analytics", ready: "Analytics" },
  { role: "admin", path: "/reports", ready: "Reports" },
  { role: "admin", path: "/settings#agreements", ready: "Settings", dialogs: ["New agreement"] },
  { role: "doctor", path: "/reports", ready: "Reports" },
  { role: "patient", path: "/reports", ready: "Reports" },
  { role: "patient", path: (ids) => `/profile/${ids.doctorId}`, ready: /Grace Hopper/ },
  { role: "guest", path: "/agreement/terms", ready: "Terms and conditions" },
];
