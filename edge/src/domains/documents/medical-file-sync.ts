/**
 * Medical files written by a sync push are audited as the chart's writes: the device's own path (offline
 * renames, moves and deletes reach the server this way) and the REST calls, which push too. One entry per
 * created file and per kind of change, after the push's transaction commits.
 */
import type { Deps } from "../../deps.ts";
import { createChartAudit } from "../chart/audit.ts";
import type { CreateEffects } from "../sync/service.ts";

/** What each changed field of a file is, in the audit log (other fields are the server's own). */
const CHANGES = [["_deleted", "medicalFile.delete"], ["folder", "medicalFile.move"], ["name", "medicalFile.rename"]] as const;

export function createMedicalFileSyncEffects(deps: Pick<Deps, "audit" | "log">): CreateEffects {
  const audit = createChartAudit(deps.audit);
  const logFailure = (e: unknown) => deps.log.error("medical file audit failed", { error: e instanceof Error ? e.message : String(e) });
  return {
    async committed(actor, docs) {
      await audit.writeMany(actor, docs.map((doc) => ({ patientId: doc.patientId as string, what: "medicalFile.add", id: doc.id })))
        .catch(logFailure);
    },
    async edited(actor, edits) {
      const entries = edits.flatMap(({ doc, fields }) =>
        CHANGES.filter(([field]) => fields.includes(field)).map(([, what]) => ({ patientId: doc.patientId as string, what, id: doc.id }))
      );
      await audit.writeMany(actor, entries).catch(logFailure);
    },
  };
}
