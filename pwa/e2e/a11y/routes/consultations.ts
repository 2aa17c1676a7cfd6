/** Consultations' settings: Settings → Consultations, the intake form editor (02 §3). */
import type { SweepRoute } from "../types.ts";

export const CONSULTATIONS_ROUTES: SweepRoute[] = [
  { role: "doctor", path: "/settings#consultations", ready: "Settings" },
  // A VMA edits their doctor's intake form.
  { role: "vma", path: "/settings#consultations", ready: "Settings" },
];
