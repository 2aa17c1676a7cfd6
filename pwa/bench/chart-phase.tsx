/**
 * The benchmark's chart phase: the chart opened with no network, rendered by the chart page's own components
 * (`ChartHeader`, `MedicalCardSection` with `deviceChart`) fed by the sync hooks the page uses (`usePanelPatient`,
 * `useChartEntries`).
 */
import { type ReactNode, useLayoutEffect, useRef } from "react";
import { createRoot } from "react-dom/client";
import { CHART_ENTRY_KINDS, type ChartEntryKind } from "../../sync/collections/index.ts";
import { ChartHeader } from "../src/features/chart/components/ChartHeader.tsx";
import { MedicalCardSection } from "../src/features/chart/components/MedicalCardSection.tsx";
import { DeviceCopyNotice } from "../src/features/chart/components/NeedsConnection.tsx";
import { deviceChart } from "../src/features/chart/lib/device-chart.ts";
import { SyncProvider, type SyncEngine, useChartEntries, usePanelPatient } from "../src/features/sync/index.ts";
import { type AppDeps, AppDepsProvider } from "../src/lib/app-deps.tsx";
import { SnackbarProvider } from "../src/ui/index.ts";
import { now } from "./clock.ts";

/** What the chart shows once rendered: the time of the commit, the entries read by kind, and what the DOM holds. */
type ChartShown = {
  at: number;
  entries: Record<ChartEntryKind, number>;
  name: string;
  allergies: { expected: number; shown: number };
  medications: { expected: number; shown: number };
};

/**
 * The chart as the chart page shows it offline (PatientChartPage.tsx): the header from the panel's copy, the
 * medical card from `deviceChart`, with the page's own components; and, as the chart's other sections would, the
 * patient's chart entries of each kind read through `useChartEntries`. Tells `onShown` at the first commit (a layout
 * effect: the DOM holds it) where the panel doc and every kind is read and the header and card are rendered.
 */
function OfflineChart({ patientId, onShown }: { patientId: string; onShown: (shown: ChartShown) => void }) {
  const { patient, loading } = usePanelPatient(patientId);
  const lists = {
    encounter: useChartEntries(patientId, "encounter"),
    diagnosis: useChartEntries(patientId, "diagnosis"),
    problem: useChartEntries(patientId, "problem"),
    vitals: useChartEntries(patientId, "vitals"),
    lab: useChartEntries(patientId, "lab"),
    imaging: useChartEntries(patientId, "imaging"),
    referral: useChartEntries(patientId, "referral"),
    prescription: useChartEntries(patientId, "prescription"),
    intake: useChartEntries(patientId, "intake"),
  };
  const chart = patient ? deviceChart(patient) : null;
  const ready = chart !== null && !loading && CHART_ENTRY_KINDS.every((kind) => !lists[kind].loading);
  const ref = useRef<HTMLDivElement>(null);
  const told = useRef(false);
  useLayoutEffect(() => {
    if (!ready || told.current || !ref.current) return;
    told.current = true;
    const at = now();
    const shownIn = (list: string) => ref.current!.querySelectorAll(`[aria-labelledby="card-${list}-title"] li`).length;
    onShown({
      at,
      entries: Object.fromEntries(CHART_ENTRY_KINDS.map((kind) => [kind, lists[kind].items.length])) as Record<ChartEntryKind, number>,
      name: ref.current.querySelector("h1")?.textContent ?? "",
      allergies: { expected: chart.medicalCard.allergies.length, shown: shownIn("allergies") },
      medications: { expected: chart.medicalCard.medications.length, shown: shownIn("medications") },
    });
  });
  return (
    <div ref={ref}>
      <ChartHeader patient={patient} />
      {chart && (
        <MedicalCardSection patientId={patientId} card={chart.medicalCard} canEdit={false} onCard={() => {}} notice={<DeviceCopyNotice />} />
      )}
    </div>
  );
}

/** The providers the chart's components need (the API for their edit dialogs, the snackbar), and the sync engine. */
function ChartProviders({ deps, engine, children }: { deps: AppDeps; engine: SyncEngine; children: ReactNode }) {
  return (
    <AppDepsProvider deps={deps}>
      <SnackbarProvider>
        <SyncProvider engine={engine}>{children}</SyncProvider>
      </SnackbarProvider>
    </AppDepsProvider>
  );
}

export function createChartPhase(deps: AppDeps, engine: SyncEngine) {
  return {
  /**
     * The chart opened with no network, one patient after another: from the render of the patient's chart (as a
     * navigation to it renders the page) until a commit where the panel doc and the patient's entries of all four
     * kinds are read and decrypted (the hooks' queries, `{patientId, kind}` on the index) and the header and the
     * medical card are in the DOM. `warmup` is opened first, untimed (the app has rendered the patient list first).
     */
    async openChartsOffline(patientIds: string[], warmup: string, perChartTimeoutMs = 10_000) {
      if (navigator.onLine) throw new Error("still online: cut the network first");
      const host = document.body.appendChild(document.createElement("div"));
      const root = createRoot(host);
      const open = (patientId: string) =>
        new Promise<ChartShown & { ms: number; patientId: string }>((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error(`the chart of ${patientId} was not shown within ${perChartTimeoutMs} ms`)), perChartTimeoutMs);
          const start = now();
          root.render(
            <ChartProviders deps={deps} engine={engine}>
              <OfflineChart
                key={patientId}
                patientId={patientId}
                onShown={(shown) => (clearTimeout(timer), resolve({ ...shown, ms: shown.at - start, patientId }))}
              />
            </ChartProviders>,
          );
        });
      try {
        await open(warmup);
        const opened = [];
        for (const id of patientIds) opened.push(await open(id));
        return opened;
      } finally {
        root.unmount();
        host.remove();
      }
    },
  };
}
