/**
 * The chart's entries on the device (issue 31): encounters, diagnoses, problems and vitals of the practice's
 * patients, each with the data the chart API answers, so the chart reads with no network. Pull-only: the chart
 * API changes them and the server sends the new rows. The care team (doctor, VMA) reads them; the queries use
 * the plain index (patient, kind), the data itself is sealed.
 */
import type { ChartEntryKind, ChartEntryOf } from "../../../../../sync/collections/index.ts";
import type { LiveList, Local } from "../contract.ts";
import { useSyncEngine } from "./sync-context.ts";
import { useLiveList } from "./use-live-list.ts";

const isTeam = (role: string | undefined) => role === "doctor" || role === "vma";

/** The patient's entries of one kind on this device (any order: the chart sorts them as the API does). */
export function useChartEntries<K extends ChartEntryKind>(patientId: string, kind: K): LiveList<Local<ChartEntryOf<K>>> {
  const engine = useSyncEngine();
  const team = isTeam(engine?.user()?.role);
  return useLiveList<ChartEntryOf<K>>(
    "chart_entries",
    team && patientId ? (local) => local.db.chart_entries.find({ selector: { patientId, kind } }).$ as never : null,
    `${patientId}/${kind}`,
  );
}

/** One entry by id on this device, or null (not on the device, deleted, or not the care team's). */
export function useChartEntry<K extends ChartEntryKind>(id: string, kind: K): { entry: Local<ChartEntryOf<K>> | null; loading: boolean } {
  const engine = useSyncEngine();
  const team = isTeam(engine?.user()?.role);
  const list = useLiveList<ChartEntryOf<K>>(
    "chart_entries",
    team && id ? (local) => local.db.chart_entries.find({ selector: { id } }).$ as never : null,
    id,
  );
  const entry = list.items[0];
  return { entry: entry && entry.kind === kind ? entry : null, loading: list.loading };
}
