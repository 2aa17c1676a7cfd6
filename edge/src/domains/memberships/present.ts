/** A stored membership as the API shows it: the processor's status in the product's words (02 §4). */
import type { Membership, MembershipStatus } from "../../../../sync/schemas/membership.ts";
import type { MembershipRow } from "./repo.ts";
import { planRenews } from "./plan-interval.ts";

export function productStatus(r: Pick<MembershipRow, "status" | "cancel_at_period_end">): MembershipStatus {
  switch (r.status) {
    case "trialing":
      return r.cancel_at_period_end ? "cancelled" : "trialing";
    case "active":
      return r.cancel_at_period_end ? "cancelled" : "active";
    case "past_due":
      return "pastDue";
    case "incomplete":
      return "incomplete";
    default:
      // canceled, unpaid, incomplete_expired: no longer a member.
      return "expired";
  }
}

export function toMembership(r: MembershipRow): Membership {
  return {
    id: r.id,
    doctorId: r.doctor_id,
    doctorName: r.doctor_name,
    patientId: r.patient_id,
    patientName: r.patient_name,
    planId: r.plan_id,
    planName: r.plan_name,
    interval: r.interval as Membership["interval"],
    intervalCount: r.interval_count,
    status: productStatus(r),
    cancelAtPeriodEnd: r.cancel_at_period_end,
    cancelledByPatient: r.cancel_at_period_end && r.cancelled_by_patient,
    renews: planRenews(r),
    currentPeriodEnd: (r.ended_at ?? r.current_period_end)?.toISOString() ?? null,
    amountCents: r.amount_cents,
    pendingChange: r.pending_plan_id
      ? { planId: r.pending_plan_id, planName: r.pending_plan_name ?? "", startsAt: r.pending_starts_at?.toISOString() ?? null, amountCents: r.pending_amount_cents ?? 0 }
      : null,
  };
}
