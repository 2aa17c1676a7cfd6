/**
 * `GET /calendar` (01 §7): a doctor's consultations by day for the month, week
 * and three-day views, or counts per status (`statistic`), for `/calendar/{doctorId}`.
 */
import { z } from "zod";
import { timezoneSchema } from "./timezone.ts";
import type { ConsultationStatus, ConsultationType } from "./consultation.ts";

export const CALENDAR_TYPES = ["month", "statistic", "week", "three-days"] as const;
export type CalendarType = (typeof CALENDAR_TYPES)[number];

const booleanText = z
  .enum(["true", "false", "1", "0"], { error: "Use true or false" })
  .optional()
  .transform((v) => v === "true" || v === "1");

/** Milliseconds since 1970 (what `Date.now()` gives) or an ISO time. */
const timestampSchema = z
  .string()
  .trim()
  .transform((s, ctx) => {
    const d = /^\d{1,15}$/.test(s) ? new Date(Number(s)) : new Date(s);
    if (Number.isNaN(d.getTime()) || (!/^\d{1,15}$/.test(s) && !/^\d{4}-\d{2}-\d{2}T/.test(s))) {
      ctx.addIssue({ code: "custom", message: "Use milliseconds since 1970 or an ISO time" });
      return z.NEVER;
    }
    return d;
  });

/**
 * - `type`: `month` (the calendar month around `timestamp`), `week` (Monday to
 *   Sunday), `three-days` (that day and the next two), `statistic` (counts for the month);
 * - `doctorId`: whose calendar; a doctor's own and a VMA's doctor's by default,
 *   required for admins; a patient may name any bookable doctor;
 * - `withOwn`: also include the caller's own consultations with other doctors;
 * - `timestamp`: a moment inside the period (default now);
 * - `timezone`: whose days (default the doctor's timezone, else UTC).
 */
export const calendarQuerySchema = z.object({
  type: z.enum(CALENDAR_TYPES, { error: "Choose month, statistic, week or three-days" }).default("month"),
  doctorId: z.uuid("Invalid doctor id").optional(),
  withOwn: booleanText,
  timestamp: timestampSchema.optional(),
  timezone: timezoneSchema.optional(),
});
export type CalendarQuery = z.output<typeof calendarQuerySchema>;

export type StatusCounts = Record<ConsultationStatus, number> & { total: number };

export type CalendarItem = {
  id: string;
  doctorId: string;
  patientId: string;
  doctorName: string;
  patientName: string;
  type: ConsultationType;
  status: ConsultationStatus;
  startAt: string;
  endAt: string;
};

export type CalendarDay = {
  /** The wall date in the calendar's timezone. */
  date: string;
  /** The instants the day begins and ends (23 or 25 hours apart on DST days). */
  from: string;
  to: string;
  counts: StatusCounts;
  /** Free slots of the doctor left on that day (from now on); null without a doctor. */
  freeSlots: number | null;
  consultations: CalendarItem[];
};

export type CalendarPeriod = {
  doctorId: string | null;
  timezone: string;
  from: string;
  to: string;
  /** Counts over the whole period. */
  counts: StatusCounts;
};

export type CalendarDays = CalendarPeriod & { type: "month" | "week" | "three-days"; days: CalendarDay[] };
export type CalendarStatistic = CalendarPeriod & {
  type: "statistic";
  /** Accepted consultations of the period that have not ended yet. */
  upcoming: number;
  freeSlots: number | null;
};
export type CalendarResult = CalendarDays | CalendarStatistic;
