/**
 * Plans (admin, 02 §3/§5) and the per-doctor membership options (enable or
 * disable for me, trial days, prices). A changed price reaches existing
 * members only after the 30-day notice (02 §9): see ../memberships/price-change.ts.
 */
import type { Actor } from "../../access/actor.ts";
import type { Deps } from "../../deps.ts";
import { listOf } from "../../http/envelope.ts";
import { conflict, notFound } from "../../http/errors.ts";
import type { PriceNotice } from "../memberships/price-change.ts";
import type { MembershipOption, MembershipOptionUpdate, Plan, PlanChoice, PlanInput, PlansQuery } from "../../../../sync/schemas/membership.ts";
import { createPlansRepo, toOption, toPlan } from "./repo.ts";
import { listedDoctor } from "../doctors/reads.ts";

export const noSuchPlan = () => notFound("No such membership option!");

const tooLateToUndo = () =>
  conflict("Members were already told of this price, so it can no longer be undone. Save the price you want instead.", "UNDO_EXPIRED");

export function createPlansService(deps: Pick<Deps, "sql" | "clock" | "audit"> & { priceNotice: PriceNotice }) {
  const { sql, clock, audit, priceNotice } = deps;
  const repo = createPlansRepo(sql);

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
    async dropdown(): Promise<PlanChoice[]> {
      const { rows } = await repo.list({ offset: 0, limit: 100, sort: "name", activeOnly: true });
      return rows.map((r) => ({ id: r.id, name: r.name }));
    },
    async home(): Promise<Plan[]> {
      const { rows } = await repo.list({ offset: 0, limit: 100, sort: "priceCents", activeOnly: true, homepageOnly: true });
      return rows.map(toPlan);
    },
    async create(actor: Actor, input: PlanInput) {
      const row = await repo.insert(sql, input, clock.now());
      await record(actor, "plan.create", { planId: row.id, priceCents: row.price_cents });
      return toPlan(row);
    },
    async update(actor: Actor, id: string, input: PlanInput): Promise<Plan> {
      const before = await plan(id);
      const change = { planId: id, doctorId: null, oldCents: before.price_cents, newCents: input.priceCents };
      const members = await priceNotice.requireConfirmation(change, input.confirmNotice);
      const row = (await repo.update(sql, id, input, clock.now()))!;
      await record(actor, "plan.update", { planId: id, priceCents: row.price_cents, previousPriceCents: before.price_cents });
      const notice = before.price_cents !== row.price_cents ? await priceNotice.announce(change, members) : null;
      return { ...toPlan(row), priceUndoUntil: notice?.undoUntil.toISOString() ?? null };
    },
    /** The plan's last price change, before its members are told: the old price back, no one told (issue 32). */
    async undoPrice(actor: Actor, id: string) {
      await plan(id);
      const change = await priceNotice.undoable(id, null);
      if (!change || !(await priceNotice.undo(change.id))) throw tooLateToUndo();
      await sql`update plans set price_cents = ${change.old_cents}, updated_at = ${clock.now()} where id = ${id}`;
      await record(actor, "plan.price.undo", { planId: id, priceCents: change.old_cents, undonePriceCents: change.new_cents });
      return toPlan(await plan(id));
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
      await listedDoctor(sql, doctorId);
      return (await repo.optionsOf(sql, doctorId)).map(toOption).filter((o) => o.enabled);
    },
    /** The doctor's own settings: every active plan, enabled or not. */
    async mySettings(actor: Actor): Promise<MembershipOption[]> {
      const windows = await priceNotice.undoWindows(actor.userId);
      return (await repo.optionsOf(sql, actor.userId)).map(toOption)
        .map((o) => ({ ...o, priceUndoUntil: windows.get(o.planId)?.toISOString() ?? null }));
    },
    async setEnabled(actor: Actor, planId: string, enabled: boolean) {
      const [row] = await repo.optionsOf(sql, actor.userId, planId);
      if (!row) throw noSuchPlan();
      await repo.upsertOption(sql, { doctorId: actor.userId, planId, enabled, now: clock.now() });
      await record(actor, enabled ? "option.enable" : "option.disable", { planId });
      return toOption((await repo.optionsOf(sql, actor.userId, planId))[0]);
    },
    async updateOption(actor: Actor, planId: string, input: MembershipOptionUpdate): Promise<MembershipOption> {
      const [row] = await repo.optionsOf(sql, actor.userId, planId);
      if (!row) throw noSuchPlan();
      const before = toOption(row);
      const { confirmNotice, ...fields } = input;
      const newCents = fields.priceCents === undefined ? before.priceCents : fields.priceCents ?? row.price_cents;
      const change = { planId, doctorId: actor.userId, oldCents: before.priceCents, newCents, oldOptionCents: row.option_price_cents };
      const members = await priceNotice.requireConfirmation(change, confirmNotice);
      await repo.upsertOption(sql, { doctorId: actor.userId, planId, ...fields, now: clock.now() });
      const after = toOption((await repo.optionsOf(sql, actor.userId, planId))[0]);
      await record(actor, "option.update", { planId, priceCents: after.priceCents, previousPriceCents: before.priceCents });
      if (after.priceCents === before.priceCents) return after;
      const notice = await priceNotice.announce({ ...change, newCents: after.priceCents }, members);
      if (!notice) return after;
      await repo.upsertOption(sql, {
        doctorId: actor.userId, planId, previousPriceCents: before.priceCents, priceAppliesAt: notice.appliesAt, now: clock.now(),
      });
      return { ...toOption((await repo.optionsOf(sql, actor.userId, planId))[0]), priceUndoUntil: notice.undoUntil.toISOString() };
    },
    /** The doctor's last price change, before their members are told: the old price back, no one told (issue 32). */
    async undoOptionPrice(actor: Actor, planId: string) {
      const [row] = await repo.optionsOf(sql, actor.userId, planId);
      if (!row) throw noSuchPlan();
      const change = await priceNotice.undoable(planId, actor.userId);
      if (!change || !(await priceNotice.undo(change.id))) throw tooLateToUndo();
      await repo.upsertOption(sql, {
        doctorId: actor.userId, planId, priceCents: change.old_option_cents, previousPriceCents: null, priceAppliesAt: null, now: clock.now(),
      });
      await record(actor, "option.price.undo", { planId, priceCents: change.old_cents, undonePriceCents: change.new_cents });
      return toOption((await repo.optionsOf(sql, actor.userId, planId))[0]);
    },
  };
}
export type PlansService = ReturnType<typeof createPlansService>;
