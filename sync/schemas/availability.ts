/**
 * A doctor's availability (01 §2 "availability", 02 §7 `GET/PUT /availability`):
 * weekly hours per weekday, date overrides (a closed day or special hours) and
 * the slot length, all read in the doctor's IANA timezone. `GET /availability/slots`
 * answers the free slots a patient can book.
 */
import { z } from "zod";
import { parseDate, parseTime, WEEKDAYS, type Weekday } from "../rules/zoned-time.ts";
import { timezoneSchema } from "./timezone.ts";

/** Slot lengths a doctor may choose, in minutes. */
export const SLOT_MINUTES = [10, 15, 20, 30, 45, 60, 90, 120] as const;
export const INTERVALS_PER_DAY_MAX = 12;
export const OVERRIDES_MAX = 366;
/** `GET /availability/slots` covers at most this many days per call. */
export const SLOTS_RANGE_MAX_DAYS = 31;
/** Bookings are taken at most this far ahead. */
export const BOOKING_HORIZON_DAYS = 90;

export const dateSchema = z
  .string({ error: "Date is required" })
  .trim()
  .refine((d) => parseDate(d) !== null, "Use a date like 2026-03-09");

const timeSchema = z
  .string({ error: "Time is required" })
  .trim()
  .refine((t) => parseTime(t) !== null, "Use a time like 09:00 (00:00 to 24:00)");

export const intervalSchema = z
  .object({ start: timeSchema, end: timeSchema })
  .strict()
  .refine((i) => !(parseTime(i.start)! >= parseTime(i.end)!), { message: "The start must be before the end", path: ["end"] });
export type Interval = z.infer<typeof intervalSchema>;

/** One day's hours: sorted by start, not overlapping; an empty list is a closed day. */
export const dayHoursSchema = z
  .array(intervalSchema)
  .max(INTERVALS_PER_DAY_MAX, `At most ${INTERVALS_PER_DAY_MAX} periods a day`)
  .transform((list) => [...list].sort((a, b) => parseTime(a.start)! - parseTime(b.start)!))
  .superRefine((list, ctx) => {
    for (let i = 1; i < list.length; i++) {
      if (parseTime(list[i].start)! < parseTime(list[i - 1].end)!) {
        ctx.addIssue({ code: "custom", path: [i, "start"], message: "These hours overlap other hours of the day" });
      }
    }
  });

export type WeeklyHours = Record<Weekday, Interval[]>;
export const weeklyHoursSchema = z
  .object(Object.fromEntries(WEEKDAYS.map((d) => [d, dayHoursSchema.default([])])) as Record<Weekday, z.ZodDefault<typeof dayHoursSchema>>)
  .strict();

export const overrideSchema = z
  .object({ date: dateSchema, intervals: dayHoursSchema })
  .strict();
export type AvailabilityOverride = { date: string; intervals: Interval[] };

/** `PUT /availability`: the whole availability, replacing the stored one. */
export const availabilityInputSchema = z
  .object({
    /** Omitted: the caller's own (a doctor) or their doctor's (a VMA). Admins name the doctor. */
    doctorId: z.uuid("Invalid doctor id").optional(),
    timezone: timezoneSchema,
    slotMinutes: z
      .number({ error: "Choose a slot length" })
      .int()
      .refine((n) => (SLOT_MINUTES as readonly number[]).includes(n), `Choose a slot length of ${SLOT_MINUTES.join(", ")} minutes`),
    weekly: weeklyHoursSchema,
    overrides: z
      .array(overrideSchema)
      .max(OVERRIDES_MAX, `At most ${OVERRIDES_MAX} dates`)
      .default([])
      .superRefine((list, ctx) => {
        const seen = new Set<string>();
        list.forEach((o, i) => {
          if (seen.has(o.date)) ctx.addIssue({ code: "custom", path: [i, "date"], message: "This date is listed twice" });
          seen.add(o.date);
        });
      })
      .transform((list) => [...list].sort((a, b) => a.date.localeCompare(b.date))),
  })
  .strict();
export type AvailabilityInput = z.input<typeof availabilityInputSchema>;
export type AvailabilityUpdate = z.output<typeof availabilityInputSchema>;

/** An interval as stored: `HH:MM` times (`24:00` ends a day). */
const intervalAnswerSchema = z.object({ start: z.string().regex(/^\d{2}:\d{2}$/), end: z.string().regex(/^\d{2}:\d{2}$/) }).strict();

/** What `GET` and `PUT /availability` answer. A doctor who never saved has empty hours (and so no slots). */
export const availabilitySchema = z.object({
  doctorId: z.uuid(),
  /** The doctor's IANA timezone (the same as their profile's); null until they set one. */
  timezone: z.string().nullable(),
  slotMinutes: z.number().int(),
  weekly: z.object(Object.fromEntries(WEEKDAYS.map((d) => [d, z.array(intervalAnswerSchema)])) as Record<Weekday, z.ZodArray<typeof intervalAnswerSchema>>).strict(),
  overrides: z.array(z.object({ date: z.iso.date(), intervals: z.array(intervalAnswerSchema) }).strict()),
  updatedAt: z.iso.datetime().nullable(),
}).strict();
export type Availability = z.output<typeof availabilitySchema>;

export const availabilityQuerySchema = z.object({ doctorId: z.uuid("Invalid doctor id").optional() });

/** An instant with its offset (`2026-03-09T17:00:00.000Z`, `2026-03-09T09:00:00-08:00`). */
export const instantSchema = z
  .string({ error: "Time is required" })
  .trim()
  .pipe(z.iso.datetime({ offset: true, error: "Use an ISO time like 2026-03-09T17:00:00.000Z" }))
  .transform((s) => new Date(s));

export const slotsQuerySchema = z
  .object({
    doctorId: z.uuid("Invalid doctor id"),
    from: instantSchema,
    to: instantSchema,
    offset: z.coerce.number({ error: "Offset must be a number" }).int().min(0).max(100_000).default(0),
    limit: z.coerce.number({ error: "Limit must be a number" }).int().min(1).max(2000).default(500),
  })
  // Refinements also run when a time failed its format (zod continues after such issues): compare only dates.
  .refine((q) => !(q.from instanceof Date && q.to instanceof Date) || q.to > q.from, { message: "`to` must be after `from`", path: ["to"] })
  .refine((q) => !(q.from instanceof Date && q.to instanceof Date) || q.to.getTime() - q.from.getTime() <= SLOTS_RANGE_MAX_DAYS * 86_400_000, {
    message: `At most ${SLOTS_RANGE_MAX_DAYS} days at once`,
    path: ["to"],
  });

/** A bookable slot. */
export const slotSchema = z.object({ startAt: z.iso.datetime(), endAt: z.iso.datetime() }).strict();
export type Slot = z.output<typeof slotSchema>;
