/**
 * A membership in the patient's words (02 §4): its state, the plan's interval,
 * the dates. The states come from the edge (sync/schemas/membership.ts); only
 * the wording lives here.
 */
import type { Membership, PlanInterval } from "../../../../sync/schemas/membership.ts";

const dateFormat = new Intl.DateTimeFormat("en-US", { month: "long", day: "numeric", year: "numeric" });
/** "December 24, 2026"; null when there is no date. */
export const formatDate = (iso: string | null | undefined) => (iso ? dateFormat.format(new Date(iso)) : null);

/** "month", "3 months", "year", "week", "10 days" (custom counts days). */
export function intervalWords(interval: PlanInterval, count: number): string {
  const unit = interval === "custom" ? "day" : interval;
  return count === 1 ? unit : `${count} ${unit}s`;
}

export type StatusWords = {
  /** The short label: "Active", "Active until December 24, 2026", "Payment past due"… */
  label: string;
  /** One sentence about what it means for the patient. */
  detail: string;
  tone: "success" | "warning" | "neutral";
};

export function statusWords(m: Pick<Membership, "status" | "currentPeriodEnd" | "doctorName"> & { renews?: boolean }): StatusWords {
  const end = formatDate(m.currentPeriodEnd);
  // A plan that does not renew (one week's access…) is not "cancelled": it ends with its period, as bought.
  if (m.renews === false && (m.status === "active" || m.status === "cancelled")) {
    return {
      label: end ? `Active until ${end}` : "Active",
      detail: `One period only: it does not renew and nothing more is charged. You can message and book Dr. ${m.doctorName} until then.`,
      tone: "success",
    };
  }
  switch (m.status) {
    case "active":
      return { label: "Active", detail: `You can message and book Dr. ${m.doctorName}.`, tone: "success" };
    case "trialing":
      return { label: "Free trial", detail: end ? `Your trial ends on ${end}; the first charge is then.` : "Your trial has started.", tone: "success" };
    case "pastDue":
      return {
        label: "Payment past due",
        detail: "Your last payment failed. We retry it over the next days; update your card to keep your membership.",
        tone: "warning",
      };
    case "cancelled":
      return {
        label: end ? `Active until ${end}` : "Cancelled",
        detail: end ? `Cancelled: you stay a member until ${end}, with no further charges.` : "Cancelled: no further charges.",
        tone: "warning",
      };
    case "incomplete":
      return { label: "Payment not completed", detail: "The first payment was not confirmed, so the membership has not started.", tone: "neutral" };
    case "expired":
      return { label: "Expired", detail: end ? `Ended on ${end}.` : "This membership has ended.", tone: "neutral" };
  }
}

/** Memberships that still hold (or may hold) a relationship come first; ended ones after. */
export const isCurrent = (m: Pick<Membership, "status">) => m.status !== "expired" && m.status !== "incomplete";

/** The next charge the processor will make: date and amount, or null when none will come. */
export function nextCharge(m: Pick<Membership, "status" | "currentPeriodEnd" | "amountCents" | "pendingChange"> & { renews?: boolean }) {
  if (m.renews === false || !["active", "trialing"].includes(m.status) || !m.currentPeriodEnd) return null;
  if (m.pendingChange) return { at: m.pendingChange.startsAt ?? m.currentPeriodEnd, amountCents: m.pendingChange.amountCents };
  return { at: m.currentPeriodEnd, amountCents: m.amountCents };
}

/** The price as bought: "$59.00 every month", or for a plan that does not renew "$49.00 for 1 week, once". */
export function membershipPrice(m: Pick<Membership, "amountCents" | "interval" | "intervalCount"> & { renews?: boolean }, money: (cents: number) => string): string {
  const span = intervalWords(m.interval, m.intervalCount);
  return m.renews === false ? `${money(m.amountCents)} for ${m.intervalCount === 1 ? `1 ${span}` : span}, once` : `${money(m.amountCents)} every ${span}`;
}
