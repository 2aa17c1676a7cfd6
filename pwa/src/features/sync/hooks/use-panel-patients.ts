/**
 * The practice's panel on the device (issue 31): each patient with their demographics and medical card, so
 * the patient list, the chart's header and the medical card open with no network. Pull-only: the profile and
 * medical-card calls change them and the server sends the new row. The care team (doctor, VMA) reads it.
 * Every field but the ids and `updatedAt` is sealed at rest, so the sort is made here, not by the database.
 */
import type { PanelPatientDoc } from "../../../../../sync/collections/index.ts";
import type { LiveList, Local } from "../contract.ts";
import { useSyncEngine } from "./sync-context.ts";
import { useCollectionPulled } from "./use-pulled.ts";
import { useLiveList } from "./use-live-list.ts";
import { useSyncStatus } from "./use-sync-status.ts";
import { isTeam } from "./roles.ts";

const collator = new Intl.Collator(undefined, { sensitivity: "base", numeric: true });
/** By last name, then first name (case and accents aside), then id so equal names keep one order. */
export const byPanelName = (a: PanelPatientDoc, b: PanelPatientDoc) =>
  collator.compare(a.lastName, b.lastName) || collator.compare(a.firstName, b.firstName) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * The practice's patients on this device, by last name then first name. `loading` also while the list is
 * empty and the first pull is still under way online, so an empty panel is never mistaken for no patients.
 */
export function usePanelPatients(): LiveList<Local<PanelPatientDoc>> {
  const engine = useSyncEngine();
  const team = isTeam(engine?.user()?.role);
  const list = useLiveList<PanelPatientDoc>("patients", team ? (local) => local.db.patients.find().$ as never : null, "*", byPanelName);
  const pulled = useCollectionPulled("patients");
  const { online, state } = useSyncStatus();
  const firstPull = team && list.items.length === 0 && !pulled && online && state === "ready";
  return { items: list.items, loading: list.loading || firstPull };
}

/** One patient of the practice from this device, or null (not on the device, or not the care team's). */
export function usePanelPatient(id: string): { patient: Local<PanelPatientDoc> | null; loading: boolean } {
  const engine = useSyncEngine();
  const team = isTeam(engine?.user()?.role);
  const list = useLiveList<PanelPatientDoc>(
    "patients",
    team && id ? (local) => local.db.patients.find({ selector: { id } }).$ as never : null,
    id,
  );
  const pulled = useCollectionPulled("patients");
  const { online, state } = useSyncStatus();
  const firstPull = team && list.items.length === 0 && !pulled && online && state === "ready";
  return { patient: list.items[0] ?? null, loading: list.loading || firstPull };
}
