/**
 * One screen in the accessibility sweep (pwa/e2e/a11y.test.ts): axe-core runs on it for
 * its role at phone and desktop sizes, once as loaded and once with each dialog open.
 * Every domain lists its screens in pwa/e2e/a11y/routes/<domain>.ts, gathered in
 * routes/index.ts; a screen that lands is added there in the same change.
 */
export type SweepRole = "guest" | "patient" | "doctor" | "vma" | "admin";

export type SweepRoute = {
  role: SweepRole;
  /** A concrete path (parameters filled with demo data, e.g. the demo patient's id from a helper). */
  path: string | ((ids: DemoIds) => string);
  /** Accessible name of a heading (level 1) that shows the screen has loaded. */
  ready: string | RegExp;
  /**
   * Text that must be visible too before the scan, for screens whose sections load after the heading (a section's
   * spinner is not what should be checked).
   */
  content?: (string | RegExp)[];
  /** Names of buttons that each open a dialog to check with the dialog open (closed again with Escape). */
  dialogs?: (string | RegExp)[];
};

/**
 * Ids of the demo practice that routes with parameters need (filled by the sweep at start):
 * the demo accounts, plus a chat consultation the demo patient requested with the demo doctor
 * and an encounter the doctor created (and sent) for that patient, both made for the sweep.
 */
export type DemoIds = {
  patientId: string;
  doctorId: string;
  vmaId: string;
  adminId: string;
  consultationId: string;
  encounterId: string;
};
