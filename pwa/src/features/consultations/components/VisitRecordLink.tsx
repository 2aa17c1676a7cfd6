import { Link } from "react-router";
import { isDocumentable } from "../../../../../sync/rules/consultation-access.ts";

type Visit = { id: string; doctorId: string; patientId: string; status: string; encounterId: string | null };

/**
 * The doctor's way from a consultation to its record (issue 32): its encounter once documented, else
 * "Document this visit" (the chart's new-encounter form, filled from the visit). Nothing for anyone else.
 */
export function VisitRecordLink({ visit, viewerId, button = false }: { visit: Visit; viewerId: string; button?: boolean }) {
  if (viewerId !== visit.doctorId) return null;
  if (visit.encounterId) {
    return <Link to={`/doctor/patients/${visit.patientId}/encounters/${visit.encounterId}`}>Open this visit's encounter</Link>;
  }
  if (!isDocumentable(visit.status)) return null;
  return (
    <Link
      className={button ? "ui-button ui-button--primary" : undefined}
      to={`/doctor/patients/${visit.patientId}?document=${visit.id}`}
    >
      Document this visit
    </Link>
  );
}
