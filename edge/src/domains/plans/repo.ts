/** SQL for plans and the per-doctor membership options. */
import type { Queryable, Sql } from "../../db/connect.ts";
import { planRenews } from "../memberships/plan-interval.ts";
import type { MembershipOption, Plan, PlanInput, PlanSortField, PlansQuery } from "../../../../sync/schemas/membership.ts";

export type PlanRow = {
  id: string; name: string; description: string; price_cents: number; initial_price_cents: number | null;
  interval: Plan["interval"]; interval_count: number; trial_days: number; auto_renewable: boolean;
  loyal_clients_only: boolean; available_clients: number | null; category: Plan["category"]; welcome_package: boolean;
  is_active: boolean; is_homepage: boolean; created_at: Date;
};

export type OptionRow = PlanRow & {
  doctor_id: string; enabled: boolean; option_trial_days: number | null; option_price_cents: number | null;
  option_initial_price_cents: number | null; previous_price_cents: number | null; price_applies_at: Date | null;
  /** Live memberships (active, trialing, past due, or awaiting their first payment) of this plan with this doctor. */
  members_count: number;
};

export const toPlan = (r: PlanRow): Plan => ({
  id: r.id, name: r.name, description: r.description, priceCents: r.price_cents, initialPriceCents: r.initial_price_cents,
  interval: r.interval, intervalCount: r.interval_count, trialDays: r.trial_days, autoRenewable: r.auto_renewable,
  loyalClientsOnly: r.loyal_clients_only, availableClients: r.available_clients, category: r.category,
  welcomePackage: r.welcome_package, isActive: r.is_active, isHomepage: r.is_homepage, createdAt: r.created_at.toISOString(),
});

/** The option as a patient pays it: the doctor's own terms, else the plan's. */
export function toOption(r: OptionRow): MembershipOption {
  return {
    planId: r.id, doctorId: r.doctor_id, name: r.name, description: r.description, interval: r.interval,
    intervalCount: r.interval_count, welcomePackage: r.welcome_package, enabled: r.enabled && r.is_active,
    trialDays: r.option_trial_days ?? r.trial_days, priceCents: r.option_price_cents ?? r.price_cents,
    initialPriceCents: r.option_initial_price_cents ?? r.initial_price_cents,
    previousPriceCents: r.price_applies_at ? r.previous_price_cents : null,
    priceAppliesAt: r.price_applies_at?.toISOString() ?? null,
    priceUndoUntil: null, // the price notice's (../memberships/price-change.ts), added by the service
    autoRenewable: planRenews(r),
    loyalClientsOnly: r.loyal_clients_only,
    placesLeft: r.available_clients === null ? null : Math.max(0, r.available_clients - r.members_count),
  };
}

const SORT_COLUMNS: Record<PlanSortField, string> = { createdAt: "created_at", name: "name", priceCents: "price_cents", interval: "interval" };

function columns(p: PlanInput) {
  return {
    name: p.name, description: p.description, price_cents: p.priceCents, initial_price_cents: p.initialPriceCents,
    interval: p.interval, interval_count: p.intervalCount, trial_days: p.trialDays, auto_renewable: p.autoRenewable,
    loyal_clients_only: p.loyalClientsOnly, available_clients: p.availableClients, category: p.category,
    welcome_package: p.welcomePackage,
  };
}

export function createPlansRepo(sql: Sql) {
  return {
    async list(q: PlansQuery & { activeOnly?: boolean; homepageOnly?: boolean }) {
      const desc = q.sort.startsWith("-");
      const column = SORT_COLUMNS[q.sort.replace(/^-/, "") as PlanSortField] ?? "created_at";
      const order = sql.unsafe(`${column} ${desc ? "desc" : "asc"}, id ${desc ? "desc" : "asc"}`);
      const where = sql`where (${!q.activeOnly} or is_active) and (${!q.homepageOnly} or is_homepage)`;
      const rows = await sql<(PlanRow & { total: number })[]>`
        select *, count(*) over ()::int as total from plans ${where} order by ${order} offset ${q.offset} limit ${q.limit}`;
      return { rows, total: rows[0]?.total ?? (await sql<{ n: number }[]>`select count(*)::int as n from plans ${where}`)[0].n };
    },
    async byId(q: Queryable, id: string) {
      const [row] = await q<PlanRow[]>`select * from plans where id = ${id}`;
      return row ?? null;
    },
    async insert(q: Queryable, p: PlanInput, now: Date) {
      const [row] = await q<PlanRow[]>`insert into plans ${q({ ...columns(p), created_at: now, updated_at: now } as never)} returning *`;
      return row;
    },
    async update(q: Queryable, id: string, p: PlanInput, now: Date) {
      const [row] = await q<PlanRow[]>`update plans set ${q({ ...columns(p), updated_at: now } as never)} where id = ${id} returning *`;
      return row ?? null;
    },
    async setFlags(q: Queryable, id: string, flags: { is_active?: boolean; is_homepage?: boolean }, now: Date) {
      const [row] = await q<PlanRow[]>`update plans set ${q({ ...flags, updated_at: now } as never)} where id = ${id} returning *`;
      return row ?? null;
    },
    /** Every active plan with this doctor's terms (disabled where never set). */
    async optionsOf(q: Queryable, doctorId: string, planId?: string) {
      return await q<OptionRow[]>`
        select p.*, ${doctorId}::uuid as doctor_id, coalesce(o.enabled, false) as enabled, o.trial_days as option_trial_days,
               o.price_cents as option_price_cents, o.initial_price_cents as option_initial_price_cents,
               o.previous_price_cents, o.price_applies_at,
               (select count(*) from memberships m where m.plan_id = p.id and m.doctor_id = ${doctorId}
                  and m.status in ('active', 'trialing', 'past_due', 'incomplete'))::int as members_count
        from plans p left join membership_options o on o.plan_id = p.id and o.doctor_id = ${doctorId}
        where p.is_active and (${planId ?? null}::uuid is null or p.id = ${planId ?? null})
        order by p.price_cents, p.created_at`;
    },
    async upsertOption(q: Queryable, o: {
      doctorId: string; planId: string; enabled?: boolean; trialDays?: number | null; priceCents?: number | null;
      initialPriceCents?: number | null; previousPriceCents?: number | null; priceAppliesAt?: Date | null; now: Date;
    }) {
      await q`insert into membership_options (doctor_id, plan_id, enabled, updated_at) values (${o.doctorId}, ${o.planId}, false, ${o.now})
        on conflict do nothing`;
      const set: Record<string, unknown> = { updated_at: o.now };
      if (o.enabled !== undefined) set.enabled = o.enabled;
      if (o.trialDays !== undefined) set.trial_days = o.trialDays;
      if (o.priceCents !== undefined) set.price_cents = o.priceCents;
      if (o.initialPriceCents !== undefined) set.initial_price_cents = o.initialPriceCents;
      if (o.previousPriceCents !== undefined) set.previous_price_cents = o.previousPriceCents;
      if (o.priceAppliesAt !== undefined) set.price_applies_at = o.priceAppliesAt;
      await q`update membership_options set ${q(set as never)} where doctor_id = ${o.doctorId} and plan_id = ${o.planId}`;
    },
  };
}
export type PlansRepo = ReturnType<typeof createPlansRepo>;
