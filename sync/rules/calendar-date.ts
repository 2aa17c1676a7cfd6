/**
 * A calendar date (YYYY-MM-DD, no time zone) that exists and that PostgreSQL's `date` takes. zod's
 * `z.iso.date()` checks the days of each month but takes the year 0000, which PostgreSQL refuses
 * ("date/time field value out of range"): a filter such as `?from=0000-01-01` answered 500. Years
 * 1900–9999 here: every date this product is given (filters, due dates, credentialing, agreements) lies in them.
 */
import { z } from "zod";

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
export const CALENDAR_DATE_MESSAGE = "Enter a complete date: month, day and year";

export function isCalendarDate(value: string): boolean {
  if (!ISO_DATE.test(value) || value < "1900-01-01") return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

/** A required calendar date; `message` names what to enter when it is missing or not a date. */
export const calendarDate = (message = CALENDAR_DATE_MESSAGE) =>
  z.string({ error: message }).refine(isCalendarDate, message);
