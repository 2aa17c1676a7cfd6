/**
 * The days a calendar view covers, in a timezone: the month around a moment,
 * its Monday-to-Sunday week, or that day and the next two. Shared so the PWA's
 * offline calendar groups replicated consultations into the same days as
 * `GET /calendar`.
 */
import type { CalendarType } from "../schemas/calendar.ts";
import { addDays, startOfZonedDay, WEEKDAYS, weekdayOf, zonedDate } from "./zoned-time.ts";

export type CalendarDayRange = { date: string; startAt: Date; endAt: Date };

/** The wall dates of the period (`statistic` covers the month). */
export function periodDates(type: CalendarType, moment: Date, timeZone: string): string[] {
  const today = zonedDate(moment, timeZone);
  if (type === "three-days") return [0, 1, 2].map((n) => addDays(today, n));
  if (type === "week") {
    const monday = addDays(today, -WEEKDAYS.indexOf(weekdayOf(today)));
    return [0, 1, 2, 3, 4, 5, 6].map((n) => addDays(monday, n));
  }
  const first = `${today.slice(0, 7)}-01`;
  const dates: string[] = [];
  for (let d = first; d.slice(0, 7) === first.slice(0, 7); d = addDays(d, 1)) dates.push(d);
  return dates;
}

/** Each date of the period with the instants it begins and ends (23 or 25 hours apart on DST days). */
export function periodDays(type: CalendarType, moment: Date, timeZone: string): CalendarDayRange[] {
  return periodDates(type, moment, timeZone).map((date) => ({
    date,
    startAt: startOfZonedDay(date, timeZone),
    endAt: startOfZonedDay(addDays(date, 1), timeZone),
  }));
}
