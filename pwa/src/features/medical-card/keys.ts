/** TanStack Query keys of the medical card feature. */
export const medicalCardKeys = {
  /** `GET /patient/medicalCard`: the patient's own saved card. */
  mine: () => ["medical-card", "mine"] as const,
};
