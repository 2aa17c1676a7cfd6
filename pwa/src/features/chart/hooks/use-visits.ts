import type { ConsultationDoc } from "../../../../../sync/collections/index.ts";
import { isDocumentable } from "../../../../../sync/rules/consultation-access.ts";
import { useConsultations } from "../../sync/index.ts";

/**
 * This doctor's consultations with the patient that have no encounter yet, newest first (issue 32), from the
 * device's copy of the consultations; `keep` stays listed even once linked (the one being documented).
 */
export function useVisitsToDocument(doctorId: string, patientId: string, keep?: string): ConsultationDoc[] {
  const { items } = useConsultations({ doctorId });
  return items
    .filter((c) => c.patientId === patientId && (c.id === keep || (isDocumentable(c.status) && !c.encounterId)))
    .sort((a, b) => b.startAt.localeCompare(a.startAt))
    .slice(0, 20);
}
