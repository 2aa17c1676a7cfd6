/** SQL for memberships, processor prices, setup claims and subscribe requests (processor customers: ../payments/repo.ts). */
import type { Queryable, Sql } from "../../db/connect.ts";

export type MembershipRow = {
  id: string; patient_id: string; doctor_id: string; plan_id: string; subscription_id: string; status: string;
  cancel_at_period_end: boolean; current_period_end: Date | null; ended_at: Date | null; amount_cents: number;
  pending_plan_id: string | null; pending_starts_at: Date | null; schedule_id: string | null; intent_id: string | null;
  version: string; created_at: Date; cancelled_by_patient: boolean;
  plan_name: string; interval: string; interval_count: number; category: string; auto_renewable: boolean;
  pending_plan_name: string | null; doctor_name: string; patient_name: string; pending_amount_cents: number | null;
};

/** Processor statuses in which the patient is a member (past_due: while the processor retries). */
export const MEMBER_STATUSES = ["active", "trialing", "past_due"] as const;

const SELECT = (q: Queryable) => q`
  select m.*, m.version::text as version, p.name as plan_name, p.interval, p.interval_count, p.category, p.auto_renewable,
         pp.name as pending_plan_name, coalesce(po.price_cents, pp.price_cents) as pending_amount_cents,
         d.first_name || ' ' || d.last_name as doctor_name, u.first_name || ' ' || u.last_name as patient_name
  from memberships m
  join plans p on p.id = m.plan_id
  left join plans pp on pp.id = m.pending_plan_id
  left join membership_options po on po.plan_id = m.pending_plan_id and po.doctor_id = m.doctor_id
  join users d on d.id = m.doctor_id
  join users u on u.id = m.patient_id`;

export type MembershipWrite = {
  status: string; cancelAtPeriodEnd: boolean; currentPeriodEnd: Date | null; endedAt: Date | null; scheduleId: string | null;
};

type PriceKey = { planId: string; amountCents: number; interval: string; intervalCount: number };
async function priceOf(q: Queryable, k: PriceKey) {
  const [row] = await q<{ price_id: string }[]>`select price_id from processor_prices where plan_id = ${k.planId}
    and amount_cents = ${k.amountCents} and interval = ${k.interval} and interval_count = ${k.intervalCount}`;
  return row?.price_id ?? null;
}

export function createMembershipsRepo(_sql: Sql) {
  return {
    async byId(q: Queryable, id: string) {
      const [row] = await q<MembershipRow[]>`${SELECT(q)} where m.id = ${id}`;
      return row ?? null;
    },
    async bySubscription(q: Queryable, subscriptionId: string) {
      const [row] = await q<MembershipRow[]>`${SELECT(q)} where m.subscription_id = ${subscriptionId}`;
      return row ?? null;
    },
    async byIntent(q: Queryable, intentId: string) {
      const [row] = await q<MembershipRow[]>`${SELECT(q)} where m.intent_id = ${intentId}`;
      return row ?? null;
    },
    async ofPatient(q: Queryable, patientId: string) {
      return await q<MembershipRow[]>`${SELECT(q)} where m.patient_id = ${patientId} and m.status <> 'incomplete'
        order by m.created_at desc`;
    },
    async ofDoctor(q: Queryable, doctorId: string) {
      return await q<MembershipRow[]>`${SELECT(q)} where m.doctor_id = ${doctorId} and m.status <> 'incomplete'
        order by m.created_at desc limit 1000`;
    },
    /** The patient's live membership with a doctor (a member, or one whose card step is still open). */
    async current(q: Queryable, patientId: string, doctorId: string) {
      const [row] = await q<MembershipRow[]>`${SELECT(q)} where m.patient_id = ${patientId} and m.doctor_id = ${doctorId}
        and m.status in ('active', 'trialing', 'past_due', 'incomplete') order by m.created_at desc limit 1`;
      return row ?? null;
    },
    /** Whether the patient has ever been this doctor's member (a membership whose first payment went through). */
    async wasMember(q: Queryable, patientId: string, doctorId: string) {
      const [row] = await q<{ yes: boolean }[]>`select exists (select 1 from memberships where patient_id = ${patientId}
        and doctor_id = ${doctorId} and status not in ('incomplete', 'incomplete_expired')) as yes`;
      return row.yes;
    },
    async isMember(q: Queryable, patientId: string, doctorId: string) {
      const [row] = await q<{ yes: boolean }[]>`select exists (select 1 from memberships where patient_id = ${patientId}
        and doctor_id = ${doctorId} and status in ('active', 'trialing', 'past_due')) as yes`;
      return row.yes;
    },
    async doctorOffersMemberships(q: Queryable, doctorId: string) {
      const [row] = await q<{ yes: boolean }[]>`select exists (select 1 from membership_options o join plans p on p.id = o.plan_id
        where o.doctor_id = ${doctorId} and o.enabled and p.is_active) as yes`;
      return row.yes;
    },
    async insert(q: Queryable, m: {
      patientId: string; doctorId: string; planId: string; subscriptionId: string; amountCents: number; intentId: string | null;
      now: Date;
    } & MembershipWrite) {
      const [row] = await q<{ id: string }[]>`insert into memberships (patient_id, doctor_id, plan_id, subscription_id, status,
          cancel_at_period_end, current_period_end, ended_at, amount_cents, schedule_id, intent_id, created_at, updated_at)
        values (${m.patientId}, ${m.doctorId}, ${m.planId}, ${m.subscriptionId}, ${m.status}, ${m.cancelAtPeriodEnd},
          ${m.currentPeriodEnd}, ${m.endedAt}, ${m.amountCents}, ${m.scheduleId}, ${m.intentId}, ${m.now}, ${m.now})
        on conflict (subscription_id) do update set updated_at = excluded.updated_at
        returning id`;
      return row.id;
    },
    /** The processor's state; `version` only moves forward. */
    async applyState(q: Queryable, subscriptionId: string, s: MembershipWrite & { version?: number; planId?: string; amountCents?: number }, now: Date) {
      await q`update memberships set status = ${s.status}, cancel_at_period_end = ${s.cancelAtPeriodEnd},
          current_period_end = ${s.currentPeriodEnd}, ended_at = ${s.endedAt}, schedule_id = ${s.scheduleId},
          version = greatest(version, ${s.version ?? 0}), updated_at = ${now},
          intent_id = case when ${s.status} = 'incomplete' then intent_id else null end,
          plan_id = coalesce(${s.planId ?? null}::uuid, plan_id), amount_cents = coalesce(${s.amountCents ?? null}::int, amount_cents),
          pending_plan_id = case when ${s.scheduleId}::text is null or ${s.planId ?? null}::uuid = pending_plan_id then null else pending_plan_id end,
          pending_starts_at = case when ${s.scheduleId}::text is null or ${s.planId ?? null}::uuid = pending_plan_id then null else pending_starts_at end
        where subscription_id = ${subscriptionId}`;
    },
    async setPending(q: Queryable, id: string, p: { planId: string | null; startsAt: Date | null; scheduleId: string | null }, now: Date) {
      await q`update memberships set pending_plan_id = ${p.planId}, pending_starts_at = ${p.startsAt}, schedule_id = ${p.scheduleId},
        updated_at = ${now} where id = ${id}`;
    },
    async remove(q: Queryable, id: string) {
      await q`delete from memberships where id = ${id}`;
    },

    priceOf,
    async savePrice(q: Queryable, k: PriceKey & { priceId: string }) {
      await q`insert into processor_prices (plan_id, amount_cents, interval, interval_count, price_id)
        values (${k.planId}, ${k.amountCents}, ${k.interval}, ${k.intervalCount}, ${k.priceId}) on conflict do nothing`;
      return (await priceOf(q, k))!;
    },
    async planOfPrice(q: Queryable, priceId: string) {
      const [row] = await q<{ plan_id: string; amount_cents: number }[]>`select plan_id, amount_cents from processor_prices where price_id = ${priceId}`;
      return row ?? null;
    },

    /** Claims an idempotency key; false when another request holds it. */
    /** Claims the setting up of a membership with this doctor; false while another request holds it (15 minutes at most). */
    async claimSetup(q: Queryable, patientId: string, doctorId: string, now: Date) {
      const rows = await q`insert into membership_claims (patient_id, doctor_id, claimed_at) values (${patientId}, ${doctorId}, ${now})
        on conflict (patient_id, doctor_id) do update set claimed_at = excluded.claimed_at
        where membership_claims.claimed_at < ${now}::timestamptz - interval '15 minutes' returning 1`;
      return rows.length === 1;
    },
    async setupClaimed(q: Queryable, patientId: string, doctorId: string) {
      const rows = await q`select 1 from membership_claims where patient_id = ${patientId} and doctor_id = ${doctorId}`;
      return rows.length === 1;
    },
    async releaseSetup(q: Queryable, patientId: string, doctorId: string) {
      await q`delete from membership_claims where patient_id = ${patientId} and doctor_id = ${doctorId}`;
    },
    async claimRequest(q: Queryable, patientId: string, key: string, hash: string) {
      const rows = await q`insert into subscribe_requests (patient_id, idempotency_key, request_hash)
        values (${patientId}, ${key}, ${hash}) on conflict do nothing returning 1`;
      return rows.length === 1;
    },
    async request(q: Queryable, patientId: string, key: string) {
      const [row] = await q<{ request_hash: string; result: unknown }[]>`select request_hash, result from subscribe_requests
        where patient_id = ${patientId} and idempotency_key = ${key}`;
      return row ?? null;
    },
    async finishRequest(q: Queryable, patientId: string, key: string, result: unknown) {
      await q`update subscribe_requests set result = ${q.json(result as never)} where patient_id = ${patientId} and idempotency_key = ${key}`;
    },
    /** Frees a key whose request failed unexpectedly, so a retry runs again. */
    async dropRequest(q: Queryable, patientId: string, key: string) {
      await q`delete from subscribe_requests where patient_id = ${patientId} and idempotency_key = ${key}`;
    },
  };
}
export type MembershipsRepo = ReturnType<typeof createMembershipsRepo>;
