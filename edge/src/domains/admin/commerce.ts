/**
 * THE one query module for figures that need commerce (memberships,
 * transactions, payouts). The dashboard's totals and the open admin tasks read
 * the payments and tasks tables; so do the analytics series (memberships started and churned, revenue and the
 * platform's fees per bucket) and the report's commerce columns (02 §3: membership status, bought, service,
 * lifetime value, gross profit). The platform's fee is what it keeps: paid, less refunded, less the doctor's
 * share net of reversals (the ledger's rule, commerce/ledger.ts), everywhere.
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
export const commerceAvailable = (q: Queryable) => tablesExist(q, "memberships", "payment_transactions", "service_requests");

/** The processor's subscription status in the report's words. */
const MEMBERSHIP_WORDS: Record<string, string> = {
  trialing: "Free trial", active: "Active", past_due: "Past due", canceled: "Cancelled", unpaid: "Unpaid",
  incomplete: "Not completed", incomplete_expired: "Not completed",
};

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

/** Per-bucket series for analytics (memberships started/ended, revenue, fees) on the analytics' buckets, or null. */
export async function commerceSeries(
  q: Queryable,
  range: { from: Date; to: Date; granularity: string; timezone: string },
  allBuckets: readonly string[],
): Promise<null | { buckets: string[]; started: number[]; churned: number[]; revenueCents: number[]; feesCents: number[] }> {
  if (!(await commerceAvailable(q))) return null;
  const index = new Map(allBuckets.map((b, i) => [b, i]));
  const zero = () => new Array<number>(allBuckets.length).fill(0);
  const out = { buckets: [...allBuckets], started: zero(), churned: zero(), revenueCents: zero(), feesCents: zero() };
  const bucket = (column: string) => q`to_char(date_trunc(${range.granularity}, ${q(column)} at time zone ${range.timezone}), 'YYYY-MM-DD')`;
  const within = (column: string) => q`${q(column)} >= ${range.from} and ${q(column)} < ${range.to}`;
  const [starts, ends, money] = [
    // A membership whose first payment never completed never started.
    await q<{ b: string; n: number }[]>`select ${bucket("created_at")} as b, count(*)::int as n from memberships
      where ${within("created_at")} and status not in ('incomplete', 'incomplete_expired') group by 1`,
    await q<{ b: string; n: number }[]>`select ${bucket("ended_at")} as b, count(*)::int as n from memberships
      where ended_at is not null and ${within("ended_at")} group by 1`,
    await q<{ b: string; revenue: number; fees: number }[]>`select ${bucket("created_at")} as b,
        sum(amount_cents - refunded_cents)::int as revenue,
        sum(amount_cents - refunded_cents - (net_cents - net_reversed_cents))::int as fees
      from payment_transactions where status in ('succeeded', 'refunded') and ${within("created_at")} group by 1`,
  ];
  const put = (values: number[], b: string, n: number) => {
    const i = index.get(b);
    if (i !== undefined) values[i] += n;
  };
  for (const r of starts) put(out.started, r.b, r.n);
  for (const r of ends) put(out.churned, r.b, r.n);
  for (const r of money) put(out.revenueCents, r.b, r.revenue), put(out.feesCents, r.b, r.fees);
  return out;
}

/** The commerce columns of report rows, by patient id, or null without commerce. */
export async function patientCommerce(q: Queryable, patientIds: string[]): Promise<Map<string, PatientCommerce> | null> {
  if (!(await commerceAvailable(q))) return null;
  if (patientIds.length === 0) return new Map();
  const rows = await q<{
    id: string; status: string | null; plan: string | null; service: string | null; service_doctor: string | null;
    ltv: number; gp: number;
  }[]>`
    select p.id,
      m.status, m.plan,
      s.service, s.service_doctor,
      coalesce(t.ltv, 0)::int as ltv, coalesce(t.gp, 0)::int as gp
    from unnest(${patientIds}::uuid[]) as p(id)
    left join lateral (select m.status, pl.name as plan from memberships m join plans pl on pl.id = m.plan_id
      where m.patient_id = p.id order by m.created_at desc, m.id desc limit 1) m on true
    left join lateral (select ps.name as service, d.first_name || ' ' || d.last_name as service_doctor
      from service_requests r join paid_services ps on ps.id = r.service_id join users d on d.id = r.doctor_id
      where r.patient_id = p.id and r.status in ('paid', 'refunded') order by r.created_at desc, r.id desc limit 1) s on true
    left join lateral (select sum(amount_cents - refunded_cents) as ltv,
        sum(amount_cents - refunded_cents - (net_cents - net_reversed_cents)) as gp
      from payment_transactions where patient_id = p.id and status in ('succeeded', 'refunded')) t on true`;
  return new Map(rows.map((r) => [r.id, {
    membershipStatus: r.status ? MEMBERSHIP_WORDS[r.status] ?? r.status : null,
    bought: r.plan,
    serviceName: r.service,
    serviceDoctor: r.service_doctor ? `Dr. ${r.service_doctor}` : null,
    lifetimeValueCents: r.ltv,
    grossProfitCents: r.gp,
  }]));
}

/** Open admin (platform support) tasks: the tasks with no practice (edge/docs/team.md). */
export async function openAdminTasks(q: Queryable): Promise<number | null> {
  if (!(await tablesExist(q, "tasks"))) return null;
  const [row] = await q<{ n: number }[]>`
    select count(*)::int as n from tasks where practice_id is null and status = 'open' and not deleted`;
  return row.n;
}
