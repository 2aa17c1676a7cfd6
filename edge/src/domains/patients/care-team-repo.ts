/** The patients of a caller's practice: a doctor's own, or those of the doctor a VMA works for. */
import type { Actor } from "../../access/actor.ts";
import type { Sql } from "../../db/connect.ts";
import type { PatientOption } from "../../../../sync/schemas/patient-answers.ts";

/** The doctor whose practice the actor works in, or null (patients, admins, unattached VMAs). */
export function practiceDoctorId(actor: Actor): string | null {
  if (actor.role === "doctor") return actor.userId;
  if (actor.role === "vma") return actor.doctorId;
  return null;
}

export function createCareTeamRepo(sql: Sql) {
  return {
    async patientsOf(doctorId: string, opts: { search?: string; offset: number; limit: number }) {
      const pattern = opts.search ? `%${opts.search.replace(/[\\%_]/g, (m) => `\\${m}`)}%` : null;
      const where = sql`where role = 'patient' and doctor_id = ${doctorId} and (${pattern}::text is null
        or first_name ilike ${pattern} or last_name ilike ${pattern} or (first_name || ' ' || last_name) ilike ${pattern})`;
      const rows = await sql<{ id: string; first_name: string; last_name: string; birth_date: string | null }[]>`
        select id, first_name, last_name, to_char(birth_date, 'YYYY-MM-DD') as birth_date from users ${where}
        order by last_name, first_name, id offset ${opts.offset} limit ${opts.limit}`;
      const [{ count }] = await sql<{ count: number }[]>`select count(*)::int as count from users ${where}`;
      const list: PatientOption[] = rows.map((r) => ({ id: r.id, firstName: r.first_name, lastName: r.last_name, birthDate: r.birth_date }));
      return { list, totalCount: count };
    },
  };
}
