/** Money is integer cents everywhere; this is how an amount reads in words ("$1,234.50"), on the edge and the PWA. */
const USD = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });

export const formatUsd = (cents: number): string => USD.format(cents / 100);

/** Cents as a plain decimal of dollars ("59.00"), for a form's field and a CSV cell. */
export const centsAsDecimal = (cents: number): string => (cents / 100).toFixed(2);

/**
 * Dollars as typed ("47.2", "$0.29", "-3") → cents, for a schema to judge: "" → null, text that is not an
 * amount of dollars with at most two decimals → NaN (the schema then says "…a whole number of cents").
 */
export function dollarsToCents(text: string): number | null {
  const t = text.trim().replace(/^\$/, "");
  if (t === "") return null;
  if (!/^-?\d{1,9}(\.\d{1,2})?$/.test(t)) return Number.NaN;
  return Math.round(Number(t) * 100);
}

/** A positive amount typed in dollars, in cents (a refund, a payout, a price); null for anything else. */
export function positiveCents(text: string): number | null {
  const cents = dollarsToCents(text);
  return cents !== null && cents > 0 ? cents : null;
}
