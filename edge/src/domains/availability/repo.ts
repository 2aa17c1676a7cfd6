/** SQL for availability: the stored weekly hours and overrides, and the doctor's timezone (users.timezone). */
import type { Queryable, Sql } from "../../db/connect.ts";
import type { AvailabilityOverride, WeeklyHours } from "../../../../sync/schemas/availability.ts";

export type AvailabilityRow = {
  doctor_id: string;
  timezone: string | null;
  slot_minutes: number | null;
  weekly: WeeklyHours | null;
  overrides: AvailabilityOverride[] | null;
  updated_at: Date | null;
};

export function createAvailabilityRepo(sql: Sql) {
  return {
    /** The doctor's availability; the fields are null when they never saved one. */
    async get(q: Queryable, doctorId: string): Promise<AvailabilityRow | null> {
      const [row] = await q<AvailabilityRow[]>`
        select u.id as doctor_id, u.timezone, a.slot_minutes, a.weekly, a.overrides, a.updated_at
        from users u left join availability a on a.doctor_id = u.id
        where u.id = ${doctorId} and u.role = 'doctor'`;
      return row ?? null;
    },

    /** Replaces the availability and sets the doctor's timezone, in one transaction. */
    async put(doctorId: string, a: { timezone: string; slotMinutes: number; weekly: WeeklyHours; overrides: AvailabilityOverride[]; now: Date }) {
      await sql.begin(async (tx) => {
        await tx`update users set timezone = ${a.timezone}, updated_at = ${a.now} where id = ${doctorId}`;
        await tx`insert into availability (doctor_id, slot_minutes, weekly, overrides, updated_at)
          values (${doctorId}, ${a.slotMinutes}, ${tx.json(a.weekly as never)}, ${tx.json(a.overrides as never)}, ${a.now})
          on conflict (doctor_id) do update set slot_minutes = excluded.slot_minutes, weekly = excluded.weekly,
            overrides = excluded.overrides, updated_at = excluded.updated_at`;
      });
    },
  };
}
