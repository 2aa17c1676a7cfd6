/**
 * A membership option's price in words: "$147.00 every 3 months", or with an initial price "$99.00 first payment,
 * then $59.00 every month" (money in cents, Intl en-US). The edge charges the same (edge/docs/payments.md).
 */
import type { MembershipOption, PlanInterval } from "../../../sync/schemas/membership.ts";
import { type CouponCheck, discountedCents } from "../../../sync/schemas/commerce.ts";
import { formatUsd } from "../../../sync/rules/money.ts";

const UNIT: Record<PlanInterval, string> = {
  day: "day",
  week: "week",
  month: "month",
  year: "year",
  custom: "day",
};

/** "every month", "every 3 months", "every 10 days" (custom intervals count days). */
export function intervalText(
  o: { interval: PlanInterval; intervalCount: number },
): string {
  const unit = UNIT[o.interval];
  return o.intervalCount === 1 ? `every ${unit}` : `every ${o.intervalCount} ${unit}s`;
}

type Priced = { priceCents: number; initialPriceCents?: number | null; interval: PlanInterval; intervalCount: number; autoRenewable?: boolean };

/** "1 week", "3 months", "10 days". */
function spanText(o: { interval: PlanInterval; intervalCount: number }): string {
  const unit = UNIT[o.interval];
  return o.intervalCount === 1 ? `1 ${unit}` : `${o.intervalCount} ${unit}s`;
}

/** The first payment when the option's initial price differs from its consecutive price, else null. */
export function firstPaymentCents(o: Pick<Priced, "priceCents" | "initialPriceCents">): number | null {
  return o.initialPriceCents !== null && o.initialPriceCents !== undefined && o.initialPriceCents !== o.priceCents
    ? o.initialPriceCents
    : null;
}

export function priceText(o: Priced): string {
  // A plan that does not renew is one payment for one period, never "every week".
  if (o.autoRenewable === false) return `${formatUsd(firstPaymentCents(o) ?? o.priceCents)} for ${spanText(o)}, once`;
  const recurring = `${formatUsd(o.priceCents)} ${intervalText(o)}`;
  const first = firstPaymentCents(o);
  return first === null ? recurring : `${formatUsd(first)} first payment, then ${recurring}`;
}

/**
 * What the first payment and the renewals cost with a promo code (its percentage is taken from the first payment,
 * the initial price if any; a `once` code's renewals pay the full consecutive price).
 */
export function chargesWith(o: Priced, coupon: CouponCheck | null): { first: number; firstBefore: number; renewal: number } {
  const firstBefore = firstPaymentCents(o) ?? o.priceCents;
  if (!coupon) return { first: firstBefore, firstBefore, renewal: o.priceCents };
  return {
    first: discountedCents(firstBefore, coupon.percentageDiscount),
    firstBefore,
    renewal: coupon.duration === "once" ? o.priceCents : discountedCents(o.priceCents, coupon.percentageDiscount),
  };
}

/** After the confirm step's "Your card is charged now": what follows (renewals, or nothing for a one-period plan). */
export function renewalText(o: Pick<Priced, "interval" | "intervalCount" | "autoRenewable">): string {
  return o.autoRenewable === false
    ? `once: your access lasts ${spanText(o)} and then ends on its own. Nothing renews and nothing more is charged.`
    : `then ${intervalText(o)} until you cancel. Cancelling stops the next renewal; the current period is not refunded.`;
}

/** "Free for the first 14 days" or null. */
export function trialText(
  o: Pick<MembershipOption, "trialDays">,
): string | null {
  if (!o.trialDays) return null;
  return `Free for the first ${o.trialDays} ${o.trialDays === 1 ? "day" : "days"}`;
}

/** What limits an option: one period only, existing patients only, places left (the server enforces each). */
export function limitTexts(o: Pick<MembershipOption, "autoRenewable" | "loyalClientsOnly" | "placesLeft">, doctorName = "the doctor"): string[] {
  const texts: string[] = [];
  if (!o.autoRenewable) texts.push("One period only: does not renew");
  if (o.loyalClientsOnly) texts.push(`Only for ${doctorName}'s existing patients`);
  if (o.placesLeft !== null) texts.push(o.placesLeft === 0 ? "No places left" : `${o.placesLeft} ${o.placesLeft === 1 ? "place" : "places"} left`);
  return texts;
}
