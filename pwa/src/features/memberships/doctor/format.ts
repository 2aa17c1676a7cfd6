/** How plans read on the doctor's and the admin's screens: durations in words, dates in en-US. */
import type { PlanInterval } from "../../../../../sync/schemas/membership.ts";
import { centsAsDecimal } from "../../../../../sync/rules/money.ts";

const UNIT: Record<PlanInterval, string> = { day: "day", week: "week", month: "month", year: "year", custom: "day" };

/** "Every month", "Every 3 months", "Every 10 days" (a custom interval counts days); one-time plans say "For". */
export function describeInterval(interval: PlanInterval, count: number, renews = true): string {
  const unit = UNIT[interval];
  const span = count === 1 ? unit : `${count} ${unit}s`;
  return renews ? `Every ${span}` : `For ${count === 1 ? `1 ${unit}` : span}`;
}

const day = new Intl.DateTimeFormat("en-US", { dateStyle: "medium" });
export const formatDay = (iso: string) => day.format(new Date(iso));

/** 4720 → "47.20" for a money input; null → "". */
export const centsToDollars = (cents: number | null) => (cents === null ? "" : centsAsDecimal(cents));

/** What a money field says when its text is not an amount in dollars. */
export const NOT_DOLLARS = "Enter an amount in dollars, like 59.00";
