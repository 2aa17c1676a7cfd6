/** Money on commerce screens: integer cents shown as US dollars, the one rule of the edge and the PWA. */
import { formatUsd } from "../../../../sync/rules/money.ts";

export const formatCents = formatUsd;
/** "47.20" → 4720; null when it is not a positive amount with at most two decimals. */
export function parseDollars(text: string): number | null {
  const t = text.trim().replace(/^\$/, "");
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(t)) return null;
  const [whole, frac = ""] = t.split(".");
  const cents = Number(whole) * 100 + Number(frac.padEnd(2, "0"));
  return cents > 0 ? cents : null;
}

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
