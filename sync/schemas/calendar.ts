/**
 * `GET /calendar` (01 §7): a doctor's consultations by day for the month, week
 * and three-day views, or counts per status (`statistic`), for `/calendar/{doctorId}`.
 */
import { z } from "zod";
import { timezoneSchema } from "./timezone.ts";
import { CONSULTATION_STATUSES, CONSULTATION_TYPES, type ConsultationStatus } from "./consultation.ts";

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

/** Consultations per status, and their total. */
export const statusCountsSchema = z.object({
  ...(Object.fromEntries(CONSULTATION_STATUSES.map((st) => [st, z.number().int()])) as Record<ConsultationStatus, z.ZodNumber>),
  total: z.number().int(),
}).strict();
export type StatusCounts = z.output<typeof statusCountsSchema>;

export const calendarItemSchema = z.object({
  id: z.uuid(),
  doctorId: z.uuid(),
  patientId: z.uuid(),
  doctorName: z.string(),
  patientName: z.string(),
  type: z.enum(CONSULTATION_TYPES),
  status: z.enum(CONSULTATION_STATUSES),
  startAt: z.iso.datetime(),
  endAt: z.iso.datetime(),
}).strict();
export type CalendarItem = z.output<typeof calendarItemSchema>;

export const calendarDaySchema = z.object({
  /** The wall date in the calendar's timezone. */
  date: z.iso.date(),
  /** The instants the day begins and ends (23 or 25 hours apart on DST days). */
  from: z.iso.datetime(),
  to: z.iso.datetime(),
  counts: statusCountsSchema,
  /** Free slots of the doctor left on that day (from now on); null without a doctor. */
  freeSlots: z.number().int().nullable(),
  consultations: z.array(calendarItemSchema),
}).strict();
export type CalendarDay = z.output<typeof calendarDaySchema>;

const calendarPeriodShape = {
  doctorId: z.uuid().nullable(),
  timezone: z.string(),
  from: z.iso.datetime(),
  to: z.iso.datetime(),
  /** Counts over the whole period. */
  counts: statusCountsSchema,
};
export type CalendarPeriod = z.output<z.ZodObject<typeof calendarPeriodShape>>;

export const calendarDaysSchema = z.object({
  ...calendarPeriodShape,
  type: z.enum(["month", "week", "three-days"]),
  days: z.array(calendarDaySchema),
}).strict();
export type CalendarDays = z.output<typeof calendarDaysSchema>;

export const calendarStatisticSchema = z.object({
  ...calendarPeriodShape,
  type: z.literal("statistic"),
  /** Accepted consultations of the period that have not ended yet. */
  upcoming: z.number().int(),
  freeSlots: z.number().int().nullable(),
}).strict();
export type CalendarStatistic = z.output<typeof calendarStatisticSchema>;

/** What `GET /calendar` answers: days, or the statistic. */
export const calendarResultSchema = z.discriminatedUnion("type", [calendarDaysSchema, calendarStatisticSchema]);
export type CalendarResult = z.output<typeof calendarResultSchema>;
