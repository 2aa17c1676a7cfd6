/**
 * The chart's entries on the device (issue 31): encounters, diagnoses, problems, vitals and orders of the
 * practice's patients, each with the data the chart and orders APIs answer, so the chart reads with no network.
 * The APIs change them and the server sends the new rows; offline, a new entry is recorded here and pushed. The
 * care team (doctor, VMA) reads them, and a patient their own as shared with them; the queries use the plain
 * index (patient, kind), the data itself is sealed.
 */
import { useCallback } from "react";
import {
  type ChartEntryDoc,
  type ChartEntryKind,
  type ChartEntryOf,
  chartEntrySchema,
  type NewChartEntry,
  newChartEntry,
} from "../../../../../sync/collections/index.ts";
import type { LiveList, Local } from "../contract.ts";
import { requireLocal, useSyncEngine } from "./sync-context.ts";
import { useLiveList } from "./use-live-list.ts";
import { deviceNow, parseOrThrow, withoutDeleted } from "./validate-input.ts";
import { isTeam } from "./roles.ts";


/** Whether this user's device holds this patient's entries: the care team, or the patient themself (their view). */
const readsChartOf = (user: { id: string; role: string } | null | undefined, patientId: string) =>
  isTeam(user?.role) || (user?.role === "patient" && user.id === patientId);

/**
 * The patient's entries of one kind on this device (any order: the chart sorts them as the API does). On the
 * patient's own device, what is shared with them (the server sends the patient's view).
 */
export function useChartEntries<K extends ChartEntryKind>(patientId: string, kind: K): LiveList<Local<ChartEntryOf<K>>> {
  const engine = useSyncEngine();
  const team = readsChartOf(engine?.user(), patientId);
  return useLiveList<ChartEntryOf<K>>(
    "chart_entries",
    team && patientId ? (local) => local.db.chart_entries.find({ selector: { patientId, kind } }).$ as never : null,
    `${patientId}/${kind}`,
  );
}

/** One entry by id on this device, or null (not on the device, deleted, or hidden from this user). */
export function useChartEntry<K extends ChartEntryKind>(id: string, kind: K): { entry: Local<ChartEntryOf<K>> | null; loading: boolean } {
  const engine = useSyncEngine();
  const role = engine?.user()?.role;
  const team = isTeam(role) || role === "patient";
  const list = useLiveList<ChartEntryOf<K>>(
    "chart_entries",
    team && id ? (local) => local.db.chart_entries.find({ selector: { id } }).$ as never : null,
    id,
  );
  const entry = list.items[0];
  return { entry: entry && entry.kind === kind ? entry : null, loading: list.loading };
}

/**
 * Records a new chart entry on the device (works offline): a visit's encounter, diagnosis, vitals, problem or
 * prescription or referral draft from
 * the input the chart API's call would take. The server creates it under that call's rules when it arrives
 * (`edge/src/domains/chart/entry-writes.ts`) and sends its own version back; what it refuses leaves the device.
 * The care team records vitals and problems; encounters and diagnoses are the doctor's.
 */
export function useRecordChartEntry(): (entry: NewChartEntry) => Promise<ChartEntryDoc> {
  const engine = useSyncEngine();
  return useCallback(async (entry) => {
    const local = requireLocal(engine);
    const user = engine?.user();
    if (!user || !isTeam(user.role)) throw new Error("Only the care team records the chart.");
    if ((entry.kind === "encounter" || entry.kind === "diagnosis" || entry.kind === "prescription") && user.role !== "doctor") {
      throw new Error("Encounters, diagnoses and prescriptions are the doctor's.");
    }
    const doctorId = user.role === "doctor" ? user.id : user.doctor?.id ?? "";
    const author = { id: user.id, firstName: user.firstName, lastName: user.lastName, doctorId };
    const doc = parseOrThrow(chartEntrySchema, newChartEntry(entry, author, deviceNow(), crypto.randomUUID())) as ChartEntryDoc;
    void local.markPending("chart_entries", [doc.id]);
    await local.db.chart_entries.insert(withoutDeleted(doc) as never);
    return doc;
  }, [engine]);
}
