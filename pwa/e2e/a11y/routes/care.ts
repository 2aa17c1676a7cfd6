/** Calendars, payouts and charts (01 §2, 02 §2): the doctor's, the VMA's and the patient's. */
import type { SweepRole, SweepRoute } from "../types.ts";

const DEMO_PATIENT = "Pat Patient";
/** The reason the sweep gives its encounter (a11y.test.ts), the encounter page's heading. */
const ENCOUNTER = "Accessibility sweep visit";

/** The chart's sections (in the address) with the dialogs each offers the care team; `extra` adds a role's own. */
function chartSections(role: SweepRole, base: string, extra: Partial<Record<string, string[]>>): SweepRoute[] {
  const dialogs: Record<string, string[]> = {
    profile: [],
    card: [],
    problems: ["Add problem"],
    vitals: ["Add vitals"],
    encounters: [],
    drafts: ["Attach file"],
  };
  return Object.entries(dialogs).map(([section, list]) => ({
    role,
    path: (ids) => `${base}/${ids.patientId}?section=${section}`,
    ready: DEMO_PATIENT,
    dialogs: [...list, ...(extra[section] ?? [])],
  }));
}

export const CARE_SCREENS: SweepRoute[] = [
  { role: "doctor", path: "/availability", ready: "Availability" },
  { role: "doctor", path: (ids) => `/calendar/${ids.doctorId}`, ready: "Your calendar" },
  { role: "patient", path: (ids) => `/calendar/${ids.doctorId}`, ready: /Calendar/ },
  { role: "doctor", path: "/stripe/connect", ready: "Connect your payout account" },
  { role: "doctor", path: "/stripe/inactive", ready: "Your payout account is not active" },
  { role: "doctor", path: "/stripe/connected", ready: "Payout account" },
  { role: "doctor", path: "/doctor/patients", ready: "Patients" },
  { role: "doctor", path: (ids) => `/doctor/patients/${ids.patientId}`, ready: DEMO_PATIENT },
  ...chartSections("doctor", "/doctor/patients", { encounters: ["New encounter"], card: ["Add allergy", "Edit social history"] }),
  { role: "vma", path: "/vma/patients", ready: "Patients" },
  { role: "vma", path: (ids) => `/vma/patients/${ids.patientId}`, ready: DEMO_PATIENT },
  ...chartSections("vma", "/vma/patients", {}),
  { role: "patient", path: "/health-record", ready: "Your health record" },
  // The sweep's own consultation (requested) and encounter (sent), see ../types.ts DemoIds.
  { role: "patient", path: (ids) => `/consultation/${ids.consultationId}`, ready: /consultation with/, dialogs: [/^Cancel the consultation/] },
  {
    role: "doctor",
    path: (ids) => `/consultation/${ids.consultationId}`,
    ready: /consultation with/,
    dialogs: [/^Accept the consultation/, /^Decline the consultation/, /^Reschedule the consultation/, /^Cancel the consultation/],
  },
  { role: "vma", path: (ids) => `/consultation/${ids.consultationId}`, ready: /consultation with/ },
  {
    role: "doctor",
    path: (ids) => `/doctor/patients/${ids.patientId}/encounters/${ids.encounterId}`,
    ready: ENCOUNTER,
    dialogs: [/^Edit$/, /^Send (to the patient|again)$/, "Send all", "Download PDF", /^Delete$/, "Add diagnosis"],
  },
  { role: "vma", path: (ids) => `/vma/patients/${ids.patientId}/encounters/${ids.encounterId}`, ready: ENCOUNTER, dialogs: ["Download PDF"] },
  { role: "patient", path: (ids) => `/health-record/encounters/${ids.encounterId}`, ready: ENCOUNTER, dialogs: ["Download PDF"] },
];
