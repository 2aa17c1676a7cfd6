/**
 * Prescription maximums by the patient's plan with the prescribing doctor
 * (02 §5, §9): one-time 30 days; monthly 30 days; 3-month 90 days; annual 90
 * days with 3 refills. The other plans allow no refills (the spec names refills
 * only for the annual plan; we read that as "none for the others" — the
 * strictest reading, written in edge/docs/orders.md). A patient with no plan
 * with this doctor gets the one-time limits, the strictest.
 *
 * The plan itself belongs to memberships (built on another branch): this domain
 * asks ONE function, `PlanKindOf`, passed in. Until memberships land it answers
 * "none" (`noPlansYet`, for tests); app.ts passes the memberships domain's `currentPlanInterval`.
 */
export const PLAN_KINDS = ["none", "one-time", "monthly", "3-month", "annual"] as const;
export type PlanKind = (typeof PLAN_KINDS)[number];
export type PrescriptionLimits = { plan: PlanKind; label: string; maxDays: number; maxRefills: number };

const LIMITS: Record<PlanKind, Omit<PrescriptionLimits, "plan">> = {
  "none": { label: "one-time plan (the patient has no plan with this doctor)", maxDays: 30, maxRefills: 0 },
  "one-time": { label: "one-time plan", maxDays: 30, maxRefills: 0 },
  "monthly": { label: "monthly plan", maxDays: 30, maxRefills: 0 },
  "3-month": { label: "3-month plan", maxDays: 90, maxRefills: 0 },
  "annual": { label: "annual plan", maxDays: 90, maxRefills: 3 },
};

export function prescriptionLimitsFor(plan: PlanKind): PrescriptionLimits {
  return { plan, ...LIMITS[plan] };
}

/** The patient's plan with this doctor. */
export type PlanKindOf = (patientId: string, doctorId: string) => Promise<PlanKind>;

/** Nobody has a plan: the strictest limits (tests that do not care about plans). */
export const noPlansYet: PlanKindOf = () => Promise.resolve("none");

/** The field errors for days and refills over the plan's maximums, or null. */
export function limitErrors(limits: PrescriptionLimits, v: { days: number; refills: number }): Record<string, string> | null {
  const fields: Record<string, string> = {};
  if (v.days > limits.maxDays) fields.days = `At most ${limits.maxDays} days under the ${limits.label}`;
  if (v.refills > limits.maxRefills) {
    fields.refills = limits.maxRefills === 0
      ? `No refills under the ${limits.label}`
      : `At most ${limits.maxRefills} refills under the ${limits.label}`;
  }
  return Object.keys(fields).length ? fields : null;
}
