/** The append-only security log (sign-ins, refresh reuse, impersonation, blocks, credential changes). */
import type { Sql } from "../../db/connect.ts";

export type AuditEvent =
  | "login.success" | "login.failure" | "logout" | "logout.all" | "session.revoked"
  | "refresh.reuse" | "impersonation.start" | "impersonation.end"
  | "user.blocked" | "user.unblocked" | "password.changed" | "password.reset"
  | "phone.changed" | "phone.verified" | "email.changed" | "email.changed.by_admin"
  | "account.registered" | "account.activated" | "vma.password.set"
  | "patient.doctor_assigned"
  // The patient chart: every read and write of clinical data (details.what says what).
  | "chart.read" | "chart.write"
  // Money: plans, options, subscriptions, cards, webhook-applied payments (details.what says what).
  | "payment.write";

export type AuditEntry = {
  event: AuditEvent;
  actorId?: string | null;
  subjectId?: string | null;
  address?: string | null;
  details?: Record<string, unknown>;
};

export function createAuditLog(sql: Sql) {
  return {
    async record(e: AuditEntry) {
      await sql`insert into audit_log (event, actor_id, subject_id, address, details)
        values (${e.event}, ${e.actorId ?? null}, ${e.subjectId ?? null}, ${e.address ?? null}, ${sql.json((e.details ?? {}) as never)})`;
    },
    async forSubject(subjectId: string) {
      return await sql<{ event: AuditEvent; actor_id: string | null; details: Record<string, unknown>; at: Date }[]>`
        select event, actor_id, details, at from audit_log where subject_id = ${subjectId} order by id`;
    },
  };
}
export type AuditLog = ReturnType<typeof createAuditLog>;
