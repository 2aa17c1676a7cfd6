/**
 * The PWA's route patterns (01 §2), shared so the server can answer unknown
 * paths with the not-found page and status 404.
 */
export const PUBLIC_ROUTES = [
  "/", "/landing", "/doctors", "/profile/:userId", "/contact-us", "/terms-and-conditions", "/privacy-policy",
  "/prescription-policy", "/faq", "/about-us", "/how-it-works", "/membership-agreement", "/conditions-treated",
  "/verifyRegistration", "/resetPassword", "/vmaPassword", "/agreement/:agreementName",
  "/stripe/connected", "/stripe/connect", "/stripe/inactive",
] as const;

export const SIGNED_IN_ROUTES = [
  "/home", "/messages", "/fillProfile", "/profile", "/profile/edit", "/settings", "/settings/:userId",
  "/consultation/:consultationId", "/availability", "/calendar/:doctorId", "/reports", "/orders",
] as const;

/**
 * Routes of one role. The patient's own record (`/health-record`) is not in the
 * spec (02 §2: "patient routes with parameters are not shown"); see pwa/docs/chart.md.
 */
export const ROLE_ROUTES = {
  patient: ["/health-record", "/health-record/encounters/:encounterId"],
  vma: [
    "/vma/patients", "/vma/patients/:patientId", "/vma/patients/:patientId/encounters/:encounterId", "/vma/contacts",
    "/vma/tasks", "/vma/doctors", "/vma/documents", "/vma/transactions",
  ],
  doctor: [
    "/doctor/contacts", "/doctor/tasks", "/doctor/patients", "/doctor/patients/:patientId",
    "/doctor/patients/:patientId/encounters/:encounterId", "/doctor/documents", "/doctor/erx", "/transactions",
  ],
  admin: [
    "/admin", "/admin/providers", "/admin/patients", "/admin/tasks", "/admin/packages", "/admin/documents",
    "/admin/contacts", "/admin/promo-codes", "/admin/transactions", "/admin/reviews", "/admin/analytics",
    // The contact-us queue (issue 18; /admin/contacts is the practice contacts directory).
    "/admin/messages",
  ],
} as const;

const ALL = [...PUBLIC_ROUTES, ...SIGNED_IN_ROUTES, ...Object.values(ROLE_ROUTES).flat()];
const MATCHERS = ALL.map((pattern) =>
  new RegExp(`^${pattern.replace(/:[A-Za-z]+/g, "[^/]+")}/?$`)
);

/** True when a path is one of the PWA's routes (a guard may still redirect). */
export function isKnownRoute(path: string): boolean {
  return MATCHERS.some((m) => m.test(path));
}
