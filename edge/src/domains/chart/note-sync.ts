/**
 * What a note created by a sync push must satisfy beyond its scope (the care
 * team of `patientId`, checked by the sync service), the same rules as
 * `POST /encounterNotes/{encounterId}`: the encounter is one the actor sees,
 * not deleted, of that very patient; the note type is one of the practice's
 * current types. A refused row answers the refused tombstone, like any create
 * the actor may not make. Notes created or deleted by push are audited as chart writes.
 */
import type { Actor } from "../../access/actor.ts";
import type { Deps } from "../../deps.ts";
import type { CreateEffects } from "../sync/service.ts";
import { chartAccess } from "./access.ts";
import { createChartAudit } from "./audit.ts";

export function createNoteSyncEffects(deps: Pick<Deps, "clock" | "audit" | "log">): CreateEffects {
  const audit = createChartAudit(deps.audit);
  const logFailure = (e: unknown) => deps.log.error("note audit failed", { error: e instanceof Error ? e.message : String(e) });
  return {
    async accepts(w, actor: Actor, doc) {
      const access = chartAccess(w.tx, actor);
      if (!access.isCareTeam) return false;
      const [encounter] = await w.tx`select 1 from encounters e
        where e.id = ${doc.encounterId as string} and e.patient_id = ${doc.patientId as string} and ${access.encounterVisible(w.tx`e`)}`;
      if (!encounter) return false;
      const [type] = await w.tx`select 1 from note_types
        where id = ${doc.noteTypeId as string} and doctor_id = ${access.practiceId} and deleted_at is null`;
      return Boolean(type);
    },
    async created(w, _actor, doc) {
      // The chart's own timestamp of the last change (`Note.updatedAt`) starts at creation.
      await w.tx`update encounter_notes set updated_at = ${deps.clock.now()} where id = ${doc.id}`;
    },
    async committed(actor, docs) {
      for (const doc of docs) {
        await audit.write(actor, { patientId: doc.patientId as string, what: "note.create", id: doc.id, details: { encounterId: doc.encounterId, via: "sync" } })
          .catch(logFailure);
      }
    },
    async edited(actor, edits) {
      // A push changes nothing but `_deleted` (and only to true).
      for (const { doc } of edits) {
        await audit.write(actor, { patientId: doc.patientId as string, what: "note.delete", id: doc.id, details: { via: "sync" } })
          .catch(logFailure);
      }
    },
  };
}
