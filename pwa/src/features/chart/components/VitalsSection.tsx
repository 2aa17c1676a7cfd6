import { useId, useState } from "react";
import { VITALS_FORMATS } from "../../../../../sync/schemas/vitals.ts";
import { useApi } from "../../../lib/app-deps.tsx";
import { Button, Dialog, EmptyState, Select, useSnackbar } from "../../../ui/index.ts";
import { useActions } from "../hooks/use-actions.ts";
import { useDeviceEntries, useServerOrDevice } from "../../sync/index.ts";
import { deviceVitals } from "../lib/device-entries.ts";
import type { ChartPermissions } from "../lib/permissions.ts";
import { type VitalsFormat, vitalsCharts } from "../lib/vitals-series.ts";
import { ResourceState } from "./ResourceState.tsx";
import { VitalsChart } from "./VitalsChart.tsx";
import { VitalsForm } from "./VitalsForm.tsx";
import { VitalsTable } from "./VitalsTable.tsx";
import { chartKeys } from "../keys.ts";

const FORMAT_OPTIONS = [
  { value: "imperial", label: "US (lbs, in, °F)" },
  { value: "metric", label: "Metric (kg, cm, °C)" },
] satisfies { value: (typeof VITALS_FORMATS)[number]; label: string }[];

type Props = {
  patientId: string;
  /** Only this encounter's vitals (the encounter page); new ones are recorded on it. */
  encounterId?: string;
  permissions: ChartPermissions;
  /** Heading level: 2 in the chart, 3 inside the encounter page and the health record's encounters. */
  headingLevel?: 2 | 3;
  title?: string;
};

/** Vitals over time: a chart per measure, the table of readings, adding and importing from intake forms. */
export function VitalsSection({ patientId, encounterId, permissions, headingLevel = 2, title = "Vitals" }: Props) {
  const api = useApi();
  const id = useId();
  const [format, setFormat] = useState<VitalsFormat>("imperial");
  // The device's copy stands in offline (issue 31); the care team's devices hold it.
  const device = useDeviceEntries(patientId, "vitals", (e) => deviceVitals(e, { format, encounterId }), [format, encounterId]);
  const vitals = useServerOrDevice({
    queryKey: chartKeys.vitals(patientId, { format, encounterId }),
    queryFn: ({ signal }) => api.GET("/vitals/patient/{id}", { path: { id: patientId }, signal, query: { format, encounterId } }),
    keepPrevious: true,
  }, device);
  const [adding, setAdding] = useState(false);
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const titleId = `${id}-title`;

  return (
    <section className="stack" aria-labelledby={titleId} aria-busy={vitals.loading}>
      <div className="row chart-section__bar">
        <Heading id={titleId}>{title}</Heading>
        {permissions.prepare && (!vitals.offline || vitals.fromDevice) && (
          <Button variant="secondary" onClick={() => setAdding(true)}>Add vitals</Button>
        )}
      </div>
      {permissions.prepare && !encounterId && !vitals.offline && <IntakeImport patientId={patientId} format={format} onImported={vitals.reload} />}
      <ResourceState resource={vitals} label="Vitals">
        {(list) =>
          list.length === 0
            ? (
              <EmptyState title="No vitals yet">
                {!permissions.prepare
                  ? "Vitals from visits your doctor sends you appear here."
                  : encounterId
                  ? "Add the readings taken during this encounter."
                  : "Add a reading, or import the vitals patients give in their intake forms."}
              </EmptyState>
            )
            : (
              <>
                <div className="vitals-units">
                  <Select label="Units" options={FORMAT_OPTIONS} value={format} onChange={(v) => setFormat(v as VitalsFormat)} />
                </div>
                <div className="vitals-charts">
                  {vitalsCharts(list, format).map((spec) => <VitalsChart key={spec.key} spec={spec} tableId={`${id}-table`} />)}
                </div>
                <VitalsTable list={list} format={format} id={`${id}-table`} showRecorder={permissions.prepare}
                  waiting={vitals.fromDevice ? device.waiting : undefined} />
              </>
            )}
      </ResourceState>
      <Dialog open={adding} title="Add vitals" onClose={() => setAdding(false)} wide>
        {adding && <VitalsForm patientId={patientId} encounterId={encounterId} onSaved={() => vitals.reload()} onClose={() => setAdding(false)} />}
      </Dialog>
    </section>
  );
}

/** "N intake forms have vitals to import" when the server says an import is possible. */
function IntakeImport({ patientId, format, onImported }: { patientId: string; format: VitalsFormat; onImported: () => void }) {
  const api = useApi();
  const notify = useSnackbar();
  const check = useServerOrDevice({
    queryKey: chartKeys.vitalsImports(patientId),
    queryFn: ({ signal }) => api.GET("/vitals/patient/{id}/areImportsFromIntakeFormsPossible", { path: { id: patientId }, signal }),
  });
  const { run, busy } = useActions();
  const c = check.data;
  const missing = c?.vitalsRequired ? c.missingVitals.length : 0;
  if (!c || (!c.possible && missing === 0)) return null;

  const runImport = async () => {
    const result = await run("import", () =>
      api.POST("/vitals/patient/{id}/runImportsFromIntakeForms", { path: { id: patientId }, body: { format } }));
    if (!result) return;
    const skipped = result.skipped.length ? `; ${plural(result.skipped.length, "form")} without vitals skipped` : "";
    notify(`Imported ${plural(result.imported.length, "reading")}${skipped}`, "success");
    onImported();
    check.reload();
  };

  return (
    <div className="notice stack" role="status">
      {c.possible && (
        <div className="row chart-section__bar">
          <span>{plural(c.count, "intake form")} with vitals not in the chart yet.</span>
          <Button variant="secondary" loading={busy === "import"} onClick={() => void runImport()}>Import from intake forms</Button>
        </div>
      )}
      {missing > 0 && <span>{plural(missing, "intake form")} without vitals, although the intake form requires at least one.</span>}
    </div>
  );
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;
