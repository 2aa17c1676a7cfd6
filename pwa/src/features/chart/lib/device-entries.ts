/**
 * The chart's answers made from the device's copy of its entries (issue 31), in the order the chart API gives
 * them, for when the server cannot be reached: problems (active first, newest first), vitals (oldest first, of
 * one encounter or all, in the units asked for), encounters (newest first) and an encounter's diagnoses.
 */
import type { ChartEntryOf } from "../../../../../sync/collections/index.ts";
import type { Diagnosis } from "../../../../../sync/schemas/diagnosis.ts";
import type { Encounter } from "../../../../../sync/schemas/encounter.ts";
import type { Problem } from "../../../../../sync/schemas/problem.ts";
import { type Vitals, type VITALS_FORMATS, vitalsInFormat } from "../../../../../sync/schemas/vitals.ts";

const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const dataOf = <K extends ChartEntryOf<"encounter" | "diagnosis" | "problem" | "vitals">>(entries: readonly K[]) =>
  entries.filter((e) => !e._deleted).map((e) => e.data as K["data"]);

export function deviceProblems(entries: readonly ChartEntryOf<"problem">[]): Problem[] {
  return dataOf(entries).sort((a, b) => compare(a.status, b.status) || compare(b.createdAt, a.createdAt) || byId(a, b));
}

export function deviceVitals(
  entries: readonly ChartEntryOf<"vitals">[],
  query: { format: (typeof VITALS_FORMATS)[number]; encounterId?: string },
): Vitals[] {
  return dataOf(entries)
    .filter((v) => !query.encounterId || v.encounterId === query.encounterId)
    .sort((a, b) => compare(a.recordedAt, b.recordedAt) || byId(a, b))
    .map((v) => vitalsInFormat(v, query.format));
}

export function deviceEncounters(entries: readonly ChartEntryOf<"encounter">[]): Encounter[] {
  return dataOf(entries).sort((a, b) => compare(b.encounterDatetime, a.encounterDatetime) || byId(a, b));
}

export function deviceDiagnoses(entries: readonly ChartEntryOf<"diagnosis">[], encounterId: string): Diagnosis[] {
  return dataOf(entries).filter((d) => d.encounterId === encounterId).sort((a, b) => compare(a.createdAt, b.createdAt) || byId(a, b));
}
