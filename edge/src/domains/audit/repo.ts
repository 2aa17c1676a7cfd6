/** The append-only security log (sign-ins, refresh reuse, impersonation, blocks, credential changes). */
import type { Sql } from "../../db/connect.ts";

export type AuditEvent =
  | "login.success" | "login.failure" | "logout" | "logout.all" | "session.revoked"
  | "refresh.reuse" | "impersonation.start" | "impersonation.end"
  | "user.blocked" | "user.unblocked" | "password.changed" | "password.reset"
  | "phone.changed" | "phone.verified" | "email.changed" | "email.changed.by_admin" | "signature.changed"
  | "account.registered" | "account.activated" | "vma.password.set"
  | "patient.doctor_assigned"
  // The patient chart: every read and write of clinical data (details.what says what).
  | "chart.read" | "chart.write"
  // The practice team (issue 17).
  | "vma.invited" | "vma.attached" | "vma.detached" | "vma.password.reset" | "vma.acting"
  | "task.write" | "macro.write" | "contact.write"
  // Administration (issue 18): details carry before/after where data changes.
  | "doctor.approved" | "doctor.declined" | "doctor.deactivated" | "doctor.reactivated" | "doctor.credentialing_due"
  | "admin.created" | "admin.deleted" | "review.created" | "review.hidden" | "review.restored"
  | "report.downloaded" | "agreement.created" | "agreement.updated" | "agreement.accepted" | "contact.handled"
  // Money: plans, options, subscriptions, cards, webhook-applied payments (details.what says what).
  | "payment.write";

export type AuditEntry = {
  event: AuditEvent;
  actorId?: string | null;
  subjectId?: string | null;
  /** The doctor a VMA acted for; left out, the database fills it from the VMA's acting doctor (migration 0040). */
  principalId?: string | null;
  address?: string | null;
  details?: Record<string, unknown>;
};

export function createAuditLog(sql: Sql) {
  return {
    async record(e: AuditEntry) {
      await sql`insert into audit_log (event, actor_id, subject_id, principal_id, address, details)
        values (${e.event as string /* a long literal union makes postgres.js's parameter types too deep for tsc */}, ${e.actorId ?? null}, ${e.subjectId ?? null}, ${e.principalId ?? null}, ${e.address ?? null},
          ${sql.json((e.details ?? {}) as never)})`;
    },
    /** Several entries in one statement (a sync push's documents: one entry each). */
    async recordMany(entries: AuditEntry[]) {
      if (entries.length === 0) return;
      const rows = entries.map((e) => ({
        event: e.event, actor_id: e.actorId ?? null, subject_id: e.subjectId ?? null, principal_id: e.principalId ?? null,
        address: e.address ?? null, details: e.details ?? {},
      }));
      await sql`insert into audit_log (event, actor_id, subject_id, principal_id, address, details)
        select event, actor_id, subject_id, principal_id, address, details
        from jsonb_to_recordset(${sql.json(rows as never)})
          as r(event text, actor_id uuid, subject_id uuid, principal_id uuid, address text, details jsonb)`;
    },
    async forSubject(subjectId: string) {
      return await sql<{ event: AuditEvent; actor_id: string | null; details: Record<string, unknown>; at: Date }[]>`
        select event, actor_id, details, at from audit_log where subject_id = ${subjectId} order by id`;
    },
  };
}
export type AuditLog = ReturnType<typeof createAuditLog>;
