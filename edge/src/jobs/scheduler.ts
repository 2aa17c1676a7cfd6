/**
 * Periodic jobs inside the edge process: currently the 15-minute consultation
 * notices. Every run reads its state from the database, so the loop survives
 * restarts, and each job claims its work there, so several edge processes on
 * one database may all run it. Runs never overlap; the first run comes one
 * interval after start. Tests call `runOnce()` with a manual clock.
 */
import type { Deps } from "../deps.ts";
import type { Clock } from "../platform/clock.ts";
import { createConsultationNotices } from "../domains/consultations/notices.ts";

export const DEFAULT_INTERVAL_MS = 30_000;

export function createScheduler(opts: { deps: Pick<Deps, "sql" | "log" | "clock">; clock?: Clock; intervalMs?: number }) {
  const { deps } = opts;
  const clock = opts.clock ?? deps.clock;
  const intervalMs = opts.intervalMs ?? DEFAULT_INTERVAL_MS;
  const sendNotices = createConsultationNotices({ sql: deps.sql, clock });
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  let current: Promise<unknown> = Promise.resolve();

  async function runOnce(): Promise<{ consultationsNoticed: number }> {
    const consultationsNoticed = await sendNotices();
    if (consultationsNoticed) deps.log.info("consultation notices sent", { consultations: consultationsNoticed });
    return { consultationsNoticed };
  }

  function next() {
    if (stopped) return;
    const t = setTimeout(() => {
      current = runOnce()
        .catch((e) => deps.log.error("scheduled job failed", { error: e instanceof Error ? e.message.slice(0, 200) : String(e) }))
        .finally(next);
    }, intervalMs);
    // The loop alone does not keep the process alive (the HTTP server does).
    Deno.unrefTimer(t);
    timer = t;
  }
  next();

  return {
    runOnce,
    /** Stops the loop and waits for a run in progress. */
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await current;
    },
  };
}
export type Scheduler = ReturnType<typeof createScheduler>;
