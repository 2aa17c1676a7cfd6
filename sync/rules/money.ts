/** Money is integer cents everywhere; this is how an amount reads in words ("$1,234.50"), on the edge and the PWA. */
const USD = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });

export const formatUsd = (cents: number): string => USD.format(cents / 100);

/** Cents as a plain decimal of dollars ("59.00"), for a form's field and a CSV cell. */
export const centsAsDecimal = (cents: number): string => (cents / 100).toFixed(2);
