/**
 * Wall times in an IANA timezone ↔ instants, with `Intl.DateTimeFormat` only
 * (no date library), correct across daylight-saving changes. The one module
 * that converts: availability slots, calendar days and list filters use it on
 * the server, and the PWA can show the same days.
 *
 * Dates are `YYYY-MM-DD`, times `HH:MM` (24-hour; `24:00` is the next midnight).
 * A wall time that happens twice (the autumn hour) means its first occurrence;
 * one that does not happen (the spring gap) moves forward by the gap, as
 * Temporal's "compatible" disambiguation does: 02:30 on a spring-forward day
 * in America/Los_Angeles is 03:30 PDT.
 */

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

/** ISO weekday names, Monday first (weekly availability is keyed by them). */
export const WEEKDAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"] as const;
export type Weekday = (typeof WEEKDAYS)[number];

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** True for a timezone name this runtime knows (e.g. `America/New_York`). */
export function isTimeZone(name: string): boolean {
  try {
    formatterOf(name);
    return true;
  } catch {
    return false;
  }
}

type Parts = { year: number; month: number; day: number; hour: number; minute: number; second: number };

function partsAt(ms: number, timeZone: string): Parts {
  const out: Record<string, number> = {};
  for (const p of formatterOf(timeZone).formatToParts(new Date(ms))) {
    if (p.type !== "literal") out[p.type] = Number(p.value);
  }
  return {
    year: out.year, month: out.month, day: out.day,
    hour: out.hour === 24 ? 0 : out.hour, minute: out.minute, second: out.second,
  };
}

/** The zone's offset from UTC at an instant, in minutes (Los Angeles in summer: -420). */
export function offsetMinutesAt(instant: Date | number, timeZone: string): number {
  const ms = typeof instant === "number" ? instant : instant.getTime();
  const p = partsAt(ms, timeZone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return Math.round((asUtc - Math.floor(ms / 1000) * 1000) / MINUTE_MS);
}

const pad = (n: number, w = 2) => String(n).padStart(w, "0");

/** Parses `YYYY-MM-DD`; null when it is not a real date. */
export function parseDate(date: string): { year: number; month: number; day: number } | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const d = new Date(Date.UTC(year, month - 1, day));
  if (d.getUTCFullYear() !== year || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) return null;
  return { year, month, day };
}

/** Parses `HH:MM` (00:00–24:00) into minutes after midnight; null when malformed. */
export function parseTime(time: string): number | null {
  const m = /^(\d{2}):(\d{2})$/.exec(time);
  if (!m) return null;
  const [h, min] = [Number(m[1]), Number(m[2])];
  if (min > 59 || h > 24 || (h === 24 && min !== 0)) return null;
  return h * 60 + min;
}

export const formatTime = (minutes: number) => `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;

/** The date `days` after `date` (negative: before). */
export function addDays(date: string, days: number): string {
  const p = parseDate(date);
  if (!p) throw new RangeError(`Not a date: ${date}`);
  const d = new Date(Date.UTC(p.year, p.month - 1, p.day) + days * DAY_MS);
  return `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

/** Whole days from `a` to `b` (both `YYYY-MM-DD`). */
export function daysBetween(a: string, b: string): number {
  const [pa, pb] = [parseDate(a), parseDate(b)];
  if (!pa || !pb) throw new RangeError(`Not a date: ${a} / ${b}`);
  return Math.round((Date.UTC(pb.year, pb.month - 1, pb.day) - Date.UTC(pa.year, pa.month - 1, pa.day)) / DAY_MS);
}

export function weekdayOf(date: string): Weekday {
  const p = parseDate(date);
  if (!p) throw new RangeError(`Not a date: ${date}`);
  const sundayFirst = new Date(Date.UTC(p.year, p.month - 1, p.day)).getUTCDay();
  return WEEKDAYS[(sundayFirst + 6) % 7];
}

/** The wall date, time and weekday of an instant in a timezone. */
export function zonedParts(instant: Date, timeZone: string): { date: string; time: string; minutes: number; weekday: Weekday } {
  const p = partsAt(instant.getTime(), timeZone);
  const date = `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}`;
  return { date, time: `${pad(p.hour)}:${pad(p.minute)}`, minutes: p.hour * 60 + p.minute, weekday: weekdayOf(date) };
}

/** The date (`YYYY-MM-DD`) an instant falls on in a timezone. */
export const zonedDate = (instant: Date, timeZone: string) => zonedParts(instant, timeZone).date;

/**
 * The instant of a wall time (`minutes` after the date's midnight, up to 1440)
 * in a timezone; see the module comment for repeated and skipped times.
 */
export function zonedInstant(date: string, minutes: number, timeZone: string): Date {
  const p = parseDate(date);
  if (!p || !Number.isInteger(minutes) || minutes < 0 || minutes > 1440) {
    throw new RangeError(`Not a wall time: ${date} + ${minutes} min`);
  }
  const wall = Date.UTC(p.year, p.month - 1, p.day) + minutes * MINUTE_MS;
  // The offsets a day before and after bracket any one transition near this time.
  const before = offsetMinutesAt(wall - DAY_MS, timeZone);
  const after = offsetMinutesAt(wall + DAY_MS, timeZone);
  const candidates = [...new Set([before, after])]
    .map((offset) => wall - offset * MINUTE_MS)
    .filter((t) => offsetMinutesAt(t, timeZone) * MINUTE_MS === wall - t)
    .sort((a, b) => a - b);
  // Repeated: the first occurrence. Skipped: the offset in force before the gap, which lands after it.
  return new Date(candidates[0] ?? wall - before * MINUTE_MS);
}

/** The instant a wall date begins (its midnight) in a timezone. */
export const startOfZonedDay = (date: string, timeZone: string) => zonedInstant(date, 0, timeZone);
