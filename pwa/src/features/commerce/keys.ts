/** TanStack Query keys of the commerce domain. */
export const commerceKeys = {
  all: ["commerce"] as const,
  coupons: () => ["commerce", "coupons"] as const,
  transactions: (filters: Record<string, string>) => ["commerce", "transactions", filters] as const,
  balance: () => ["commerce", "balance"] as const,
  account: () => ["commerce", "account"] as const,
  ledger: () => ["commerce", "ledger"] as const,
  /** A doctor's services on offer (public). */
  doctorServices: (doctorId: string) => ["commerce", "services", "doctor", doctorId] as const,
  /** The homepage services (public). */
  homeServices: () => ["commerce", "services", "home"] as const,
};
