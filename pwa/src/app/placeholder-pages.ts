/**
 * Pages that exist in the navigation but whose features come in later
 * issues. Each renders a ComingSoon panel inside the real layout.
 */
export type Placeholder = { path: string; title: string; description: string };

export const PLACEHOLDER_PAGES: readonly Placeholder[] = [
  { path: "/reports", title: "Reports", description: "Build and download reports." },
  { path: "/vma/contacts", title: "Contacts", description: "Pharmacies, labs and specialists of your practice." },
  { path: "/vma/tasks", title: "Tasks", description: "Tasks assigned to you and your doctors." },
  { path: "/vma/doctors", title: "Doctors", description: "The doctors you work for." },
  { path: "/vma/documents", title: "Documents", description: "Documents and faxes sent and received." },
  { path: "/doctor/contacts", title: "Contacts", description: "Pharmacies, labs and specialists you work with." },
  { path: "/doctor/tasks", title: "Tasks", description: "Your tasks and those of your assistants." },
  { path: "/doctor/documents", title: "Documents", description: "Documents and faxes sent and received." },
  { path: "/doctor/erx", title: "E-prescribing", description: "Send prescriptions to your patients' pharmacies." },
  { path: "/admin/providers", title: "Providers", description: "Doctor applications: approve, decline, set commission." },
  { path: "/admin/patients", title: "Patients", description: "All patients, their doctors and memberships." },
  { path: "/admin/tasks", title: "Tasks", description: "Tasks across the platform." },
  { path: "/admin/documents", title: "Documents", description: "Agreements and shared documents." },
  { path: "/admin/contacts", title: "Contacts", description: "The shared contact directory." },
  { path: "/admin/reviews", title: "Reviews", description: "Patients' reviews of doctors." },
  { path: "/admin/analytics", title: "Analytics", description: "Sign-ups, consultations and revenue over time." },
];
