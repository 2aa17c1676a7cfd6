/** The orders domain's services, built from the shared dependencies; each method takes `(actor, input)`. */
import type { Deps } from "../../deps.ts";
import { createChartAudit } from "../chart/audit.ts";
import { createOrderLists } from "./lists.ts";
import { createPreferredPharmacy } from "./pharmacies.ts";
import { noPlansYet, type PlanKindOf } from "./plan-limits.ts";
import { createPrescriptions } from "./prescriptions.ts";
import { createOrderRequests } from "./requests.ts";

/** `planKindOf`: the patient's plan with a doctor (app.ts passes the memberships lookup); left out, nobody has one. */
export function createOrdersServices(deps: Deps, opts: { planKindOf?: PlanKindOf } = {}) {
  const base = {
    sql: deps.sql, clock: deps.clock, blobs: deps.blobs, events: deps.events, erx: deps.erx, log: deps.log,
    audit: createChartAudit(deps.audit), planKindOf: opts.planKindOf ?? noPlansYet,
  };
  return {
    requests: createOrderRequests(base),
    prescriptions: createPrescriptions({ ...base, auditLog: deps.audit, jobs: deps.jobs }),
    lists: createOrderLists(base),
    pharmacy: createPreferredPharmacy(base),
  };
}
export type OrdersServices = ReturnType<typeof createOrdersServices>;
