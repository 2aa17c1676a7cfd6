/**
 * Dates and times shown to people, in a named IANA timezone, with `Intl` only.
 * Wall dates (`YYYY-MM-DD`) are formatted at noon UTC so no timezone moves them.
 */
import { JOIN_EARLY_MINUTES } from "../../../../../sync/rules/consultation-access.ts";

const cache = new Map<string, Intl.DateTimeFormat>();
function formatter(key: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  let f = cache.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", options);
    cache.set(key, f);
  }
  return f;
}

const wallDate = (date: string) => new Date(`${date}T12:00:00.000Z`);

/** "Monday, March 9" (the year is added when it is not `thisYear`). */
export function formatDay(date: string, thisYear?: number): string {
  const withYear = thisYear !== undefined && Number(date.slice(0, 4)) !== thisYear;
  return formatter(`day|${withYear}`, { timeZone: "UTC", weekday: "long", month: "long", day: "numeric", ...(withYear ? { year: "numeric" } : {}) })
    .format(wallDate(date));
}

/** "Mon, Mar 9". */
export const formatShortDay = (date: string) =>
  formatter("short-day", { timeZone: "UTC", weekday: "short", month: "short", day: "numeric" }).format(wallDate(date));

/** "Nov 21". */
export const formatMonthDay = (date: string) =>
  formatter("month-day", { timeZone: "UTC", month: "short", day: "numeric" }).format(wallDate(date));

/** "March 2026". */
export const formatMonth = (date: string) =>
  formatter("month", { timeZone: "UTC", month: "long", year: "numeric" }).format(wallDate(date));

/** "9:30 AM" in the timezone. */
export const formatTime = (instant: string | Date, timeZone: string) =>
  formatter(`time|${timeZone}`, { timeZone, hour: "numeric", minute: "2-digit" }).format(new Date(instant));

/** "Mon, Mar 9, 9:30 AM" in the timezone. */
export const formatDateTime = (instant: string | Date, timeZone: string) =>
  formatter(`datetime|${timeZone}`, { timeZone, weekday: "short", month: "short", day: "numeric", hour: "numeric", minute: "2-digit" })
    .format(new Date(instant));

/** The zone's short name at an instant ("PDT", "GMT+2"). */
export function zoneAbbreviation(timeZone: string, at: Date = new Date()): string {
  const part = formatter(`zone|${timeZone}`, { timeZone, timeZoneName: "short" }).formatToParts(at)
    .find((p) => p.type === "timeZoneName");
  return part?.value ?? timeZone;
}

/** "America/Los_Angeles" → "Los Angeles". */
export const zoneCity = (timeZone: string) => (timeZone.split("/").at(-1) ?? timeZone).replaceAll("_", " ");

/** The device's timezone (what "your time" means on this screen). */
export function deviceTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
  } catch {
    return "UTC";
  }
}

/** "in 2 days", "in 3 h 5 min", "in 45 s"; "now" at or after the moment. */
export function formatCountdown(ms: number): string {
  if (ms <= 0) return "now";
  const s = Math.ceil(ms / 1000);
  const days = Math.floor(s / 86_400);
  const hours = Math.floor((s % 86_400) / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  if (days >= 2) return `in ${days} days`;
  if (days === 1) return hours ? `in 1 day ${hours} h` : "in 1 day";
  if (hours) return minutes ? `in ${hours} h ${minutes} min` : `in ${hours} h`;
  if (minutes) return `in ${minutes} min ${s % 60} s`;
  return `in ${s} s`;
}

export { JOIN_EARLY_MINUTES };
