/** The chart's services, built from the shared dependencies; each method takes `(actor, input)`. */
import type { Deps } from "../../deps.ts";
import { createChartAudit } from "./audit.ts";
import { createChartEncounters } from "./encounters.ts";
import { createChartFindings } from "./findings.ts";
import { createChartNotes } from "./notes.ts";
import { createChartPatients } from "./patients.ts";
import { createChartVitals } from "./vitals.ts";

export function createChartServices(deps: Pick<Deps, "sql" | "clock" | "blobs" | "audit">) {
  const base = { sql: deps.sql, clock: deps.clock, audit: createChartAudit(deps.audit) };
  const notes = createChartNotes({ ...base, blobs: deps.blobs });
  const findings = createChartFindings(base);
  const vitals = createChartVitals(base);
  return {
    patients: createChartPatients(base),
    encounters: createChartEncounters({ ...base, notes, findings, vitals }),
    notes,
    findings,
    vitals,
  };
}
export type ChartServices = ReturnType<typeof createChartServices>;
