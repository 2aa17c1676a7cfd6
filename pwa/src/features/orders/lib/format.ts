import type { OrderSummary, Prescription } from "../../../../../sync/schemas/orders.ts";

export const KIND_LABELS: Record<OrderSummary["kind"], string> = {
  lab: "Lab", imaging: "Imaging", referral: "Referral", prescription: "Prescription",
};

/** What a prescription's transmission means to a reader. */
export const TRANSMISSION_LABELS: Record<Prescription["transmission"], string> = {
  none: "Not sent", pending: "Sending to the pharmacy", transmitted: "Transmitted", error: "Transmission failed",
};

export function stateLabel(o: Pick<OrderSummary, "kind" | "state" | "transmission">): string {
  if (o.kind === "prescription") {
    if (o.state === "current" && o.transmission) return `Current · ${TRANSMISSION_LABELS[o.transmission].toLowerCase()}`;
    return o.state[0].toUpperCase() + o.state.slice(1);
  }
  return o.state[0].toUpperCase() + o.state.slice(1);
}

export const formatDate = (iso: string) =>
  new Intl.DateTimeFormat("en-US", { dateStyle: "medium" }).format(new Date(iso));

export const formatBytes = (n: number) => n < 1024 * 1024 ? `${Math.max(1, Math.round(n / 1024))} KB` : `${(n / 1024 / 1024).toFixed(1)} MB`;
