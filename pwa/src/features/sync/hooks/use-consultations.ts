import type { ConsultationDoc } from "../../../../../sync/collections/index.ts";
import type { LiveList, Local } from "../contract.ts";
import { useLiveList } from "./use-live-list.ts";

/** Soonest first (by start, then id), as the calendar and the upcoming list read them. */
const byStart = (a: ConsultationDoc, b: ConsultationDoc) => a.startAt.localeCompare(b.startAt) || (a.id < b.id ? -1 : 1);

/**
 * The consultations replicated to this device (read-only: the consultation API
 * changes them), soonest first; with `doctorId`, only that doctor's. The server
 * sends the two parties' and the doctor's VMAs' consultations.
 */
export function useConsultations(query: { doctorId?: string } = {}): LiveList<Local<ConsultationDoc>> {
  const { doctorId } = query;
  return useLiveList<ConsultationDoc>(
    "consultations",
    (local) => local.db.consultations.find(doctorId ? { selector: { doctorId } } : {}).$ as never,
    doctorId ?? "*",
    byStart,
  );
}
