/**
 * Bookable slots from a doctor's availability. Each period of a day is turned
 * into instants in the doctor's timezone and cut into slots of real elapsed
 * time, so a period that spans a daylight-saving change has as many slots as
 * it has hours (01:00–04:00 on a spring-forward day: two hours, four 30-minute
 * slots; on the autumn day: three hours, six slots).
 */
import type { AvailabilityOverride, WeeklyHours } from "../schemas/availability.ts";
import { addDays, parseTime, weekdayOf, zonedDate, zonedInstant } from "./zoned-time.ts";

export type AvailabilityRules = {
  timezone: string;
  slotMinutes: number;
  weekly: WeeklyHours;
  overrides: AvailabilityOverride[];
};

export type TimeRange = { startAt: Date; endAt: Date };

/** The hours of one wall date: its override when there is one (empty = closed), else its weekday's. */
export function hoursOn(rules: AvailabilityRules, date: string) {
  const override = rules.overrides.find((o) => o.date === date);
  return override ? override.intervals : rules.weekly[weekdayOf(date)] ?? [];
}

/** Every slot starting in [from, to), in order, whether booked or not. */
export function slotsBetween(rules: AvailabilityRules, from: Date, to: Date): TimeRange[] {
  const step = rules.slotMinutes * 60_000;
  const byStart = new Map<number, TimeRange>();
  // A wall date's periods can begin before `from`'s date in UTC terms and end after `to`'s: take a day each side.
  const last = addDays(zonedDate(to, rules.timezone), 1);
  for (let date = addDays(zonedDate(from, rules.timezone), -1); date <= last; date = addDays(date, 1)) {
    for (const interval of hoursOn(rules, date)) {
      const start = zonedInstant(date, parseTime(interval.start)!, rules.timezone).getTime();
      const end = zonedInstant(date, parseTime(interval.end)!, rules.timezone).getTime();
      for (let t = start; t + step <= end; t += step) {
        if (t >= from.getTime() && t < to.getTime()) byStart.set(t, { startAt: new Date(t), endAt: new Date(t + step) });
      }
    }
  }
  return [...byStart.values()].sort((a, b) => a.startAt.getTime() - b.startAt.getTime());
}

/** The slot that starts exactly at `startAt`, or null when availability has none there. */
export function slotAt(rules: AvailabilityRules, startAt: Date): TimeRange | null {
  return slotsBetween(rules, startAt, new Date(startAt.getTime() + 1))[0] ?? null;
}

export const overlaps = (a: TimeRange, b: TimeRange) => a.startAt < b.endAt && b.startAt < a.endAt;

/** Slots in [from, to) that start after `now` and overlap no busy range. */
export function freeSlots(rules: AvailabilityRules, opts: { from: Date; to: Date; now: Date; busy: TimeRange[] }): TimeRange[] {
  const from = opts.from > opts.now ? opts.from : new Date(opts.now.getTime() + 1);
  if (from >= opts.to) return [];
  return slotsBetween(rules, from, opts.to).filter((slot) => !opts.busy.some((b) => overlaps(slot, b)));
}
