/** TanStack Query keys of the memberships domain (the patient's side). */
export const membershipKeys = {
  all: ["memberships"] as const,
  mine: () => ["memberships", "mine"] as const,
  options: (doctorId: string) => ["memberships", "options", doctorId] as const,
  transactions: () => ["memberships", "transactions"] as const,
};
