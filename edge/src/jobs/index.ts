/**
 * Every background job of the edge, registered on the one queue (deps.jobs) when the app is
 * built. A domain declares its jobs (name, zod payload, retries) in its `jobs.ts` with
 * `defineJob`, and adds one line here: its `registerXJobs(jobs, …)` gives each definition its
 * idempotent handler and, for periodic work, its schedule. main.ts then starts the workers;
 * tests run due jobs with `deps.jobs.drain()`. (The refund mail's handler is registered by
 * `createRefundNotice` when the app builds the commerce services.)
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
