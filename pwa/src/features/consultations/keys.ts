/** TanStack Query keys of the consultations feature. */
export const consultationKeys = {
  all: ["consultations"] as const,
  /** `GET /consultations?tab=&offset=`: a page of one tab of the caller's consultations. */
  list: (tab: string, offset: number) => ["consultations", "list", tab, offset] as const,
  /** `GET /consultations/{id}`. */
  one: (id: string) => ["consultations", "one", id] as const,
  /** `GET /intakeForms/settings/doctor/{id}`: a doctor's intake form (their settings, and what a booking asks). */
  intakeSettings: (doctorId: string) => ["intakeForms", "settings", doctorId] as const,
  /** `GET /consultations/intakeForm/{id}`: a consultation's intake answers. */
  intake: (consultationId: string) => ["consultations", "intake", consultationId] as const,
  /** `GET /availability/slots`: a doctor's free slots from a first day, days counted in a time zone. */
  freeSlots: (doctorId: string, firstDay: string, timeZone: string) => ["consultations", "slots", doctorId, firstDay, timeZone] as const,
};
