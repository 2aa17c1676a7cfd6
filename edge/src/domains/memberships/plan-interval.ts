/**
 * The patient's current plan interval with a doctor, for rules that depend on
 * it (02 §9 prescription maximums: one-time 30 days, monthly 30, 3-month 90,
 * annual 90 with 3 refills). "none" when not a member.
 */
import type { Queryable } from "../../db/connect.ts";

export type PlanIntervalKind = "one-time" | "monthly" | "3-month" | "annual" | "none";

/** Whether a plan renews: not when the admin made it non-renewable or it is a one-time plan (02 §9's 1-week access). */
export const planRenews = (p: { auto_renewable: boolean; category: string }) => p.auto_renewable && p.category !== "one-time";

export function intervalKind(p: { interval: string; interval_count: number; category: string; auto_renewable?: boolean }): PlanIntervalKind {
  if (p.category === "one-time" || p.auto_renewable === false) return "one-time";
  const months = p.interval === "month" ? p.interval_count : p.interval === "year" ? 12 * p.interval_count : 0;
  if (months >= 12) return "annual";
  if (months >= 3) return "3-month";
  if (months >= 1) return "monthly";
  return "one-time";
}

export async function currentPlanInterval(q: Queryable, patientId: string, doctorId: string): Promise<PlanIntervalKind> {
  const [row] = await q<{ interval: string; interval_count: number; category: string; auto_renewable: boolean }[]>`
    select p.interval, p.interval_count, p.category, p.auto_renewable
    from memberships m join plans p on p.id = m.plan_id
    where m.patient_id = ${patientId} and m.doctor_id = ${doctorId} and m.status in ('active', 'trialing', 'past_due')
    order by m.created_at desc limit 1`;
  return row ? intervalKind(row) : "none";
}
