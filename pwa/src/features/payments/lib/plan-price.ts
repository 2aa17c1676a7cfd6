/** A membership option's price in words: "$147.00 every 3 months" (money in cents, Intl en-US). */
import type { MembershipOption, PlanInterval } from "../../../../../sync/schemas/membership.ts";
import { formatCents } from "../../commerce/index.ts";

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

export function priceText(
  o: { priceCents: number; interval: PlanInterval; intervalCount: number },
): string {
  return `${formatCents(o.priceCents)} ${intervalText(o)}`;
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
