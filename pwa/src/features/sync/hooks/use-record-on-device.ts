/**
 * A chart form's way to save with no network (issue 31): online it calls the chart API as before; offline it
 * records the entry on the device (`useRecordChartEntry`), which the server creates under the same call's rules
 * when the network is back. The form says which happened.
 */
import { useRecordChartEntry } from "./use-chart-entries.ts";
import { useConnection } from "./use-connection.ts";

export const SAVED_ON_DEVICE = "Saved on this device. It is sent when you are back online.";

export function useRecordOnDevice() {
  const online = useConnection();
  const record = useRecordChartEntry();
  return { offline: !online, record };
}
