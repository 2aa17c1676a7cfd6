/** SQL for doctors as patients find them, and the panel (the patients assigned to a doctor). */
import type { Fragment, Queryable, Sql } from "../../db/connect.ts";
import { DOCTOR_PATIENT_CAP } from "../../../../sync/constants.ts";
import type { DoctorCard, DoctorOption, DoctorsQuery } from "../../../../sync/schemas/doctor.ts";

export type DoctorRow = {
  id: string;
  first_name: string;
  last_name: string;
  specialty: string | null;
  licensed_states: string[];
  bio: string | null;
  timezone: string | null;
  rating: string | null;
  application_status: string | null;
  is_blocked: boolean;
  is_banned: boolean;
  is_active_stripe_account: boolean;
  stripe_account: string | null;
  panel_size: number;
  /** Set when an admin deactivated the doctor (issue 18). */
  deactivated_at: Date | null;
};

/** Listed, visible on the public profile, choosable: approved and neither blocked nor banned. */
export const isListed = (d: DoctorRow) =>
  d.application_status === "approved" && !d.is_blocked && !d.is_banned && !d.deactivated_at;
/** Bookable: listed and with an active payout account (02 §4: such a doctor cannot be subscribed to either). */
export const acceptsBookings = (d: DoctorRow) => isListed(d) && !!d.stripe_account && d.is_active_stripe_account;

export function toDoctorCard(d: DoctorRow): DoctorCard {
  return {
    id: d.id,
    firstName: d.first_name,
    lastName: d.last_name,
    specialty: d.specialty,
    licensedStates: d.licensed_states ?? [],
    bio: d.bio,
    timezone: d.timezone,
    rating: d.rating === null ? null : Number(d.rating),
    acceptsBookings: acceptsBookings(d),
    acceptsNewPatients: d.panel_size < DOCTOR_PATIENT_CAP,
  };
}

const escapeLike = (s: string) => `%${s.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;

function selectDoctors(q: Queryable): Fragment {
  return q`
    select u.id, u.first_name, u.last_name, u.specialty, u.licensed_states, u.bio, u.timezone, u.rating::text as rating,
           u.application_status, u.is_blocked, u.is_banned, u.is_active_stripe_account, u.stripe_account, u.deactivated_at,
           (select count(*)::int from users p where p.doctor_id = u.id and p.role = 'patient') as panel_size
    from users u`;
}

function listedWhere(q: Queryable, f: { state?: string; specialty?: string; search?: string }): Fragment {
  const pattern = f.search ? escapeLike(f.search) : null;
  return q`where u.role = 'doctor' and u.application_status = 'approved' and not u.is_blocked and not u.is_banned
    and u.deactivated_at is null
    and (${f.state ?? null}::text is null or ${f.state ?? null}::text = any(u.licensed_states))
    and (${f.specialty ?? null}::text is null or u.specialty = ${f.specialty ?? null})
    and (${pattern}::text is null or u.first_name ilike ${pattern} or u.last_name ilike ${pattern}
      or (u.first_name || ' ' || u.last_name) ilike ${pattern})`;
}

export function createDoctorsRepo(sql: Sql) {
  async function count(filter: { state?: string; specialty?: string; search?: string }): Promise<number> {
    const [row] = await sql<{ count: number }[]>`select count(*)::int as count from users u ${listedWhere(sql, filter)}`;
    return row.count;
  }

  return {
    count,

    /** A doctor by id, whatever their state; null when there is no such doctor. */
    async byId(q: Queryable, id: string): Promise<DoctorRow | null> {
      const [row] = await q<DoctorRow[]>`${selectDoctors(q)} where u.id = ${id} and u.role = 'doctor'`;
      return row ?? null;
    },

    async list(query: DoctorsQuery) {
      const where = listedWhere(sql, query);
      const order = query.order === "name"
        ? sql`order by u.last_name, u.first_name, u.id`
        // Best rated first among those a patient can book (an active payout account); the others after, marked
        // "Not taking bookings now" (issue 32: a top-rated doctor who sells nothing led the list unexplained).
        : sql`order by (u.stripe_account is not null and u.is_active_stripe_account) desc, u.rating desc nulls last,
            u.last_name, u.first_name, u.id`;
      const rows = await sql<DoctorRow[]>`${selectDoctors(sql)} ${where} ${order} offset ${query.offset} limit ${query.limit}`;
      return { list: rows.map(toDoctorCard), totalCount: await count(query) };
    },

    async options(search: string | undefined, limit: number): Promise<{ list: DoctorOption[]; totalCount: number }> {
      const where = listedWhere(sql, { search });
      const rows = await sql<{ id: string; first_name: string; last_name: string; specialty: string | null }[]>`
        select u.id, u.first_name, u.last_name, u.specialty from users u ${where}
        order by u.last_name, u.first_name, u.id limit ${limit}`;
      return {
        list: rows.map((r) => ({ id: r.id, firstName: r.first_name, lastName: r.last_name, specialty: r.specialty })),
        totalCount: await count({ search }),
      };
    },
  };
}
export type DoctorsRepo = ReturnType<typeof createDoctorsRepo>;
