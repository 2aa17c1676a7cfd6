/** TanStack Query keys of the calendar feature. */
export const calendarKeys = {
  /** `GET /availability`: a doctor's hours (the caller's practice, or `doctorId` for an admin). */
  availability: (doctorId: string | undefined) => ["calendar", "availability", doctorId ?? "mine"] as const,
  /** `GET /calendar`: a view and the month's statistic of a doctor's calendar, in a time zone. */
  view: (q: { doctorId: string; view: string; date: string; timeZone: string }) => ["calendar", "view", q] as const,
};
