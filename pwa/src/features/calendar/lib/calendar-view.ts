/**
 * The calendar's pure parts: which days a view covers and how to move through
 * them, the month grid, and the offline calendar built from the device's
 * consultations with the same day boundaries as `GET /calendar`.
 */
import { periodDays } from "../../../../../sync/rules/calendar-period.ts";
import { addDays, parseDate, WEEKDAYS, weekdayOf, zonedDate } from "../../../../../sync/rules/zoned-time.ts";
import type { CalendarDays, CalendarItem, CalendarStatistic, StatusCounts } from "../../../../../sync/schemas/calendar.ts";
import { CONSULTATION_STATUSES } from "../../../../../sync/schemas/consultation.ts";

export const CALENDAR_VIEWS = ["month", "week", "three-days"] as const;
export type CalendarView = (typeof CALENDAR_VIEWS)[number];
export const VIEW_LABELS: Record<CalendarView, string> = { month: "Month", week: "Week", "three-days": "3 days" };

export const isCalendarView = (value: string | null): value is CalendarView =>
  (CALENDAR_VIEWS as readonly (string | null)[]).includes(value);
export const isDate = (value: string | null): value is string => value !== null && parseDate(value) !== null;

/** The date the previous or next period starts from (`step` −1 or +1). */
export function shiftDate(view: CalendarView, date: string, step: -1 | 1): string {
  if (view === "week") return addDays(date, 7 * step);
  if (view === "three-days") return addDays(date, 3 * step);
  const p = parseDate(date)!;
  const month = p.month - 1 + step;
  const year = p.year + Math.floor(month / 12);
  return `${String(year).padStart(4, "0")}-${String(((month % 12) + 12) % 12 + 1).padStart(2, "0")}-01`;
}

/** A month's dates in Monday-first weeks, with null for the days of the neighbouring months. */
export function monthWeeks(dates: readonly string[]): (string | null)[][] {
  if (dates.length === 0) return [];
  const cells: (string | null)[] = Array(WEEKDAYS.indexOf(weekdayOf(dates[0]))).fill(null);
  cells.push(...dates);
  while (cells.length % 7) cells.push(null);
  const weeks: (string | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}

/** Where a key moves the focused day in the month grid; null for keys the grid does not use. */
export function moveInGrid(date: string, key: string): string | null {
  switch (key) {
    case "ArrowLeft":
      return addDays(date, -1);
    case "ArrowRight":
      return addDays(date, 1);
    case "ArrowUp":
      return addDays(date, -7);
    case "ArrowDown":
      return addDays(date, 7);
    case "Home":
      return addDays(date, -WEEKDAYS.indexOf(weekdayOf(date)));
    case "End":
      return addDays(date, 6 - WEEKDAYS.indexOf(weekdayOf(date)));
    case "PageUp":
      return sameDayInMonth(date, -1);
    case "PageDown":
      return sameDayInMonth(date, 1);
    default:
      return null;
  }
}

function sameDayInMonth(date: string, step: -1 | 1): string {
  const first = shiftDate("month", date, step);
  const day = Number(date.slice(8, 10));
  let result = first;
  for (let d = 1; d < day; d++) {
    const next = addDays(first, d);
    if (next.slice(0, 7) !== first.slice(0, 7)) break;
    result = next;
  }
  return result;
}

export function countOf(items: readonly Pick<CalendarItem, "status">[]): StatusCounts {
  const counts = Object.fromEntries(CONSULTATION_STATUSES.map((s) => [s, 0])) as StatusCounts;
  for (const item of items) counts[item.status] += 1;
  counts.total = items.length;
  return counts;
}

type DeviceItem = Omit<CalendarItem, "doctorName" | "patientName"> & { doctorName: string; patientName: string };

/** `GET /calendar`'s days from the device's copy: the same day boundaries; free slots unknown offline. */
export function offlineCalendar(
  opts: { view: CalendarView; moment: Date; timeZone: string; doctorId: string; items: readonly DeviceItem[] },
): CalendarDays {
  const days = periodDays(opts.view, opts.moment, opts.timeZone);
  const mine = opts.items.filter((c) => c.doctorId === opts.doctorId);
  const inRange = (c: DeviceItem, from: Date, to: Date) => new Date(c.startAt) >= from && new Date(c.startAt) < to;
  const from = days[0].startAt;
  const to = days.at(-1)!.endAt;
  const all = mine.filter((c) => inRange(c, from, to)).sort((a, b) => a.startAt.localeCompare(b.startAt));
  return {
    type: opts.view,
    doctorId: opts.doctorId,
    timezone: opts.timeZone,
    from: from.toISOString(),
    to: to.toISOString(),
    counts: countOf(all),
    days: days.map((d) => {
      const consultations = all.filter((c) => inRange(c, d.startAt, d.endAt));
      return {
        date: d.date,
        from: d.startAt.toISOString(),
        to: d.endAt.toISOString(),
        counts: countOf(consultations),
        freeSlots: null,
        consultations,
      };
    }),
  };
}

/** The month's statistic from the device's copy (free slots unknown offline). */
export function offlineStatistic(
  opts: { moment: Date; timeZone: string; doctorId: string; items: readonly DeviceItem[]; now: Date },
): CalendarStatistic {
  const month = offlineCalendar({ ...opts, view: "month" });
  const all = month.days.flatMap((d) => d.consultations);
  return {
    type: "statistic",
    doctorId: month.doctorId,
    timezone: month.timezone,
    from: month.from,
    to: month.to,
    counts: month.counts,
    upcoming: all.filter((c) => c.status === "accepted" && new Date(c.endAt) > opts.now).length,
    freeSlots: null,
  };
}

/** The moment a view is asked for: noon of the chosen date in the timezone (safely inside that day). */
export const momentOf = (date: string, timeZone: string): Date => {
  const noonUtc = new Date(`${date}T12:00:00.000Z`);
  // Noon UTC is on `date` in every zone from UTC−11 to UTC+11; adjust for the rest.
  const shown = zonedDate(noonUtc, timeZone);
  return shown === date ? noonUtc : new Date(noonUtc.getTime() + (shown < date ? 1 : -1) * 12 * 3_600_000);
};
