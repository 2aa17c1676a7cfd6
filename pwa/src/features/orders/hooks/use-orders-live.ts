import { useQueryClient } from "@tanstack/react-query";
import { useServerEvent } from "../../sync/index.ts";
import { ordersKeys } from "../lib/keys.ts";

/**
 * Live orders: the server sends `orders:changed` ({patientId, kind, id,
 * encounterId}, no health data) to the care team and, for what they can see,
 * the patient; every orders query refetches (edge/docs/orders.md).
 */
export function useOrdersLive() {
  const client = useQueryClient();
  useServerEvent("orders:changed", () => {
    void client.invalidateQueries({ queryKey: ordersKeys.all });
  });
}
