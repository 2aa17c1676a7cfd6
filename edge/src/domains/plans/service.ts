/**
 * Plans (admin, 02 §3/§5) and the per-doctor membership options (enable or
 * disable for me, trial days, prices). A changed price reaches existing
 * members only after the 30-day notice (02 §9): see ../memberships/price-change.ts.
 */
import type { Actor } from "../../access/actor.ts";
import type { Deps } from "../../deps.ts";
import { listOf } from "../../http/envelope.ts";
import { notFound } from "../../http/errors.ts";
import type { MembershipOptionUpdate, PlanInput, PlansQuery } from "../../../../sync/schemas/membership.ts";
import { createPlansRepo, toOption, toPlan } from "./repo.ts";
import { createDoctorsRepo, isListed } from "../doctors/repo.ts";
import { noSuchDoctor } from "../doctors/errors.ts";

export const noSuchPlan = () => notFound("No such membership option!");

export type PriceNotice = (o: { planId: string; doctorId: string | null; oldCents: number; newCents: number }) => Promise<Date | null>;

export function createPlansService(deps: Pick<Deps, "sql" | "clock" | "audit"> & { priceNotice: PriceNotice }) {
  const { sql, clock, audit } = deps;
  const repo = createPlansRepo(sql);
  const doctors = createDoctorsRepo(sql);

  async function plan(id: string) {
    const row = await repo.byId(sql, id);
    if (!row) throw noSuchPlan();
    return row;
  }

  async function record(actor: Actor, what: string, details: Record<string, unknown>) {
    await audit.record({ event: "payment.write", actorId: actor.userId, subjectId: actor.userId, details: { what, ...details } });
  }

  return {
    async list(_actor: Actor, q: PlansQuery) {
      const { rows, total } = await repo.list(q);
      return listOf(rows.map(toPlan), q.offset, q.limit, total);
    },
    async dropdown() {
      const { rows } = await repo.list({ offset: 0, limit: 100, sort: "name", activeOnly: true });
      return rows.map((r) => ({ id: r.id, name: r.name }));
    },
    async home() {
      const { rows } = await repo.list({ offset: 0, limit: 100, sort: "priceCents", activeOnly: true, homepageOnly: true });
      return rows.map(toPlan);
    },
    async create(actor: Actor, input: PlanInput) {
      const row = await repo.insert(sql, input, clock.now());
      await record(actor, "plan.create", { planId: row.id, priceCents: row.price_cents });
      return toPlan(row);
    },
    async update(actor: Actor, id: string, input: PlanInput) {
      const before = await plan(id);
      const row = (await repo.update(sql, id, input, clock.now()))!;
      await record(actor, "plan.update", { planId: id, priceCents: row.price_cents, previousPriceCents: before.price_cents });
      if (before.price_cents !== row.price_cents) {
        await deps.priceNotice({ planId: id, doctorId: null, oldCents: before.price_cents, newCents: row.price_cents });
      }
      return toPlan(row);
    },
    async setActive(actor: Actor, id: string, active: boolean) {
      await plan(id);
      const row = (await repo.setFlags(sql, id, { is_active: active }, clock.now()))!;
      await record(actor, active ? "plan.activate" : "plan.deactivate", { planId: id });
      return toPlan(row);
    },
    async setHomepage(actor: Actor, id: string, homepage: boolean) {
      await plan(id);
      const row = (await repo.setFlags(sql, id, { is_homepage: homepage }, clock.now()))!;
      await record(actor, homepage ? "plan.homepage.add" : "plan.homepage.remove", { planId: id });
      return toPlan(row);
    },

    /** A listed doctor's enabled options, for their profile (anyone signed in). */
    async optionsOfDoctor(doctorId: string) {
      const doctor = await doctors.byId(sql, doctorId);
      if (!doctor || !isListed(doctor)) throw noSuchDoctor();
      return (await repo.optionsOf(sql, doctorId)).map(toOption).filter((o) => o.enabled);
    },
    /** The doctor's own settings: every active plan, enabled or not. */
    async mySettings(actor: Actor) {
      return (await repo.optionsOf(sql, actor.userId)).map(toOption);
    },
    async setEnabled(actor: Actor, planId: string, enabled: boolean) {
      const [row] = await repo.optionsOf(sql, actor.userId, planId);
      if (!row) throw noSuchPlan();
      await repo.upsertOption(sql, { doctorId: actor.userId, planId, enabled, now: clock.now() });
      await record(actor, enabled ? "option.enable" : "option.disable", { planId });
      return toOption((await repo.optionsOf(sql, actor.userId, planId))[0]);
    },
    async updateOption(actor: Actor, planId: string, input: MembershipOptionUpdate) {
      const [row] = await repo.optionsOf(sql, actor.userId, planId);
      if (!row) throw noSuchPlan();
      const before = toOption(row);
      await repo.upsertOption(sql, { doctorId: actor.userId, planId, ...input, now: clock.now() });
      const after = toOption((await repo.optionsOf(sql, actor.userId, planId))[0]);
      await record(actor, "option.update", { planId, priceCents: after.priceCents, previousPriceCents: before.priceCents });
      if (after.priceCents !== before.priceCents) {
        const appliesAt = await deps.priceNotice({ planId, doctorId: actor.userId, oldCents: before.priceCents, newCents: after.priceCents });
        if (appliesAt) {
          await repo.upsertOption(sql, { doctorId: actor.userId, planId, previousPriceCents: before.priceCents, priceAppliesAt: appliesAt, now: clock.now() });
          return toOption((await repo.optionsOf(sql, actor.userId, planId))[0]);
        }
      }
      return after;
    },
  };
}
export type PlansService = ReturnType<typeof createPlansService>;
