/**
 * The sweep of abandoned 3-D Secure service charges (edge/docs/commerce.md, "Abandoned
 * 3-D Secure challenges"): a scheduled job, every 15 minutes, expires each service request
 * still `pending` PENDING_LIMIT_MS after it was made. Each is read from the processor first
 * (completed late → recorded as the purchase by the usual settlement); otherwise its intent
 * is canceled, the request deleted and its promo-code redemption given back (./purchase.ts
 * `expirePending`). Safe to repeat and to race: the settlement's writes are conditional on
 * the row still being pending, so one request is settled once.
 */
import type { Deps } from "../../deps.ts";
import type { JobQueue } from "../../jobs/queue.ts";
import { createPurchases } from "./purchase.ts";
import { PENDING_SWEEP_JOB } from "./jobs.ts";

/** 24 hours: longer than the processor keeps a 3-D Secure challenge open (Stripe: 23 h, then the intent expires). */
export const PENDING_LIMIT_MS = 24 * 60 * 60 * 1000;

export function createPendingSweep(deps: Pick<Deps, "sql" | "audit" | "payments" | "clock" | "log">) {
  const purchases = createPurchases(deps);
  return async function sweep() {
    const counts = await purchases.expirePending(new Date(deps.clock.now().getTime() - PENDING_LIMIT_MS));
    if (counts.paid || counts.discarded || counts.waiting) deps.log.info("abandoned service charges swept", counts);
    return counts;
  };
}

/** Defines the sweep and its schedule (edge/src/jobs/index.ts). */
export function registerCommerceJobs(jobs: JobQueue, deps: Pick<Deps, "sql" | "audit" | "payments" | "clock" | "log">) {
  const sweep = createPendingSweep(deps);
  jobs.define(PENDING_SWEEP_JOB, async () => {
    await sweep();
  });
  jobs.schedule(PENDING_SWEEP_JOB, "*/15 * * * *");
}
