/** The chart's services, built from the shared dependencies; each method takes `(actor, input)`. */
import type { Deps } from "../../deps.ts";
import type { SyncWriter } from "../sync/writer.ts";
import type { VisitEncounters } from "../consultations/visit-encounters.ts";
import { createChartAudit } from "./audit.ts";
import { createChartEncounters } from "./encounters.ts";
import { createChartFindings } from "./findings.ts";
import { createChartNotes } from "./notes.ts";
import { createChartPatients } from "./patients.ts";
import { createChartVitals } from "./vitals.ts";
import { createSignatureBlock } from "./signature.ts";

/** `write`: the sync writer, through which every change of a note (a synced collection) goes. */
export function createChartServices(
  deps: Pick<Deps, "sql" | "clock" | "blobs" | "audit"> & { write: SyncWriter; visits: VisitEncounters },
) {
  const base = { sql: deps.sql, clock: deps.clock, audit: createChartAudit(deps.audit) };
  const notes = createChartNotes({ ...base, blobs: deps.blobs, write: deps.write });
  const findings = createChartFindings(base);
  const vitals = createChartVitals(base);
  return {
    patients: createChartPatients({ ...base, write: deps.write }),
    encounters: createChartEncounters({ ...base, notes, findings, vitals, write: deps.write, signatureBlock: createSignatureBlock(deps), visits: deps.visits }),
    notes,
    findings,
    vitals,
  };
}
export type ChartServices = ReturnType<typeof createChartServices>;
