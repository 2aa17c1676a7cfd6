/**
 * Every background job of the edge, defined on the one queue (deps.jobs) when the app is
 * built. A domain adds one line here: its `registerXJobs(jobs, …)` defines its named jobs
 * (zod payloads, idempotent handlers) and schedules. main.ts then starts the workers; tests
 * run due jobs with `deps.jobs.drain()`.
 */
import type { Deps } from "../deps.ts";
import type { Services } from "../app.ts";
import { createPeriodicWork, registerPeriodicJobs } from "./scheduler.ts";
import { registerPaymentJobs } from "../domains/memberships/webhooks.ts";
import { registerPriceJobs } from "../domains/memberships/price-change.ts";

export function registerJobs(deps: Deps, services: Services) {
  registerPeriodicJobs(deps.jobs, createPeriodicWork({ deps }));
  registerPaymentJobs(deps.jobs, deps, services.memberships);
  registerPriceJobs(deps.jobs, deps);
}
