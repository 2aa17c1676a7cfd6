import { useMemo } from "react";
import type { Consultation } from "../../../../../sync/schemas/consultation.ts";
import { useApi } from "../../../lib/app-deps.tsx";

const id = (value: string) => encodeURIComponent(value);

/** The state changes of 01 §7 "Consultations"; each answers the changed consultation. */
export function useConsultationActions() {
  const api = useApi();
  return useMemo(() => ({
    accept: (consultationId: string) => api.put<Consultation>(`/consultations/accept/${id(consultationId)}`),
    decline: (consultationId: string, reason: string) =>
      api.put<Consultation>(`/consultations/decline/${id(consultationId)}`, { reason }),
    reschedule: (consultationId: string, startAt: string) =>
      api.put<Consultation>(`/consultations/reschedule/${id(consultationId)}`, undefined, { query: { startAt } }),
    cancel: (consultationId: string, reason: string) => api.post<Consultation>(`/consultations/${id(consultationId)}`, { reason }),
  }), [api]);
}
export type ConsultationActionCalls = ReturnType<typeof useConsultationActions>;
