/** TanStack Query keys of the payments domain (cards, the card-entry configuration, a doctor's membership options). */
export const paymentsKeys = {
  all: ["payments"] as const,
  config: () => ["payments", "config"] as const,
  cards: () => ["payments", "cards"] as const,
  options: (doctorId: string) => ["payments", "options", doctorId] as const,
  memberships: () => ["payments", "memberships"] as const,
};
