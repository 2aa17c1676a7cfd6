import type { ConsultationDoc } from "../../../../../sync/collections/index.ts";
import { useConsultations } from "../../sync/index.ts";

/** Visits worth documenting: the ones that happened or are about to (the server's rule, consultations/visit-encounters.ts). */
const DOCUMENTABLE = new Set(["accepted", "finished"]);

/**
 * This doctor's consultations with the patient that have no encounter yet, newest first (issue 32), from the
 * device's copy of the consultations; `keep` stays listed even once linked (the one being documented).
 */
export function useVisitsToDocument(doctorId: string, patientId: string, keep?: string): ConsultationDoc[] {
  const { items } = useConsultations({ doctorId });
  return items
    .filter((c) => c.patientId === patientId && (c.id === keep || (DOCUMENTABLE.has(c.status) && !c.encounterId)))
    .sort((a, b) => b.startAt.localeCompare(a.startAt))
    .slice(0, 20);
}
