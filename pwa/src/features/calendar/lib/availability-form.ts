/**
 * The availability editor's draft and how it becomes `PUT /availability`,
 * checked with the shared `availabilityInputSchema`. Error keys are the
 * request's paths (`weekly.monday.0.end`, `overrides.2.date`), like the server's.
 */
import { WEEKDAYS, type Weekday } from "../../../../../sync/rules/zoned-time.ts";
import { type Availability, availabilityInputSchema, type Interval } from "../../../../../sync/schemas/availability.ts";
import { type FieldErrors, validate } from "../../../../../sync/field-errors.ts";

export type OverrideDraft = { date: string; closed: boolean; intervals: Interval[] };
export type AvailabilityDraft = {
  timezone: string;
  slotMinutes: number;
  weekly: Record<Weekday, Interval[]>;
  overrides: OverrideDraft[];
};

export const WEEKDAY_LABELS: Record<Weekday, string> = {
  monday: "Monday",
  tuesday: "Tuesday",
  wednesday: "Wednesday",
  thursday: "Thursday",
  friday: "Friday",
  saturday: "Saturday",
  sunday: "Sunday",
};

export const DEFAULT_HOURS: Interval = { start: "09:00", end: "17:00" };

export function draftOf(a: Availability, fallbackTimezone: string): AvailabilityDraft {
  return {
    timezone: a.timezone ?? fallbackTimezone,
    slotMinutes: a.slotMinutes,
    weekly: Object.fromEntries(WEEKDAYS.map((d) => [d, (a.weekly[d] ?? []).map((i) => ({ ...i }))])) as Record<Weekday, Interval[]>,
    overrides: a.overrides.map((o) => ({ date: o.date, closed: o.intervals.length === 0, intervals: o.intervals.map((i) => ({ ...i })) })),
  };
}

const byStart = (a: Interval, b: Interval) => a.start.localeCompare(b.start);

/**
 * The draft with each day's periods in start order: the schema sorts before it
 * checks overlaps, so sorting first keeps its error paths on the rows shown.
 */
export function sortDraft(d: AvailabilityDraft): AvailabilityDraft {
  return {
    ...d,
    weekly: Object.fromEntries(WEEKDAYS.map((w) => [w, [...d.weekly[w]].sort(byStart)])) as Record<Weekday, Interval[]>,
    overrides: d.overrides.map((o) => ({ ...o, intervals: [...o.intervals].sort(byStart) })),
  };
}

/** The request body; `doctorId` only when someone else's availability is edited. */
export function toAvailabilityInput(d: AvailabilityDraft, doctorId?: string) {
  return {
    ...(doctorId ? { doctorId } : {}),
    timezone: d.timezone,
    slotMinutes: d.slotMinutes,
    weekly: d.weekly,
    overrides: d.overrides.map((o) => ({ date: o.date, intervals: o.closed ? [] : o.intervals })),
  };
}

export function checkAvailability(d: AvailabilityDraft): FieldErrors {
  const result = validate(availabilityInputSchema, toAvailabilityInput(d));
  return result.ok ? {} : result.errors;
}

/** Total open hours a week, for the editor's summary. */
export function weeklyHours(d: Pick<AvailabilityDraft, "weekly">): number {
  let minutes = 0;
  for (const day of WEEKDAYS) {
    for (const i of d.weekly[day]) {
      const [sh, sm] = i.start.split(":").map(Number);
      const [eh, em] = i.end.split(":").map(Number);
      if ([sh, sm, eh, em].every(Number.isFinite)) minutes += Math.max(0, eh * 60 + em - (sh * 60 + sm));
    }
  }
  return minutes / 60;
}
