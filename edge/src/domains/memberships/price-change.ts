/**
 * A new price reaches existing members only after 30 days' notice (02 §9).
 *
 * Decision (edge/docs/payments.md "Price changes"): new members pay the new
 * price at once; every existing member is told now (site notification + mail)
 * and keeps the old price for every renewal charged before the notice ends,
 * including renewals already scheduled inside the 30 days; when the notice
 * ends, a job moves their subscription to the new price (no proration), so
 * the first renewal after that day is charged the new price.
 */
import { z } from "zod";
import type { Deps } from "../../deps.ts";
import type { JobQueue } from "../../jobs/queue.ts";
import { PRICE_CHANGE_NOTICE_DAYS } from "../../../../sync/schemas/membership.ts";
import { createNotificationsService } from "../notifications/service.ts";
import { createPlansRepo } from "../plans/repo.ts";
import { createMembershipsRepo } from "./repo.ts";
import { recurrenceOf } from "./service.ts";

export const APPLY_PRICE_JOB = "memberships.applyPrice";
const applySchema = z.object({ planId: z.uuid(), doctorId: z.uuid().nullable(), amountCents: z.number().int().positive() });

type Affected = { id: string; patient_id: string; doctor_id: string; subscription_id: string; email: string; first_name: string; plan_name: string };

/** Members paying this plan's price (one doctor's option, or every doctor without a price of their own). */
async function affectedMembers(sql: Deps["sql"], planId: string, doctorId: string | null) {
  return await sql<Affected[]>`
    select m.id, m.patient_id, m.doctor_id, m.subscription_id, u.email, u.first_name, p.name as plan_name
    from memberships m join users u on u.id = m.patient_id join plans p on p.id = m.plan_id
    left join membership_options o on o.plan_id = m.plan_id and o.doctor_id = m.doctor_id
    where m.plan_id = ${planId} and m.status in ('active', 'trialing', 'past_due')
      and (${doctorId}::uuid is null and o.price_cents is null or m.doctor_id = ${doctorId}::uuid)`;
}

export function createPriceNotice(deps: Pick<Deps, "sql" | "clock" | "jobs" | "mailer" | "events" | "audit">) {
  const notifications = createNotificationsService(deps);
  const money = (c: number) => new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(c / 100);
  return async (o: { planId: string; doctorId: string | null; oldCents: number; newCents: number }): Promise<Date | null> => {
    const members = await affectedMembers(deps.sql, o.planId, o.doctorId);
    if (!members.length) return null;
    const appliesAt = new Date(deps.clock.now().getTime() + PRICE_CHANGE_NOTICE_DAYS * 86400_000);
    const when = appliesAt.toLocaleDateString("en-US", { timeZone: "UTC", dateStyle: "long" });
    for (const m of members) {
      await notifications.notify([m.patient_id], "membership.priceChange", {
        membershipId: m.id, oldCents: o.oldCents, newCents: o.newCents, appliesAt: appliesAt.toISOString(),
      });
      await deps.mailer.send({
        to: m.email,
        subject: "Your membership price is changing",
        text: `Hello ${m.first_name},\n\nThe price of your ${m.plan_name} membership changes from ${money(o.oldCents)} to ` +
          `${money(o.newCents)}. Renewals charged before ${when} keep the old price; the new price applies from then on.\n` +
          `You can change or cancel your membership in Settings → Memberships.\n`,
      });
    }
    await deps.jobs.send(APPLY_PRICE_JOB, { planId: o.planId, doctorId: o.doctorId, amountCents: o.newCents }, { startAfter: appliesAt });
    await deps.audit.record({ event: "payment.write", actorId: null, subjectId: o.doctorId, details: { what: "price.notice", ...o, members: members.length, appliesAt } });
    return appliesAt;
  };
}

export function registerPriceJobs(jobs: JobQueue, deps: Deps) {
  const repo = createMembershipsRepo(deps.sql);
  const plans = createPlansRepo(deps.sql);
  jobs.define(APPLY_PRICE_JOB, applySchema, async ({ planId, doctorId, amountCents }) => {
    const plan = await plans.byId(deps.sql, planId);
    if (!plan) return;
    const key = { planId, amountCents, interval: plan.interval, intervalCount: plan.interval_count };
    const priceId = (await repo.priceOf(deps.sql, key)) ??
      await repo.savePrice(deps.sql, { ...key, priceId: await deps.payments.createPrice({ name: plan.name, amountCents, recurrence: recurrenceOf(plan), planId }) });
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
