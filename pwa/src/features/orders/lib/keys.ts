/**
 * TanStack Query keys of the orders domain. Everything starts with "orders", so
 * one `orders:changed` socket event invalidates every open view (hooks/use-orders-live.ts).
 */
export const ordersKeys = {
  all: ["orders"] as const,
  encounter: (encounterId: string) => ["orders", "encounter", encounterId] as const,
  encounterKind: (encounterId: string, kind: string) => ["orders", "encounter", encounterId, kind] as const,
  list: (query: Record<string, string | number | undefined>) => ["orders", "list", query] as const,
  preferredPharmacy: (patientId: string) => ["orders", "pharmacy", patientId] as const,
};
