import { useMemo } from "react";
import { useApi } from "../../../lib/app-deps.tsx";

/** The state changes of 01 §7 "Consultations"; each answers the changed consultation. */
export function useConsultationActions() {
  const api = useApi();
  return useMemo(() => ({
    accept: (consultationId: string) => api.PUT("/consultations/accept/{id}", { path: { id: consultationId } }),
    decline: (consultationId: string, reason: string) =>
      api.PUT("/consultations/decline/{id}", { path: { id: consultationId }, body: { reason } }),
    reschedule: (consultationId: string, startAt: string) =>
      api.PUT("/consultations/reschedule/{id}", { path: { id: consultationId }, query: { startAt } }),
    cancel: (consultationId: string, reason: string) => api.POST("/consultations/{id}", { path: { id: consultationId }, body: { reason } }),
  }), [api]);
}
export type ConsultationActionCalls = ReturnType<typeof useConsultationActions>;
