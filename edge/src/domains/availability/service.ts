/**
 * Availability: reading and replacing a doctor's hours, and the free slots a
 * patient can book (availability in the doctor's timezone, less the past and
 * the consultations holding a slot). Booking uses `rulesOf` and `slotAt` too.
 */
import type { Actor } from "../../access/actor.ts";
import type { Queryable } from "../../db/connect.ts";
import type { Deps } from "../../deps.ts";
import { listOf } from "../../http/envelope.ts";
import { WEEKDAYS } from "../../../../sync/rules/zoned-time.ts";
import { type AvailabilityRules, freeSlots, type TimeRange } from "../../../../sync/rules/slots.ts";
import {
  type Availability,
  type AvailabilityUpdate,
  BOOKING_HORIZON_DAYS,
  type Slot,
  SLOTS_RANGE_MAX_DAYS,
  type WeeklyHours,
} from "../../../../sync/schemas/availability.ts";
import { doctorBusy } from "../consultations/reads.ts";
import { noSuchDoctor } from "../doctors/errors.ts";
import { doctorProfileOf, listedDoctor } from "../doctors/reads.ts";
import { doctorIdFor, managesDoctor } from "../doctors/practice.ts";
import { type AvailabilityRow, createAvailabilityRepo } from "./repo.ts";

const DAY_MS = 86_400_000;
const DEFAULT_SLOT_MINUTES = 30;
const closedWeek = (): WeeklyHours => Object.fromEntries(WEEKDAYS.map((d) => [d, []])) as unknown as WeeklyHours;

function toAvailability(row: AvailabilityRow): Availability {
  return {
    doctorId: row.doctor_id,
    timezone: row.timezone,
    slotMinutes: row.slot_minutes ?? DEFAULT_SLOT_MINUTES,
    weekly: row.weekly ?? closedWeek(),
    overrides: row.overrides ?? [],
    updatedAt: row.updated_at?.toISOString() ?? null,
  };
}

export function createAvailabilityService(deps: Pick<Deps, "sql" | "clock">) {
  const { sql, clock } = deps;
  const repo = createAvailabilityRepo(sql);

  /** What slots are cut from; null when the doctor has no timezone or never saved hours (no slots). */
  async function rulesOf(q: Queryable, doctorId: string): Promise<AvailabilityRules | null> {
    const row = await repo.get(q, doctorId);
    if (!row?.timezone || !row.weekly) return null;
    return { timezone: row.timezone, slotMinutes: row.slot_minutes!, weekly: row.weekly, overrides: row.overrides ?? [] };
  }

  /** The latest start a booking may have. */
  const horizon = () => new Date(clock.now().getTime() + BOOKING_HORIZON_DAYS * DAY_MS);

  /** Free slots of a bookable doctor in [from, to), within the booking horizon. */
  async function free(doctorId: string, from: Date, to: Date): Promise<TimeRange[]> {
    const rules = await rulesOf(sql, doctorId);
    const until = to < horizon() ? to : horizon();
    if (!rules || until <= from) return [];
    const busy = await doctorBusy(sql, doctorId, { startAt: from, endAt: until });
    return freeSlots(rules, { from, to: until, now: clock.now(), busy });
  }

  return {
    rulesOf,
    horizon,

    async get(actor: Actor, requested: string | undefined): Promise<Availability> {
      const doctorId = doctorIdFor(actor, requested);
      const doctor = await doctorProfileOf(sql, doctorId);
      if (!doctor || !(managesDoctor(actor, doctorId) || doctor.listed)) throw noSuchDoctor();
      return toAvailability((await repo.get(sql, doctorId))!);
    },

    async put(actor: Actor, input: AvailabilityUpdate): Promise<Availability> {
      const doctorId = doctorIdFor(actor, input.doctorId);
      if (!managesDoctor(actor, doctorId) || !(await doctorProfileOf(sql, doctorId))) throw noSuchDoctor();
      await repo.put(doctorId, { ...input, now: clock.now() });
      return toAvailability((await repo.get(sql, doctorId))!);
    },

    /** `GET /availability/slots`: free slots of a listed doctor; none when they take no bookings. */
    async slots(query: { doctorId: string; from: Date; to: Date; offset: number; limit: number }) {
      const doctor = await listedDoctor(sql, query.doctorId);
      const slots = doctor.bookable ? await free(doctor.id, query.from, query.to) : [];
      const list: Slot[] = slots.slice(query.offset, query.offset + query.limit)
        .map((s) => ({ startAt: s.startAt.toISOString(), endAt: s.endAt.toISOString() }));
      return listOf(list, query.offset, query.limit, slots.length);
    },

    /** The first free slot of a bookable doctor from now, within the booking horizon; null when none. */
    async firstFree(doctorId: string): Promise<TimeRange | null> {
      if (!(await doctorProfileOf(sql, doctorId))?.bookable) return null;
      const step = SLOTS_RANGE_MAX_DAYS * DAY_MS;
      for (let from = clock.now(); from < horizon(); from = new Date(from.getTime() + step)) {
        const [first] = await free(doctorId, from, new Date(from.getTime() + step));
        if (first) return first;
      }
      return null;
    },

    /** Free slots left per range (calendar days); null entries when the doctor takes no bookings. */
    async freeCount(doctorId: string, ranges: TimeRange[]): Promise<number[] | null> {
      if (!(await doctorProfileOf(sql, doctorId))?.bookable || ranges.length === 0) return null;
      const slots = await free(doctorId, ranges[0].startAt, ranges.at(-1)!.endAt);
      return ranges.map((r) => slots.filter((s) => s.startAt >= r.startAt && s.startAt < r.endAt).length);
    },
  };
}
export type AvailabilityService = ReturnType<typeof createAvailabilityService>;
