import { useApi } from "../../../lib/app-deps.tsx";
import { useDeviceEntries, useServerOrDevice } from "../../sync/index.ts";
import { deviceDiagnoses } from "../lib/device-entries.ts";
import { chartKeys } from "../keys.ts";

/**
 * The diagnoses shared from one encounter, in a line under it (the patient's health record); offline, from the
 * device, which holds what is shared with the patient (issue 31).
 */
export function EncounterDiagnoses({ patientId, encounterId }: { patientId: string; encounterId: string }) {
  const api = useApi();
  const device = useDeviceEntries(patientId, "diagnosis", (entries) => {
    const list = deviceDiagnoses(entries, encounterId);
    return { list, totalCount: list.length, offset: 0, limit: 100 };
  }, [encounterId]);
  const diagnoses = useServerOrDevice({
    queryKey: chartKeys.diagnoses(encounterId),
    queryFn: ({ signal }) => api.POST("/diagnoses/list/{encounterId}", { path: { encounterId }, body: { offset: 0, limit: 100 }, signal }),
  }, device);
  const list = diagnoses.data?.list ?? [];
  if (diagnoses.error) return <p className="muted">Diagnoses could not be loaded: {diagnoses.error}</p>;
  if (list.length === 0) return null;
  return (
    <div className="chart-inline-diagnoses">
      <span className="chart-inline-diagnoses__label">Diagnoses:</span>
      <ul>
        {list.map((d) => (
          <li key={d.id}><span className="chart-code">{d.code}</span> {d.description}</li>
        ))}
      </ul>
    </div>
  );
}
