/** Screens of documents, faxes and medical-file folders (issue 16). */
import type { SweepRoute } from "../types.ts";

export const DOCUMENTS_ROUTES: SweepRoute[] = [
  { role: "doctor", path: "/doctor/documents", ready: "Documents and faxes", dialogs: ["Upload document"] },
  { role: "vma", path: "/vma/documents", ready: "Documents and faxes", dialogs: ["Upload document"] },
  { role: "admin", path: "/admin/documents", ready: "Platform documents", dialogs: ["Upload document"] },
  { role: "patient", path: "/health-record", ready: "Your health record", dialogs: ["Attach file"] },
  {
    role: "doctor",
    path: (ids) => `/doctor/patients/${ids.patientId}?section=drafts`,
    ready: /.+/,
    dialogs: ["Attach file"],
  },
];
