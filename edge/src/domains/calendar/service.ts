/**
 * `GET /calendar`: one doctor's consultations by day (month, week, three days)
 * or counted by status (statistic), in a timezone, as the caller may see them:
 * a doctor their own calendar, a VMA their doctor's, an admin any doctor's, a
 * patient their own consultations (with a doctor, or all with `withOwn`) and
 * the doctor's free slots.
 */
import type { Actor } from "../../access/actor.ts";
import type { Deps } from "../../deps.ts";
import { badRequest } from "../../http/errors.ts";
import { periodDays } from "../../../../sync/rules/calendar-period.ts";
import {
  type CalendarItem,
  type CalendarQuery,
  type CalendarResult,
  type StatusCounts,
} from "../../../../sync/schemas/calendar.ts";
import { type Consultation, CONSULTATION_STATUSES } from "../../../../sync/schemas/consultation.ts";
import type { AvailabilityService } from "../availability/service.ts";
import type { ConsultationsService } from "../consultations/service.ts";
import { noSuchDoctor } from "../doctors/errors.ts";
import { type DoctorProfile, doctorProfileOf } from "../doctors/reads.ts";

function countOf(rows: Consultation[]): StatusCounts {
  const counts = Object.fromEntries(CONSULTATION_STATUSES.map((s) => [s, 0])) as StatusCounts;
  for (const r of rows) counts[r.status] += 1;
  counts.total = rows.length;
  return counts;
}

const toItem = (c: Consultation): CalendarItem => ({
  id: c.id,
  doctorId: c.doctorId,
  patientId: c.patientId,
  doctorName: `${c.doctor.firstName} ${c.doctor.lastName}`,
  patientName: `${c.patient.firstName} ${c.patient.lastName}`,
  type: c.type,
  status: c.status,
  startAt: c.startAt,
  endAt: c.endAt,
});

export function createCalendarService(
  deps: Pick<Deps, "sql" | "clock"> & { availability: AvailabilityService; consultations: ConsultationsService },
) {
  const { sql, clock, availability, consultations } = deps;

  /** The doctor whose calendar this is, checked against who is asking; null for a patient's own calendar. */
  async function doctorOf(actor: Actor, requested: string | undefined): Promise<DoctorProfile | null> {
    const own = actor.role === "doctor" ? actor.userId : actor.role === "vma" ? actor.doctorId : null;
    const id = requested ?? own;
    if (!id) {
      if (actor.role === "patient") return null;
      throw badRequest("Choose a doctor", { reason: "VALIDATION_FAILED", fields: { doctorId: "Choose a doctor" } });
    }
    const doctor = await doctorProfileOf(sql, id);
    const allowed = actor.role === "admin" || (own !== null ? id === own : !!doctor?.listed);
    if (!doctor || !allowed) throw noSuchDoctor();
    return doctor;
  }

  return {
    async view(actor: Actor, query: CalendarQuery): Promise<CalendarResult> {
      const doctor = await doctorOf(actor, query.doctorId);
      const timezone = query.timezone ?? doctor?.timezone ?? "UTC";
      const days = periodDays(query.type, query.timestamp ?? clock.now(), timezone);
      const range = { startAt: days[0].startAt, endAt: days.at(-1)!.endAt };
      const rows = await consultations.inRange(actor, { doctorId: doctor?.id ?? null, withOwn: query.withOwn || !doctor, range });
      const free = doctor ? await availability.freeCount(doctor.id, days) : null;
      const period = {
        doctorId: doctor?.id ?? null,
        timezone,
        from: range.startAt.toISOString(),
        to: range.endAt.toISOString(),
        counts: countOf(rows),
      };
      if (query.type === "statistic") {
        const now = clock.now();
        return {
          ...period,
          type: "statistic",
          upcoming: rows.filter((r) => r.status === "accepted" && new Date(r.endAt) > now).length,
          freeSlots: free ? free.reduce((a, b) => a + b, 0) : null,
        };
      }
      return {
        ...period,
        type: query.type,
        days: days.map((day, i) => {
          const ofDay = rows.filter((r) => new Date(r.startAt) >= day.startAt && new Date(r.startAt) < day.endAt);
          return {
            date: day.date,
            from: day.startAt.toISOString(),
            to: day.endAt.toISOString(),
            counts: countOf(ofDay),
            freeSlots: free ? free[i] : null,
            consultations: ofDay.map(toItem),
          };
        }),
      };
    },
  };
}
export type CalendarService = ReturnType<typeof createCalendarService>;
