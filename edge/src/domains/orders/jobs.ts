/**
 * The orders domain's jobs (edge/docs/jobs.md), defined here once and used by
 * their definitions (never their names) on the one queue:
 *
 * - `erx.status`: a vendor status report, enqueued by the callback route once
 *   its signature holds (the vendor gets its 200 at once; a failure to apply is
 *   retried). Idempotent: the event id is recorded once (erx_callbacks).
 * - `erx.checkStatus`: sent with every prescription, due 15 minutes later: if
 *   the transmission is still pending (a missed callback), asks the vendor; still
 *   pending → the job fails and is retried with backoff (30 min, doubling, 4
 *   times: past the spec's "up to 1 hour"), then lands in the dead-letter list.
 */
import { z } from "zod";
import { defineJob, type JobQueue } from "../../jobs/queue.ts";
import type { Prescriptions } from "./prescriptions.ts";

export const ERX_CHECK_AFTER_SECONDS = 15 * 60;

export const ERX_STATUS_JOB = defineJob(
  "erx.status",
  z.object({
    eventId: z.string().min(1).max(200),
    prescriptionId: z.string().min(1).max(100),
    status: z.enum(["pending", "transmitted", "error"]),
    detail: z.string().max(500).nullable(),
  }),
);
export const ERX_CHECK_JOB = defineJob("erx.checkStatus", z.object({ prescriptionId: z.uuid() }), {
  retryLimit: 4,
  retryDelaySeconds: 30 * 60,
  retryBackoff: true,
});

export function registerOrdersJobs(jobs: JobQueue, prescriptions: Prescriptions) {
  jobs.define(ERX_STATUS_JOB, async (event) => {
    await prescriptions.applyStatus(event);
  });
  jobs.define(ERX_CHECK_JOB, async ({ prescriptionId }) => {
    const state = await prescriptions.checkPending(prescriptionId);
    if (state === "pending") throw new Error("The e-prescribing vendor has not reported this prescription yet");
  });
}
