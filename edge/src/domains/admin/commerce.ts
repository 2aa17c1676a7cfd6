/**
 * THE one query module for figures that need commerce (memberships,
 * transactions, payouts). Commerce is built in parallel by other engineers:
 * until its tables exist every function here answers null, and the screens say
 * "no commerce data yet". The coordinator wires the real queries at merge —
 * only this file changes.
 *
 * Expected tables (by name): `memberships` (patient_id, doctor_id, status,
 * started_at, ended_at) and `transactions` (patient_id, doctor_id,
 * amount_cents, fee_cents, status, created_at, description).
 */
import type { Queryable } from "../../db/connect.ts";

export type CommerceTotals = { activeMemberships: number; revenueThisMonthCents: number; feesThisMonthCents: number };
export type PatientCommerce = {
  membershipStatus: string | null;
  bought: string | null;
  serviceName: string | null;
  serviceDoctor: string | null;
  lifetimeValueCents: number | null;
  grossProfitCents: number | null;
};

async function tablesExist(q: Queryable, ...names: string[]): Promise<boolean> {
  for (const name of names) {
    const [row] = await q<{ t: string | null }[]>`select to_regclass(${`public.${name}`})::text as t`;
    if (!row?.t) return false;
  }
  return true;
}

/** Whether commerce data exists at all on this database. */
export const commerceAvailable = (q: Queryable) => tablesExist(q, "memberships", "transactions");

/** Dashboard figures, or null without commerce. */
export async function commerceTotals(q: Queryable, _monthStart: Date): Promise<CommerceTotals | null> {
  if (!(await commerceAvailable(q))) return null;
  // Wired at merge against the commerce schema (see the module comment).
  return null;
}

/** Per-bucket series for analytics (memberships started/ended, revenue, fees), or null without commerce. */
export async function commerceSeries(
  q: Queryable,
  _range: { from: Date; to: Date; granularity: string; timezone: string },
): Promise<null | { buckets: string[]; started: number[]; churned: number[]; revenueCents: number[]; feesCents: number[] }> {
  if (!(await commerceAvailable(q))) return null;
  return null;
}

/** The commerce columns of report rows, by patient id, or null without commerce. */
export async function patientCommerce(q: Queryable, _patientIds: string[]): Promise<Map<string, PatientCommerce> | null> {
  if (!(await commerceAvailable(q))) return null;
  return null;
}

/** Open admin tasks, or null when the tasks feature (another issue) has not landed. */
export async function openAdminTasks(q: Queryable): Promise<number | null> {
  if (!(await tablesExist(q, "tasks"))) return null;
  return null;
}
