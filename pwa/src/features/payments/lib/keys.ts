/** TanStack Query keys of the payments domain (cards, the card-entry configuration, a doctor's membership options). */
export const paymentsKeys = {
  all: ["payments"] as const,
  config: () => ["payments", "config"] as const,
  cards: () => ["payments", "cards"] as const,
  options: (doctorId: string) => ["payments", "options", doctorId] as const,
  memberships: () => ["payments", "memberships"] as const,
};

/**
 * The memberships screens' keys (features/memberships: Settings → Memberships, payment history). Kept here, in the
 * lower layer, because payments change what they show: the join flow adds a membership and its payment, a service
 * payment (commerce) adds a transaction.
 */
export const membershipKeys = {
  all: ["memberships"] as const,
  mine: () => ["memberships", "mine"] as const,
  options: (doctorId: string) => ["memberships", "options", doctorId] as const,
  transactions: () => ["memberships", "transactions"] as const,
};
