/**
 * What the memberships service and its changes share: storing the processor's answer, the processor price of
 * a plan, the plan's own limits, undoing a refused first payment, the audit record and the caller's membership.
 */
import type { Actor } from "../../access/actor.ts";
import type { Deps } from "../../deps.ts";
import { conflict } from "../../http/errors.ts";
import type { SubscriptionState } from "../../platform/payments/payments.ts";
import { assignIfNone } from "../doctors/care-team.ts";
import type { SyncWriter } from "../sync/writer.ts";
import type { MembershipOption, Plan } from "../../../../sync/schemas/membership.ts";
import { releaseRedemption } from "../commerce/coupons.ts";
import { membershipFor } from "./access.ts";
import { createMembershipsRepo } from "./repo.ts";
import { UNDO_JOB } from "./jobs.ts";

/** How the processor counts a plan's interval (custom = days). */
export function recurrenceOf(p: { interval: string; interval_count: number }) {
  return {
    interval: (p.interval === "custom" ? "day" : p.interval) as "day" | "week" | "month" | "year",
    intervalCount: p.interval_count,
  };
}

export function createMembershipCore(
  deps: Pick<Deps, "sql" | "clock" | "audit" | "payments" | "log" | "jobs"> & { write: SyncWriter },
) {
  const { sql, clock, audit, payments, log, jobs } = deps;
  const repo = createMembershipsRepo(sql);

  const record = (actor: Actor | null, subjectId: string, what: string, details: Record<string, unknown>) =>
    audit.record({ event: "payment.write", actorId: actor?.userId ?? null, subjectId, details: { what, ...details } });

  /** The processor price for an amount and interval, made once. */
  async function priceFor(plan: Pick<Plan, "id" | "name" | "interval" | "intervalCount">, amountCents: number) {
    const key = { planId: plan.id, amountCents, interval: plan.interval, intervalCount: plan.intervalCount };
    const known = await repo.priceOf(sql, key);
    if (known) return known;
    const recurrence = recurrenceOf({ interval: plan.interval, interval_count: plan.intervalCount });
    const priceId = await payments.createPrice({ name: plan.name, amountCents, recurrence, planId: plan.id });
    return await repo.savePrice(sql, { ...key, priceId });
  }

  /** Stores the processor's answer about a subscription (an API answer: as fresh as it gets). */
  async function store(s: SubscriptionState) {
    const mapped = s.priceId ? await repo.planOfPrice(sql, s.priceId) : null;
    await repo.applyState(sql, s.id, { ...s, planId: mapped?.plan_id, amountCents: mapped?.amount_cents }, clock.now());
    const row = await repo.bySubscription(sql, s.id);
    if (row && ["active", "trialing", "past_due"].includes(row.status)) {
      // The membership is the relationship: a patient without a doctor gets this one.
      await assignIfNone(deps.write, { patientId: row.patient_id, doctorId: row.doctor_id, now: clock.now() });
    }
    return row;
  }

  /**
   * The plan's own limits (02 §3; edge/docs/payments.md "Loyal clients and places"): a plan for loyal clients
   * takes only the doctor's existing patients (in their panel, or a member of theirs before); a plan with
   * available places takes no more live members with this doctor than it has places.
   */
  async function checkPlanLimits(patientId: string, patientsDoctor: string | null, option: MembershipOption) {
    if (option.loyalClientsOnly && patientsDoctor !== option.doctorId && !(await repo.wasMember(sql, patientId, option.doctorId))) {
      throw conflict("This membership is only for the doctor's existing patients", "LOYAL_CLIENTS_ONLY");
    }
    if (option.placesLeft === 0) {
      throw conflict("This membership has no places left with this doctor", "NO_PLACES_LEFT");
    }
  }

  /**
   * Removes every trace of a subscription whose first payment failed: nothing half-made is left.
   * The processor's subscription is cancelled first; if that fails (an outage), the row stays
   * (still `incomplete`: no member, not listed) and the `memberships.undo` job retries, so no live
   * subscription is left untracked. The patient's answer is still the card's.
   */
  async function undo(row: { id: string; subscription_id: string }) {
    try {
      await payments.cancelSubscription(row.subscription_id, "now");
    } catch (e) {
      log.warn("cancelling a refused subscription failed; a job retries", {
        membershipId: row.id, subscriptionId: row.subscription_id, error: e instanceof Error ? e.message : String(e),
      });
      await jobs.send(UNDO_JOB, { membershipId: row.id }, { singletonKey: row.id });
      return;
    }
    await forget(row);
  }

  async function forget(row: { id: string; subscription_id: string }) {
    await repo.remove(sql, row.id);
    await releaseRedemption(sql, { subscriptionId: row.subscription_id });
  }

  async function mine(actor: Actor, id: string, action: "see" | "act") {
    return membershipFor(actor, await repo.byId(sql, id), action);
  }
  return { repo, record, priceFor, store, checkPlanLimits, undo, forget, mine };
}
export type MembershipCore = ReturnType<typeof createMembershipCore>;
