/**
 * The device's copy of a patient's chart entries of one kind (issue 31), made into the chart API's answer, or
 * undefined while it is being read or when the device cannot know it: no entry of the kind and the patient not
 * on the device either (never pulled here), so "nothing recorded" is never said from an empty device.
 */
import { useMemo } from "react";
import type { ChartEntryKind, ChartEntryOf } from "../../../../../sync/collections/index.ts";
import { useChartEntries, usePanelPatient } from "../../sync/index.ts";

export function useDeviceEntries<K extends ChartEntryKind, T>(
  patientId: string,
  kind: K,
  make: (entries: ChartEntryOf<K>[]) => T,
  deps: readonly unknown[] = [],
): T | undefined {
  const entries = useChartEntries(patientId, kind);
  const patient = usePanelPatient(patientId).patient;
  const known = !entries.loading && (entries.items.length > 0 || patient !== null);
  // `make` is the caller's, rebuilt every render; `deps` name what it reads besides the entries.
  return useMemo(() => (known ? make(entries.items as ChartEntryOf<K>[]) : undefined), [known, entries.items, ...deps]);
}
