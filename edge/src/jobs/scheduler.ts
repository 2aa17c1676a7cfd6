/**
 * Periodic work of the edge, run as scheduled jobs on the job queue (a cron tick every minute,
 * taken by one edge process): currently the 15-minute consultation notices. Every run reads
 * its state from the database and claims its work there, so a run repeated or raced by another
 * process notices each consultation once. Tests call `runOnce()` with a manual clock.
 */
import { z } from "zod";
import type { Deps } from "../deps.ts";
import type { Clock } from "../platform/clock.ts";
import { createConsultationNotices } from "../domains/consultations/notices.ts";
import { defineJob, type JobQueue } from "./queue.ts";

/** A missed tick is covered by the next one: no retries. */
export const CONSULTATION_NOTICES_JOB = defineJob("consultations.notices", z.object({}).passthrough(), { retryLimit: 0 });

export function createPeriodicWork(opts: { deps: Pick<Deps, "sql" | "log" | "clock">; clock?: Clock }) {
  const { deps } = opts;
  const sendNotices = createConsultationNotices({ sql: deps.sql, clock: opts.clock ?? deps.clock });

  async function runOnce(): Promise<{ consultationsNoticed: number }> {
    const consultationsNoticed = await sendNotices();
    if (consultationsNoticed) deps.log.info("consultation notices sent", { consultations: consultationsNoticed });
    return { consultationsNoticed };
  }

  return { runOnce };
}
export type PeriodicWork = ReturnType<typeof createPeriodicWork>;

/** Defines the periodic jobs on the queue and their schedules (main.ts, before `jobs.start()`). */
export function registerPeriodicJobs(jobs: JobQueue, work: PeriodicWork) {
  jobs.define(CONSULTATION_NOTICES_JOB, async () => {
    await work.runOnce();
  });
  jobs.schedule(CONSULTATION_NOTICES_JOB, "* * * * *");
}
