import { useQuery } from "@tanstack/react-query";
import { useApi } from "../../../lib/app-deps.tsx";
import type { PaymentsConfig } from "../../../../../sync/schemas/membership.ts";
import { paymentsKeys } from "./keys.ts";

/** `GET /payments/products`: how this edge takes cards (edge/src/domains/payments/service.ts `config()`). */
export type { PaymentsConfig };

/** A publishable key of a real Stripe account (the same test as the edge's CSP: edge/src/http/csp.ts). */
export function isRealStripeKey(key: string | null | undefined): boolean {
  return typeof key === "string" &&
    /^pk_(live|test)_[A-Za-z0-9]{16,}$/.test(key);
}

/** Which card-entry path a configuration takes: Stripe Elements only with a real key, else the emulator's. */
export function cardEntryPath(
  config: PaymentsConfig,
): "elements" | "emulator" | "unavailable" {
  if (
    config.cardEntry === "elements" && isRealStripeKey(config.publishableKey)
  ) return "elements";
  if (config.cardEntry === "emulator" && config.emulatorUrl) return "emulator";
  return "unavailable";
}

export function usePaymentsConfig() {
  const api = useApi();
  return useQuery({
    queryKey: paymentsKeys.config(),
    queryFn: () => api.GET("/payments/products"),
    staleTime: Infinity,
  });
}
