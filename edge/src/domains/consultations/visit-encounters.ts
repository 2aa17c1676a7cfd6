/**
 * A consultation's encounter (issue 32, spec 02 §3 `consultationId`): one documented visit per consultation.
 * The chart creates the encounter; this links it, under the consultations lock and in the same transaction,
 * so two clicks on "Document this visit" cannot make two, and devices hear of the link (`encounterId`, a synced field).
 */
import type { Queryable, Sql } from "../../db/connect.ts";
import { AppError, conflict, notFound } from "../../http/errors.ts";
import type { SyncWriter } from "../sync/writer.ts";
import { isDocumentable } from "../../../../sync/rules/consultation-access.ts";
import { createConsultationsRepo } from "./repo.ts";

export function createVisitEncounters(deps: { sql: Sql; write: SyncWriter }) {
  const repo = createConsultationsRepo(deps.sql);
  return {
    /**
     * Runs `insert` (the encounter's row, in the transaction given) for the doctor's own consultation with this
     * patient, not yet documented, and links the encounter it returns.
     */
    async document(o: { doctorId: string; patientId: string; consultationId: string }, insert: (tx: Queryable) => Promise<string>) {
      return await deps.write(["consultations"], async (w) => {
        const [c] = await w.tx<{ status: string; encounter_id: string | null }[]>`select status, encounter_id from consultations
          where id = ${o.consultationId} and patient_id = ${o.patientId} and doctor_id = ${o.doctorId} and not deleted for update`;
        if (!c) throw notFound("No such consultation");
        if (c.encounter_id) {
          throw new AppError(409, "This visit is already documented: open its encounter", {
            reason: "ALREADY_DOCUMENTED",
            encounterId: c.encounter_id,
          });
        }
        if (!isDocumentable(c.status)) {
          throw conflict("Only an accepted or finished consultation can be documented", "NOT_DOCUMENTABLE");
        }
        const encounterId = await insert(w.tx);
        await repo.update(w, o.consultationId, { encounterId });
        return encounterId;
      });
    },

    /** The encounter was deleted: its consultation can be documented again. */
    async forget(encounterId: string) {
      await deps.write(["consultations"], async (w) => {
        const linked = await w.tx<{ id: string }[]>`select id from consultations where encounter_id = ${encounterId}`;
        for (const { id } of linked) await repo.update(w, id, { encounterId: null });
      });
    },
  };
}
export type VisitEncounters = ReturnType<typeof createVisitEncounters>;
