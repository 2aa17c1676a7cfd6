/** The practice team's screens (issue 17). */
import type { SweepRoute } from "../types.ts";

export const TEAM_ROUTES: SweepRoute[] = [
  { role: "doctor", path: "/doctor/tasks", ready: "Tasks" },
  { role: "vma", path: "/vma/tasks", ready: "Tasks" },
  { role: "admin", path: "/admin/tasks", ready: "Tasks" },
  { role: "doctor", path: "/doctor/contacts", ready: "Contacts" },
  { role: "vma", path: "/vma/contacts", ready: "Contacts" },
  { role: "admin", path: "/admin/contacts", ready: "Shared contact directory" },
  { role: "vma", path: "/vma/doctors", ready: "Doctors" },
  { role: "doctor", path: "/settings#vmas", ready: "Settings" },
];
