/**
 * Every background job of the edge, defined on the one queue (deps.jobs) when the app is
 * built. A domain adds one line here: its `registerXJobs(jobs, …)` defines its named jobs
 * (zod payloads, idempotent handlers) and schedules. main.ts then starts the workers; tests
 * run due jobs with `deps.jobs.drain()`.
 */
import type { Deps } from "../deps.ts";
import type { Services } from "../app.ts";
import { createPeriodicWork, registerPeriodicJobs } from "./scheduler.ts";
import { registerOrdersJobs } from "../domains/orders/jobs.ts";
import { registerDocumentJobs } from "../domains/documents/faxes.ts";
import { registerAdminJobs } from "../domains/admin/jobs.ts";
import { registerPaymentJobs } from "../domains/memberships/webhooks.ts";
import { registerPriceJobs } from "../domains/memberships/price-change.ts";
import { registerCommerceJobs } from "../domains/commerce/pending-sweep.ts";

export function registerJobs(deps: Deps, services: Services) {
  registerPeriodicJobs(deps.jobs, createPeriodicWork({ deps }));
  registerOrdersJobs(deps.jobs, services.orders.prescriptions);
  registerDocumentJobs(deps.jobs, services.faxes);
  registerAdminJobs(deps.jobs, { ...deps, notifications: services.notifications });
  registerPaymentJobs(deps.jobs, deps, services.memberships);
  registerPriceJobs(deps.jobs, deps);
  registerCommerceJobs(deps.jobs, deps);
}
