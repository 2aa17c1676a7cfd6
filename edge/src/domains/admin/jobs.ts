/**
 * Administration's jobs, defined here once for the durable queue
 * (contract: edge/src/jobs/queue.ts). `admin.credentialing-due` runs on the day
 * a doctor's credentialing (every 3 years, 02 §9) falls due: it tells the
 * admins (site notification) and mails the doctor. Idempotent: it does nothing
 * when the doctor was re-credentialed since (the date in the payload is no
 * longer theirs) or the reminder for this date was already recorded.
 */
import { z } from "zod";
import type { Deps } from "../../deps.ts";
import { defineJob, type JobPayload, type JobQueue } from "../../jobs/queue.ts";
import type { NotificationsService } from "../notifications/service.ts";

export const CREDENTIALING_YEARS = 3;

export const CREDENTIALING_JOB = defineJob("admin.credentialing-due", z.object({ doctorId: z.uuid(), credentialedAt: z.iso.date() }));

/** The date (YYYY-MM-DD) three years after credentialing. */
export function credentialingDueDate(credentialedAt: string): string {
  const d = new Date(`${credentialedAt}T00:00:00Z`);
  d.setUTCFullYear(d.getUTCFullYear() + CREDENTIALING_YEARS);
  return d.toISOString().slice(0, 10);
}

export function createCredentialingReminder(deps: Pick<Deps, "sql" | "mailer" | "audit"> & { notifications: NotificationsService }) {
  const { sql, mailer, audit, notifications } = deps;
  return async (payload: JobPayload<typeof CREDENTIALING_JOB>) => {
    const [doctor] = await sql<{ email: string; first_name: string; last_name: string; credentialed_at: string | null }[]>`
      select email, first_name, last_name, credentialed_at::text as credentialed_at from users
      where id = ${payload.doctorId} and role = 'doctor'`;
    if (!doctor || doctor.credentialed_at !== payload.credentialedAt) return;
    const [done] = await sql<{ id: string }[]>`select id from audit_log where event = 'doctor.credentialing_due'
      and subject_id = ${payload.doctorId} and details->>'credentialedAt' = ${payload.credentialedAt} limit 1`;
    if (done) return;
    const admins = await sql<{ id: string }[]>`select id from users where role = 'admin' and not is_blocked`;
    await notifications.notify(admins.map((a) => a.id), "doctor.credentialingDue", {
      doctorId: payload.doctorId, doctorName: `${doctor.first_name} ${doctor.last_name}`,
    });
    await mailer.send({
      to: doctor.email,
      subject: "Your credentialing is due",
      text: `Hello ${doctor.first_name},\n\nYour credentialing with DPC Telehealth is due for renewal (every ${CREDENTIALING_YEARS} years). ` +
        `Our team will contact you; you can also write to us through the contact form.\n`,
    });
    await audit.record({ event: "doctor.credentialing_due", subjectId: payload.doctorId, details: { credentialedAt: payload.credentialedAt } });
  };
}

/** Registers administration's jobs on the queue (called where the queue is composed). */
export function registerAdminJobs(jobs: JobQueue, deps: Parameters<typeof createCredentialingReminder>[0]) {
  jobs.define(CREDENTIALING_JOB, createCredentialingReminder(deps));
}
