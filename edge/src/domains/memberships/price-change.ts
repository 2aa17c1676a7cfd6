/**
 * A new price reaches existing members only after 30 days' notice (02 §9).
 *
 * Decision (edge/docs/payments.md "Price changes"): new members pay the new
 * price at once; every existing member is told (site notification + mail)
 * and keeps the old price for every renewal charged before the notice ends,
 * including renewals already scheduled inside the 30 days; when the notice
 * ends, a job moves their subscription to the new price (no proration), so
 * the first renewal after that day is charged the new price.
 *
 * Issue 32: the change is confirmed first (how many members will be told),
 * and the notice goes out PRICE_CHANGE_UNDO_MINUTES after the save, from the
 * job queue; an undo before then restores the price and tells no one.
 */
import type { Deps } from "../../deps.ts";
import type { JobQueue } from "../../jobs/queue.ts";
import { AppError } from "../../http/errors.ts";
import { formatUsd } from "../../../../sync/rules/money.ts";
import { PRICE_CHANGE_NOTICE_DAYS, PRICE_CHANGE_UNDO_MINUTES, type PriceChangePreview } from "../../../../sync/schemas/membership.ts";
import { createNotificationsService } from "../notifications/service.ts";
import { planById } from "../plans/reads.ts";
import { createMembershipsRepo } from "./repo.ts";
import { recurrenceOf } from "./core.ts";
import { APPLY_PRICE_JOB, PRICE_NOTICE_JOB } from "./jobs.ts";

type Affected = { id: string; patient_id: string; doctor_id: string; subscription_id: string; email: string; first_name: string; plan_name: string };
type ChangeRow = {
  id: string; plan_id: string; doctor_id: string | null; old_cents: number; new_cents: number; old_option_cents: number | null;
  notify_at: Date; applies_at: Date;
};

/** Members paying this plan's price (one doctor's option, or every doctor without a price of their own). */
async function affectedMembers(sql: Deps["sql"], planId: string, doctorId: string | null) {
  return await sql<Affected[]>`
    select m.id, m.patient_id, m.doctor_id, m.subscription_id, u.email, u.first_name, p.name as plan_name
    from memberships m join users u on u.id = m.patient_id join plans p on p.id = m.plan_id
    left join membership_options o on o.plan_id = m.plan_id and o.doctor_id = m.doctor_id
    where m.plan_id = ${planId} and m.status in ('active', 'trialing', 'past_due')
      and (${doctorId}::uuid is null and o.price_cents is null or m.doctor_id = ${doctorId}::uuid)`;
}

export type PriceChange = { planId: string; doctorId: string | null; oldCents: number; newCents: number; oldOptionCents?: number | null };

export function createPriceNotice(deps: Pick<Deps, "sql" | "clock" | "jobs" | "audit">) {
  const { sql, clock } = deps;
  return {
    /**
     * Before a price is saved: refuses it (409, nothing changed) when members would be told and the caller has
     * not confirmed, with how many and what. Returns how many members pay it, for `announce`.
     */
    async requireConfirmation(o: PriceChange, confirmed: boolean | undefined): Promise<number> {
      const members = (await affectedMembers(sql, o.planId, o.doctorId)).length;
      if (confirmed || o.oldCents === o.newCents || !members) return members;
      const preview: PriceChangePreview = {
        members, oldCents: o.oldCents, newCents: o.newCents, noticeDays: PRICE_CHANGE_NOTICE_DAYS, undoMinutes: PRICE_CHANGE_UNDO_MINUTES,
      };
      throw new AppError(409, `${members} ${members === 1 ? "member" : "members"} will be told of the new price. Confirm to save it.`, {
        reason: "PRICE_CHANGE_NEEDS_CONFIRMATION",
        ...preview,
      });
    },

    /**
     * After the price is saved: the notice to its members, sent after the undo window by PRICE_NOTICE_JOB.
     * Null when no member pays it (`members`, as counted by `requireConfirmation`).
     */
    async announce(o: PriceChange, members: number): Promise<{ appliesAt: Date; undoUntil: Date } | null> {
      if (!members) return null;
      const now = clock.now();
      const undoUntil = new Date(now.getTime() + PRICE_CHANGE_UNDO_MINUTES * 60_000);
      const appliesAt = new Date(now.getTime() + PRICE_CHANGE_NOTICE_DAYS * 86400_000);
      const [row] = await sql<{ id: string }[]>`insert into price_changes
        (plan_id, doctor_id, old_cents, new_cents, old_option_cents, members, created_at, notify_at, applies_at)
        values (${o.planId}, ${o.doctorId}, ${o.oldCents}, ${o.newCents}, ${o.oldOptionCents ?? null}, ${members}, ${now}, ${undoUntil}, ${appliesAt})
        returning id`;
      await deps.jobs.send(PRICE_NOTICE_JOB, { changeId: row.id }, { startAfter: undoUntil });
      return { appliesAt, undoUntil };
    },

    /** The last change of this price not yet told to anyone, while it can still be undone. */
    async undoable(planId: string, doctorId: string | null): Promise<ChangeRow | null> {
      const [row] = await sql<ChangeRow[]>`select * from price_changes where plan_id = ${planId}
        and doctor_id is not distinct from ${doctorId}::uuid and undone_at is null and notified_at is null and notify_at > ${clock.now()}
        order by created_at desc limit 1`;
      return row ?? null;
    },

    /** Marks the change undone (its notice job then sends nothing); false when it was told meanwhile. */
    async undo(changeId: string): Promise<boolean> {
      const rows = await sql`update price_changes set undone_at = ${clock.now()}
        where id = ${changeId} and undone_at is null and notified_at is null returning id`;
      return rows.length > 0;
    },

    /** Until when each of this doctor's (or the plans', for null) price changes can be undone, by plan. */
    async undoWindows(doctorId: string | null): Promise<Map<string, Date>> {
      const rows = await sql<{ plan_id: string; notify_at: Date }[]>`select plan_id, max(notify_at) as notify_at from price_changes
        where doctor_id is not distinct from ${doctorId}::uuid and undone_at is null and notified_at is null and notify_at > ${clock.now()}
        group by plan_id`;
      return new Map(rows.map((r) => [r.plan_id, r.notify_at]));
    },
  };
}
export type PriceNotice = ReturnType<typeof createPriceNotice>;

export function registerPriceJobs(jobs: JobQueue, deps: Deps) {
  const repo = createMembershipsRepo(deps.sql);
  const notifications = createNotificationsService(deps);

  // The notice, once the undo window is over: claimed once (an undone or already told change sends nothing).
  jobs.define(PRICE_NOTICE_JOB, async ({ changeId }) => {
    const [change] = await deps.sql<ChangeRow[]>`update price_changes set notified_at = ${deps.clock.now()}
      where id = ${changeId} and undone_at is null and notified_at is null returning *`;
    if (!change) return;
    const when = change.applies_at.toLocaleDateString("en-US", { timeZone: "UTC", dateStyle: "long" });
    const members = await affectedMembers(deps.sql, change.plan_id, change.doctor_id);
    for (const m of members) {
      await notifications.notify([m.patient_id], "membership.priceChange", {
        membershipId: m.id, oldCents: change.old_cents, newCents: change.new_cents, appliesAt: change.applies_at.toISOString(),
      });
      await deps.mailer.send({
        to: m.email,
        subject: "Your membership price is changing",
        text: `Hello ${m.first_name},\n\nThe price of your ${m.plan_name} membership changes from ${formatUsd(change.old_cents)} to ` +
          `${formatUsd(change.new_cents)}. Renewals charged before ${when} keep the old price; the new price applies from then on.\n` +
          `You can change or cancel your membership in Settings → Memberships.\n`,
      });
    }
    await deps.jobs.send(APPLY_PRICE_JOB, { planId: change.plan_id, doctorId: change.doctor_id, amountCents: change.new_cents }, {
      startAfter: change.applies_at,
    });
    await deps.audit.record({
      event: "payment.write", actorId: null, subjectId: change.doctor_id,
      details: { what: "price.notice", changeId, members: members.length, appliesAt: change.applies_at },
    });
  });

  jobs.define(APPLY_PRICE_JOB, async ({ planId, doctorId, amountCents }) => {
    const plan = await planById(deps.sql, planId);
    if (!plan) return;
    const key = { planId, amountCents, interval: plan.interval, intervalCount: plan.intervalCount };
    const recurrence = recurrenceOf({ interval: plan.interval, interval_count: plan.intervalCount });
    const priceId = (await repo.priceOf(deps.sql, key)) ??
      await repo.savePrice(deps.sql, { ...key, priceId: await deps.payments.createPrice({ name: plan.name, amountCents, recurrence, planId }) });
    for (const m of await affectedMembers(deps.sql, planId, doctorId)) {
      const row = await repo.byId(deps.sql, m.id);
      if (!row || row.amount_cents === amountCents || row.schedule_id) continue; // done already, or a change is pending
      await deps.payments.changePrice(m.subscription_id, priceId);
      await deps.sql`update memberships set amount_cents = ${amountCents} where id = ${m.id}`;
      await deps.audit.record({ event: "payment.write", actorId: null, subjectId: m.patient_id, details: { what: "price.apply", membershipId: m.id, amountCents } });
    }
    await deps.sql`update membership_options set previous_price_cents = null, price_applies_at = null
      where plan_id = ${planId} and (${doctorId}::uuid is null or doctor_id = ${doctorId}::uuid)`;
  });
}
