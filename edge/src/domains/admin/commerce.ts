/**
 * THE one query module for figures that need commerce (memberships,
 * transactions, payouts). The dashboard's totals and the open admin tasks read
 * the payments and tasks tables; the analytics series and the report's commerce
 * columns still answer null (the screens say "no commerce data yet").
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

/**
 * Dashboard figures from the payments tables (edge/docs/payments.md, commerce.md): live memberships (trialing,
 * active, past due), and this month's charges net of refunds with the platform's fee net of refunded fees.
 */
export async function commerceTotals(q: Queryable, monthStart: Date): Promise<CommerceTotals | null> {
  if (!(await tablesExist(q, "memberships", "payment_transactions"))) return null;
  const [m] = await q<{ n: number }[]>`
    select count(*)::int as n from memberships where status in ('trialing', 'active', 'past_due')`;
  // The platform's fees are what it keeps: paid, less refunded, less the doctor's share (net of reversals) — the
  // ledger's own rule (commerce/ledger.ts). The fee refund and the transfer reversal are each rounded by the
  // processor, so "fee less fee refunded" drifted a cent from the ledger after a refund (issue 32).
  const [t] = await q<{ revenue: number; fees: number }[]>`
    select coalesce(sum(amount_cents - refunded_cents), 0)::int as revenue,
           coalesce(sum(amount_cents - refunded_cents - (net_cents - net_reversed_cents)), 0)::int as fees
    from payment_transactions
    where status in ('succeeded', 'refunded') and created_at >= ${monthStart}`;
  return { activeMemberships: m.n, revenueThisMonthCents: t.revenue, feesThisMonthCents: t.fees };
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

/** Open admin (platform support) tasks: the tasks with no practice (edge/docs/team.md). */
export async function openAdminTasks(q: Queryable): Promise<number | null> {
  if (!(await tablesExist(q, "tasks"))) return null;
  const [row] = await q<{ n: number }[]>`
    select count(*)::int as n from tasks where practice_id is null and status = 'open' and not deleted`;
  return row.n;
}
