/**
 * The device's copy of a patient's chart entries of one kind (issue 31), made into the chart API's answer
 * (`copy`), or undefined while it is being read or when the device cannot know it: no entry of the kind, and
 * neither the entries pulled in this tab nor (offline, for the care team) the patient on the device, so "nothing
 * recorded" is never said from an empty device. Online, the entries' first pull must have finished: the panel's
 * row may arrive before the chart's entries.
 * `version` changes whenever an entry of the kind changes on the device (one recorded here, one the server
 * sent): the online answer is read again then, so a section follows the other devices' writes too.
 */
import { useMemo } from "react";
import type { ChartEntryKind, ChartEntryOf } from "../../../../../sync/collections/index.ts";
import { useChartEntries } from "./use-chart-entries.ts";
import { useConnection } from "./use-connection.ts";
import { usePanelPatient } from "./use-panel-patients.ts";
import { useCollectionPulled } from "./use-pulled.ts";

export function useDeviceEntries<K extends ChartEntryKind, T>(
  patientId: string,
  kind: K,
  make: (entries: ChartEntryOf<K>[]) => T,
  deps: readonly unknown[] = [],
): DeviceCopy<T> {
  const entries = useChartEntries(patientId, kind);
  const patient = usePanelPatient(patientId).patient;
  const pulled = useCollectionPulled("chart_entries");
  const online = useConnection();
  const known = !entries.loading && (entries.items.length > 0 || pulled || (!online && patient !== null));
  // `make` is the caller's, rebuilt every render; `deps` name what it reads besides the entries.
  const copy = useMemo(() => (known ? make(entries.items as ChartEntryOf<K>[]) : undefined), [known, entries.items, ...deps]);
  const version = entries.loading ? undefined : entries.items.map((e) => `${e.id}:${e.updatedAt}`).sort().join(",");
  const waiting = useMemo(() => new Set(entries.items.filter((e) => e.pending).map((e) => e.id)), [entries.items]);
  return { copy, version, waiting };
}

/**
 * What the device holds of a server answer (`useServerOrDevice`'s second argument). `version`: undefined while the
 * device reads its entries. `waiting`: the entries recorded on this device that the server has not acknowledged
 * yet. `notOnServerYet`: the copy was made on this device and is waiting to be sent, so a 404 from the server means
 * "not there yet" and the copy stands in.
 */
export type DeviceCopy<T> = { copy: T | undefined; version: string | undefined; waiting?: ReadonlySet<string>; notOnServerYet?: boolean };
