import type { Vitals } from "../../../../../sync/schemas/vitals.ts";
import { formatDateTime } from "../lib/chart-format.ts";
import { type VitalsFormat, vitalsUnits } from "../lib/vitals-series.ts";

const dash = (v: number | string | null) => (v === null || v === "" ? "—" : String(v));

/** Every reading, newest first: the charts' data as a table (scrolls sideways on a phone). */
export function VitalsTable({ list, format, id, showRecorder = true, waiting }: {
  list: readonly Vitals[];
  format: VitalsFormat;
  id: string;
  showRecorder?: boolean;
  /** Readings recorded on this device the server has not acknowledged yet (issue 31). */
  waiting?: ReadonlySet<string>;
}) {
  const units = vitalsUnits(format);
  const rows = [...list].sort((a, b) => b.recordedAt.localeCompare(a.recordedAt));
  return (
    <div className="chart-table-wrap" role="region" aria-labelledby={`${id}-caption`} tabIndex={0}>
      <table className="chart-table" id={id}>
        <caption id={`${id}-caption`}>Vitals readings, newest first</caption>
        <thead>
          <tr>
            <th scope="col">Recorded</th>
            <th scope="col">Blood pressure ({units.bloodPressure})</th>
            <th scope="col">Pulse ({units.heartRate})</th>
            <th scope="col">Weight ({units.weight})</th>
            <th scope="col">Height ({units.height})</th>
            <th scope="col">BMI</th>
            <th scope="col">Temperature ({units.temperature})</th>
            <th scope="col">Respiratory rate ({units.respiratoryRate})</th>
            {showRecorder && <th scope="col">By</th>}
          </tr>
        </thead>
        <tbody>
          {rows.map((v) => (
            <tr key={v.id}>
              <th scope="row">
                {formatDateTime(v.recordedAt)}
                {waiting?.has(v.id) && <span className="chart-badge chart-badge--waiting">Waiting to be sent</span>}
              </th>
              <td>{dash(v.bloodPressure)}</td>
              <td>{dash(v.heartRate)}</td>
              <td>{dash(v.weight)}</td>
              <td>{dash(v.height)}</td>
              <td>{dash(v.bmi)}</td>
              <td>{dash(v.temperature)}</td>
              <td>{dash(v.respiratoryRate)}</td>
              {showRecorder && (
                <td>{v.source === "intake" ? "Intake form" : `${v.recordedBy.firstName} ${v.recordedBy.lastName}`.trim()}</td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
