/**
 * The medical card as the chart shows it. The server's answer is `ChartCard` (sync/schemas/patient-record.ts,
 * `GET /patient/{id}`, edit-record, delete-record); offline the device's copy stands in (device-chart.ts), and its
 * records are the card as stored: a field may be missing. The screens read records column by column
 * (`LISTS[list].columns`), so they take either.
 */
import type { ChartCard, ChartPatient } from "../../../../../sync/schemas/patient-record.ts";
import type { ListName } from "../../medical-card/index.ts";

/** One record of a list, read by its columns' keys; every record has an `_id` (the lists are keyed by it). */
export type CardRecordView = { _id: string; [column: string]: string | undefined };

/** A `ChartCard`, or the device's copy of it. */
export type CardView = Omit<ChartCard, ListName> & { [L in ListName]: CardRecordView[] };

/** The chart's patient from the device's copy of the panel: `PatientChart` with the card as stored. */
export type PatientChartView = ChartPatient & { medicalCard: CardView };
