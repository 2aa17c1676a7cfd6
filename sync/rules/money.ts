/** Money is integer cents everywhere; this is how an amount reads in words ("$1,234.50"), on the edge and the PWA. */
const USD = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });

export const formatUsd = (cents: number): string => USD.format(cents / 100);
