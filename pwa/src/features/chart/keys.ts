/**
 * TanStack Query keys of the chart: a patient's under ["chart", patientId, …], an encounter's under
 * ["chart", "encounter", encounterId, …].
 */
export const chartKeys = {
  all: ["chart"] as const,
  patient: (patientId: string) => ["chart", patientId] as const,
  /** `GET /patient/{id}`: the chart's header, profile and medical card. */
  chart: (patientId: string) => ["chart", patientId, "chart"] as const,
  encounters: (patientId: string, q: Record<string, unknown>) => ["chart", patientId, "encounters", q] as const,
  /** `GET /encounters/dropdown/{patientId}`. */
  encounterChoices: (patientId: string, encounterId: string | undefined) => ["chart", patientId, "encounter-choices", encounterId ?? null] as const,
  creators: (patientId: string) => ["chart", patientId, "creators"] as const,
  problems: (patientId: string) => ["chart", patientId, "problems"] as const,
  vitals: (patientId: string, q: Record<string, unknown>) => ["chart", patientId, "vitals", q] as const,
  vitalsImports: (patientId: string) => ["chart", patientId, "vitals-imports"] as const,
  encounter: (encounterId: string) => ["chart", "encounter", encounterId] as const,
  diagnoses: (encounterId: string) => ["chart", "encounter", encounterId, "diagnoses"] as const,
  notes: (encounterId: string) => ["chart", "encounter", encounterId, "notes"] as const,
  /** `GET /consultations/{id}`: the status of an encounter's visit. */
  consultation: (id: string) => ["chart", "consultation", id] as const,
};
