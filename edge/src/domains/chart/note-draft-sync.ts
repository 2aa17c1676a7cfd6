/**
 * Encounter-note drafts are written only by sync pushes (the editor saves on the device; its changes go in
 * batches): each created, changed or deleted draft is audited as a chart write of its patient, once per push
 * (one statement for the push's drafts), naming the fields it changed (never their content).
 */
import type { Deps } from "../../deps.ts";
import type { CreateEffects } from "../sync/service.ts";
import { createChartAudit } from "./audit.ts";

export function createNoteDraftSyncEffects(deps: Pick<Deps, "audit" | "log">): CreateEffects {
  const audit = createChartAudit(deps.audit);
  const logFailure = (e: unknown) => deps.log.error("note draft audit failed", { error: e instanceof Error ? e.message : String(e) });
  return {
    async committed(actor, docs) {
      await audit.writeMany(actor, docs.map((doc) => ({ patientId: doc.patientId as string, what: "noteDraft.create", id: doc.id })))
        .catch(logFailure);
    },
    async edited(actor, edits) {
      await audit.writeMany(actor, edits.map(({ doc, fields }) => ({
        patientId: doc.patientId as string,
        what: fields.includes("_deleted") && doc._deleted ? "noteDraft.delete" : "noteDraft.edit",
        id: doc.id,
        details: { fields },
      }))).catch(logFailure);
    },
  };
}
