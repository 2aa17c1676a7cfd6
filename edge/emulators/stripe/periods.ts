/** Billing period arithmetic: months and years keep the anchor's day, clamped to the month's length (Jan 31 → Feb 28). */
const DAY = 86_400;

export type Recurring = { interval: "day" | "week" | "month" | "year"; interval_count: number };

export function addIntervals(anchor: number, recurring: Recurring, n: number): number {
  const count = recurring.interval_count * n;
  if (recurring.interval === "day") return anchor + count * DAY;
  if (recurring.interval === "week") return anchor + count * 7 * DAY;
  const months = recurring.interval === "month" ? count : count * 12;
  const d = new Date(anchor * 1000);
  const target = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, 1, d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds()));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d.getUTCDate(), lastDay));
  return Math.floor(target.getTime() / 1000);
}
