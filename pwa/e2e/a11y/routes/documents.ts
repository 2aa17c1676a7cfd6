/**
 * Screens of documents and faxes (issue 16). The folder views live in screens care.ts
 * already sweeps: the chart's Drafts & files and /health-record (whose entry could add
 * the patient's "Attach file" dialog).
 */
import type { SweepRoute } from "../types.ts";

export const DOCUMENTS_ROUTES: SweepRoute[] = [
  { role: "doctor", path: "/doctor/documents", ready: "Documents and faxes", dialogs: ["Upload document"] },
  { role: "vma", path: "/vma/documents", ready: "Documents and faxes", dialogs: ["Upload document"] },
  { role: "admin", path: "/admin/documents", ready: "Platform documents", dialogs: ["Upload document"] },
];
