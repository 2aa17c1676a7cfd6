/**
 * Encounter-note drafts are written only by sync pushes (the editor saves on the device; its changes go in
 * batches): each created, changed or deleted draft is audited as a chart write of its patient, once per push,
 * naming the fields it changed (never their content).
 */
import type { Deps } from "../../deps.ts";
import type { CreateEffects } from "../sync/service.ts";
import { createChartAudit } from "./audit.ts";

export function createNoteDraftSyncEffects(deps: Pick<Deps, "audit" | "log">): CreateEffects {
  const audit = createChartAudit(deps.audit);
  const logFailure = (e: unknown) => deps.log.error("note draft audit failed", { error: e instanceof Error ? e.message : String(e) });
  return {
    async committed(actor, docs) {
      for (const doc of docs) {
        await audit.write(actor, { patientId: doc.patientId as string, what: "noteDraft.create", id: doc.id }).catch(logFailure);
      }
    },
    async edited(actor, edits) {
      for (const { doc, fields } of edits) {
        const what = fields.includes("_deleted") && doc._deleted ? "noteDraft.delete" : "noteDraft.edit";
        await audit.write(actor, { patientId: doc.patientId as string, what, id: doc.id, details: { fields } }).catch(logFailure);
      }
    },
  };
}
