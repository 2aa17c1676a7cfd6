/**
 * Doctor applications (01 §4): initial → approved (with a commission, only
 * with a connected payout account) or declined (with a reason, mailed to the
 * doctor); an approved doctor can be deactivated (not bookable, not
 * subscribable, not listed; their patients are told and can choose another
 * doctor) and reactivated. Credentialing is due every 3 years (02 §9): the
 * approval records the date and queues a reminder job for the due date.
 * Every change is audited with the state before and after.
 */
import type { Actor } from "../../access/actor.ts";
import type { Deps, RequestMeta } from "../../deps.ts";
import type { Queryable } from "../../db/connect.ts";
import { listOf } from "../../http/envelope.ts";
import { AppError, badRequest, notFound } from "../../http/errors.ts";
import { assertFaxFree } from "../users/fax-number.ts";
import type { ApplicationsQuery, ApplicationView, DoctorStatusChange } from "../../../../sync/schemas/admin.ts";
import type { NotificationsService } from "../notifications/service.ts";
import { isValidNpi } from "./npi.ts";
import { CREDENTIALING_JOB, credentialingDueDate } from "./jobs.ts";

export const NO_PAYOUT_ACCOUNT = "This account can't be approved because it has no Stripe account connected.";

type Row = {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  phone_number: string | null;
  state: string | null;
  specialty: string | null;
  licensed_states: string[];
  npi: string | null;
  dea: string | null;
  fax: string | null;
  timezone: string | null;
  sign_blob_id: string | null;
  application_status: ApplicationView["applicationStatus"];
  decline_reason: string | null;
  commission_percent: number | null;
  stripe_account: string | null;
  is_active_stripe_account: boolean;
  deactivated_at: Date | null;
  credentialed_at: string | null;
  is_blocked: boolean;
  created_at: Date;
  patient_count: number;
};

const toView = (r: Row): ApplicationView => ({
  id: r.id,
  firstName: r.first_name,
  lastName: r.last_name,
  email: r.email,
  phoneNumber: r.phone_number,
  state: r.state,
  specialty: r.specialty,
  licensedStates: r.licensed_states ?? [],
  npi: r.npi,
  npiValid: isValidNpi(r.npi),
  dea: r.dea,
  fax: r.fax,
  timezone: r.timezone,
  hasSignature: !!r.sign_blob_id,
  applicationStatus: r.application_status,
  declineReason: r.decline_reason,
  commission: r.commission_percent,
  hasPayoutAccount: !!r.stripe_account && r.is_active_stripe_account,
  deactivatedAt: r.deactivated_at?.toISOString() ?? null,
  credentialedAt: r.credentialed_at,
  credentialingDueAt: r.credentialed_at ? credentialingDueDate(r.credentialed_at) : null,
  isBlocked: r.is_blocked,
  createdAt: r.created_at.toISOString(),
  patientCount: r.patient_count,
});

const escapeLike = (s: string) => `%${s.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;

function select(q: Queryable) {
  return q`select u.id, u.first_name, u.last_name, u.email, u.phone_number, u.state, u.specialty, u.licensed_states,
      u.npi, u.dea, u.fax, u.timezone, u.sign_blob_id, u.application_status, u.decline_reason, u.commission_percent,
      u.stripe_account, u.is_active_stripe_account, u.deactivated_at, u.credentialed_at::text as credentialed_at,
      u.is_blocked, u.created_at,
      (select count(*)::int from users p where p.doctor_id = u.id and p.role = 'patient') as patient_count
    from users u`;
}

export function createApplicationsService(
  deps: Pick<Deps, "sql" | "clock" | "audit" | "mailer" | "config" | "jobs"> & { notifications: NotificationsService },
) {
  const { sql, clock, audit, mailer, notifications } = deps;

  async function byId(id: string): Promise<Row> {
    const [row] = await sql<Row[]>`${select(sql)} where u.id = ${id} and u.role = 'doctor'`;
    if (!row) throw notFound("No such doctor");
    return row;
  }

  const snapshot = (r: Row) => ({
    applicationStatus: r.application_status,
    commission: r.commission_percent,
    deactivated: !!r.deactivated_at,
    credentialedAt: r.credentialed_at,
  });

  return {
    async list(query: ApplicationsQuery) {
      const pattern = query.search ? escapeLike(query.search) : null;
      const status = query.status;
      const where = sql`where u.role = 'doctor'
        and (${status} = 'all'
          or (${status} = 'deactivated' and u.deactivated_at is not null)
          or (${status} = 'approved' and u.application_status = 'approved' and u.deactivated_at is null)
          or (${status} not in ('all', 'deactivated', 'approved') and u.application_status = ${status}))
        and (${pattern}::text is null or u.first_name ilike ${pattern} or u.last_name ilike ${pattern}
          or u.email ilike ${pattern} or u.npi ilike ${pattern} or (u.first_name || ' ' || u.last_name) ilike ${pattern})`;
      const rows = await sql<Row[]>`${select(sql)} ${where}
        order by u.created_at desc, u.id offset ${query.offset} limit ${query.limit}`;
      const [{ count }] = await sql<{ count: number }[]>`select count(*)::int as count from users u ${where}`;
      return listOf(rows.map(toView), query.offset, query.limit, count);
    },

    async get(id: string) {
      return toView(await byId(id));
    },

    async changeStatus(actor: Actor, id: string, change: DoctorStatusChange, meta: RequestMeta): Promise<ApplicationView> {
      const before = await byId(id);
      const now = clock.now();
      let event: "doctor.approved" | "doctor.declined" | "doctor.deactivated" | "doctor.reactivated";
      if (change.status === "approved") {
        if (before.application_status === "approved") {
          // Already approved: this is the set-commission dialog.
          await sql`update users set commission_percent = ${change.commission}, commission = ${change.commission},
            credentialed_at = coalesce(${change.credentialedAt ?? null}::date, credentialed_at), updated_at = ${now}
            where id = ${id}`;
        } else {
          if (!before.stripe_account || !before.is_active_stripe_account) {
            throw badRequest(NO_PAYOUT_ACCOUNT, { reason: "NO_PAYOUT_ACCOUNT" });
          }
          await assertFaxFree(sql, before.fax, id);
          const credentialedAt = change.credentialedAt ?? now.toISOString().slice(0, 10);
          await sql`update users set application_status = 'approved', decline_reason = null,
            commission_percent = ${change.commission}, commission = ${change.commission},
            approved_at = ${now}, credentialed_at = ${credentialedAt}, updated_at = ${now} where id = ${id}`;
          await mailer.send({
            to: before.email,
            subject: "Your DPC Telehealth application is approved",
            text: `Hello ${before.first_name},\n\nYour application has been approved. You can now sign in and see patients.\n`,
          });
        }
        event = "doctor.approved";
      } else if (change.status === "declined") {
        if (before.application_status === "approved") {
          throw new AppError(409, "An approved doctor cannot be declined; deactivate them instead", { reason: "ALREADY_APPROVED" });
        }
        await sql`update users set application_status = 'declined', decline_reason = ${change.reason}, updated_at = ${now}
          where id = ${id}`;
        await mailer.send({
          to: before.email,
          subject: "Your DPC Telehealth application",
          text: `Hello ${before.first_name},\n\nWe are sorry: your application was declined for this reason:\n\n${change.reason}\n\n` +
            `You can reply to this message or write to us through the contact form.\n`,
        });
        event = "doctor.declined";
      } else if (change.status === "deactivated") {
        if (before.application_status !== "approved") {
          throw new AppError(409, "Only an approved doctor can be deactivated", { reason: "NOT_APPROVED" });
        }
        if (!before.deactivated_at) {
          await sql`update users set deactivated_at = ${now}, deactivation_reason = ${change.reason ?? null}, updated_at = ${now}
            where id = ${id}`;
          const patients = await sql<{ id: string }[]>`select id from users where doctor_id = ${id} and role = 'patient'`;
          await notifications.notify(patients.map((p) => p.id), "doctor.deactivated", {
            doctorId: id, doctorName: `${before.first_name} ${before.last_name}`,
          });
        }
        event = "doctor.deactivated";
      } else {
        await sql`update users set deactivated_at = null, deactivation_reason = null, updated_at = ${now} where id = ${id}`;
        event = "doctor.reactivated";
      }
      const after = await byId(id);
      await audit.record({
        event, actorId: actor.userId, subjectId: id, address: meta.address,
        details: { before: snapshot(before), after: snapshot(after), ...(change.status === "declined" ? { reason: change.reason } : {}) },
      });
      if (event === "doctor.approved" && after.credentialed_at && after.credentialed_at !== before.credentialed_at) {
        await deps.jobs.send(CREDENTIALING_JOB, { doctorId: id, credentialedAt: after.credentialed_at }, {
          singletonKey: `${id}:${after.credentialed_at}`,
          startAfter: new Date(`${credentialingDueDate(after.credentialed_at)}T00:00:00Z`),
        });
      }
      return toView(after);
    },

    /** The signature image an applicant uploaded (admins only). */
    async signatureBlobId(id: string): Promise<string> {
      const row = await byId(id);
      if (!row.sign_blob_id) throw notFound("No signature");
      return row.sign_blob_id;
    },
  };
}
export type ApplicationsService = ReturnType<typeof createApplicationsService>;
