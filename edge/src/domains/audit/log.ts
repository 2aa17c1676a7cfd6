/**
 * The append-only security log as the rest of the edge writes and reads it: sign-ins, refresh reuse,
 * impersonation, blocks, credential changes, every read and write of clinical data, administration and money.
 * Domains record through `Deps["audit"]`; ./repo.ts keeps it in PostgreSQL.
 */

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

/** A stored entry, oldest first. */
export type AuditRecord = { event: AuditEvent; actor_id: string | null; details: Record<string, unknown>; at: Date };

export interface AuditLog {
  record(e: AuditEntry): Promise<void>;
  /** Several entries in one statement (a sync push's documents: one entry each). */
  recordMany(entries: AuditEntry[]): Promise<void>;
  /** Everything recorded about a subject. */
  forSubject(subjectId: string): Promise<AuditRecord[]>;
}
