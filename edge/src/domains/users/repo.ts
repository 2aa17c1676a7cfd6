/** SQL for users. Every read returns the API shape through `toAuthUser`. */
import type { Sql } from "../../db/connect.ts";
import type { Role } from "../../../../sync/roles.ts";
import type { AuthUser, PublicDoctorProfile } from "../../../../sync/schemas/user.ts";

export type UserRow = {
  id: string;
  role: Role;
  email: string;
  password_hash: string | null;
  first_name: string;
  last_name: string;
  birth_date: string | null;
  gender: "Male" | "Female" | null;
  phone_number: string | null;
  is_phone_verified: boolean;
  state: string | null;
  city: string | null;
  zip: string | null;
  address: string | null;
  is_activated: boolean;
  is_blocked: boolean;
  is_banned: boolean;
  is_super_admin: boolean;
  application_status: AuthUser["applicationStatus"];
  doctor_id: string | null;
  npi: string | null;
  dea: string | null;
  fax: string | null;
  timezone: string | null;
  specialty: string | null;
  licensed_states: string[];
  bio: string | null;
  sign_blob_id: string | null;
  stripe_account: string | null;
  is_active_stripe_account: boolean;
  profile_filled_at: Date | null;
  last_password_changed_at: Date | null;
  created_at: Date;
  d_first_name: string | null;
  d_last_name: string | null;
  d_specialty: string | null;
  d_application_status: string | null;
};

export function selectUsers(sql: Sql) {
  return sql`
    select u.*, to_char(u.birth_date, 'YYYY-MM-DD') as birth_date,
           d.first_name as d_first_name, d.last_name as d_last_name, d.specialty as d_specialty,
           d.application_status as d_application_status
    from users u left join users d on d.id = u.doctor_id`;
}

export function toAuthUser(r: UserRow, impersonatedBy: string | null = null): AuthUser {
  const approved = r.role === "doctor"
    ? r.application_status === "approved"
    : r.role === "vma"
    ? r.d_application_status === "approved"
    : false;
  const fullAccess = r.role === "admin" ? true : r.role === "patient" ? r.doctor_id !== null : approved;
  return {
    id: r.id,
    role: r.role,
    email: r.email,
    firstName: r.first_name,
    lastName: r.last_name,
    birthDate: r.birth_date,
    gender: r.gender,
    phoneNumber: r.phone_number,
    isPhoneNumberVerified: r.is_phone_verified,
    state: r.state,
    city: r.city,
    zip: r.zip,
    address: r.address,
    isActivated: r.is_activated,
    isBlocked: r.is_blocked,
    isSuperAdmin: r.is_super_admin,
    isAccountApproved: approved,
    applicationStatus: r.application_status,
    doctor: r.doctor_id
      ? { id: r.doctor_id, firstName: r.d_first_name ?? "", lastName: r.d_last_name ?? "", specialty: r.d_specialty }
      : null,
    profileNotFilledStage: r.role === "patient" && !r.profile_filled_at ? "medicalCard" : null,
    fullAccess,
    sign: r.sign_blob_id ? `/api/v1/users/${r.id}/sign` : null,
    lastPasswordChangedAt: r.last_password_changed_at?.toISOString() ?? null,
    stripeAccount: r.stripe_account,
    isActiveStripeAccount: r.is_active_stripe_account,
    npi: r.npi,
    dea: r.dea,
    fax: r.fax,
    timezone: r.timezone,
    specialty: r.specialty,
    licensedStates: r.licensed_states ?? [],
    bio: r.bio,
    createdAt: r.created_at.toISOString(),
    impersonatedBy,
  };
}

export function toPublicDoctor(r: UserRow): PublicDoctorProfile {
  return {
    id: r.id,
    role: "doctor",
    firstName: r.first_name,
    lastName: r.last_name,
    specialty: r.specialty,
    licensedStates: r.licensed_states ?? [],
    bio: r.bio,
    timezone: r.timezone,
  };
}

export function createUsersRepo(sql: Sql) {
  return {
    async byId(id: string): Promise<UserRow | null> {
      const [row] = await sql<UserRow[]>`${selectUsers(sql)} where u.id = ${id}`;
      return row ?? null;
    },
    async byEmail(email: string): Promise<UserRow | null> {
      const [row] = await sql<UserRow[]>`${selectUsers(sql)} where lower(u.email) = lower(${email})`;
      return row ?? null;
    },
    async emailTaken(email: string, exceptId: string | null = null): Promise<boolean> {
      const [row] = await sql`select 1 from users where lower(email) = lower(${email}) and id is distinct from ${exceptId}`;
      return !!row;
    },
    async update(id: string, fields: Record<string, unknown>): Promise<void> {
      const keys = Object.keys(fields);
      if (keys.length === 0) return;
      await sql`update users set ${sql(fields as Record<string, never>, ...keys)}, updated_at = now() where id = ${id}`;
    },
    async listByRole(role: Role, opts: { offset: number; limit: number; search?: string }) {
      const pattern = opts.search ? `%${opts.search.replace(/[\\%_]/g, (m) => `\\${m}`)}%` : null;
      const where = sql`where u.role = ${role} and (${pattern}::text is null
        or u.email ilike ${pattern} or u.first_name ilike ${pattern} or u.last_name ilike ${pattern}
        or (u.first_name || ' ' || u.last_name) ilike ${pattern})`;
      const rows = await sql<UserRow[]>`${selectUsers(sql)} ${where}
        order by u.created_at desc, u.id offset ${opts.offset} limit ${opts.limit}`;
      const [{ count }] = await sql<{ count: number }[]>`select count(*)::int as count from users u ${where}`;
      return { rows, totalCount: count };
    },
  };
}
export type UsersRepo = ReturnType<typeof createUsersRepo>;
