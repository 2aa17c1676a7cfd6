/**
 * A membership's changes after it is made (02 §4, §9): a new plan from the next period, dropping that change,
 * cancelling (now, at period end, or undoing it) and a doctor's cancellation for their patient.
 */
import type { Actor } from "../../access/actor.ts";
import type { Deps } from "../../deps.ts";
import { conflict } from "../../http/errors.ts";
import type { Membership } from "../../../../sync/schemas/membership.ts";
import { offerOf } from "../plans/reads.ts";
import { noSuchPlan } from "../plans/service.ts";
import { membershipFor, noSuchMembership } from "./access.ts";
import { planRenews } from "./plan-interval.ts";
import { toMembership } from "./present.ts";
import type { MembershipCore } from "./core.ts";

export function createMembershipChanges(deps: Pick<Deps, "sql" | "clock" | "payments">, core: MembershipCore) {
  const { sql, clock, payments } = deps;
  const { repo, store, priceFor, checkPlanLimits, record, mine } = core;
  return {
    /** `PUT`: the current plan runs to period end, then the new one starts and is charged. */
    async change(actor: Actor, membershipId: string, planId: string): Promise<Membership> {
      const m = await mine(actor, membershipId, "act");
      if (!["active", "trialing"].includes(m.status) || m.cancel_at_period_end) {
        throw conflict("Only an active membership that is not cancelled can change its plan", "NOT_CHANGEABLE");
      }
      if (planId === m.plan_id) throw conflict("This is already the current plan", "SAME_PLAN");
      const offer = await offerOf(sql, m.doctor_id, planId);
      if (!offer?.option.enabled) throw noSuchPlan();
      if (!offer.option.autoRenewable) {
        throw conflict("A plan that does not renew is joined on its own, not changed to", "NOT_RENEWABLE");
      }
      await checkPlanLimits(m.patient_id, m.doctor_id, offer.option);
      const priceId = await priceFor(offer.plan, offer.option.priceCents);
      const { scheduleId, startsAt } = await payments.schedulePriceChange(m.subscription_id, priceId);
      await repo.setPending(sql, m.id, { planId, startsAt: startsAt ?? m.current_period_end, scheduleId }, clock.now());
      await record(actor, m.patient_id, "subscription.change", { membershipId: m.id, planId, scheduleId });
      return toMembership((await repo.byId(sql, m.id))!);
    },

    /** Drops a pending change. */
    async cancelChange(actor: Actor, membershipId: string): Promise<Membership> {
      const m = await mine(actor, membershipId, "act");
      if (!m.pending_plan_id || !m.schedule_id) throw conflict("There is no pending plan change", "NO_PENDING_CHANGE");
      await payments.releaseSchedule(m.schedule_id);
      await repo.setPending(sql, m.id, { planId: null, startsAt: null, scheduleId: null }, clock.now());
      await record(actor, m.patient_id, "subscription.change.cancel", { membershipId: m.id });
      return toMembership((await repo.byId(sql, m.id))!);
    },

    cancel,

    /** `DELETE /doctors/subscription/{subscriptionId}/for/{patientId}`: the doctor ends a patient's membership now. */
    async cancelForPatient(actor: Actor, subscriptionId: string, patientId: string): Promise<Membership> {
      const m = await repo.bySubscription(sql, subscriptionId);
      if (!m || m.patient_id !== patientId) throw noSuchMembership();
      return await cancel(actor, membershipFor(actor, m, "act").id, "immediately");
    },
  };

  /** `DELETE`: immediately, at period end (no prorated refund, 02 §9), or undo a cancellation. */
  async function cancel(
    actor: Actor,
    membershipId: string,
    mode: "immediately" | "periodEnd" | "notCancel",
  ): Promise<Membership> {
    const m = await mine(actor, membershipId, "act");
    if (!["active", "trialing", "past_due"].includes(m.status)) {
      throw conflict("This membership has already ended", "NOT_CANCELLABLE");
    }
    if (mode === "notCancel" && !planRenews(m)) {
      throw conflict("This plan does not renew: it ends with its period", "NOT_RENEWABLE");
    }
    // Billing restarts only with the patient's consent: the practice resumes only a cancellation it made itself.
    if (mode === "notCancel" && m.cancel_at_period_end && m.cancelled_by_patient && actor.role !== "patient") {
      throw conflict("The patient cancelled this membership: only they can resume it", "CANCELLED_BY_PATIENT");
    }
    if (m.schedule_id && mode !== "notCancel") {
      // A pending change ends with the membership.
      await payments.releaseSchedule(m.schedule_id).catch(() => {});
      await repo.setPending(sql, m.id, { planId: null, startsAt: null, scheduleId: null }, clock.now());
    }
    const state = await payments.cancelSubscription(
      m.subscription_id,
      mode === "immediately" ? "now" : mode === "periodEnd" ? "periodEnd" : "resume",
    );
    await store(state);
    if (mode !== "immediately") {
      // The patient's cancellation stays theirs when the practice asks for the same end afterwards.
      const byPatient = mode === "periodEnd" && (actor.role === "patient" || (m.cancel_at_period_end && m.cancelled_by_patient));
      await sql`update memberships set cancelled_by_patient = ${byPatient} where id = ${m.id}`;
    }
    await record(actor, m.patient_id, "subscription.cancel", { membershipId: m.id, mode });
    return toMembership((await repo.byId(sql, m.id))!);
  }
}
