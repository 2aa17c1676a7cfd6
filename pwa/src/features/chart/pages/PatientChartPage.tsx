import { Link, useLocation, useNavigate, useParams, useSearchParams } from "react-router";
import { docIdSchema } from "../../../../../sync/protocol.ts";
import type { ChartPatient } from "../../../../../sync/schemas/patient-record.ts";
import { useApi } from "../../../lib/app-deps.tsx";
import { EmptyState } from "../../../ui/index.ts";
import { useCurrentUser } from "../../auth/index.ts";
import { usePanelPatient, useServerOrDevice } from "../../sync/index.ts";
import { DraftsAndFiles, type PatientOption, patientName } from "../../patients/index.ts";
import { ChartHeader } from "../components/ChartHeader.tsx";
import { ChartSafetyBanner } from "../components/ChartSafetyBanner.tsx";
import { type ChartTab, ChartTabPanel, ChartTabs } from "../components/ChartTabs.tsx";
import { EncountersSection } from "../components/EncountersSection.tsx";
import { MedicalCardSection } from "../components/MedicalCardSection.tsx";
import { DeviceCopyNotice } from "../components/NeedsConnection.tsx";
import { ProblemsSection } from "../components/ProblemsSection.tsx";
import { ProfileSection } from "../components/ProfileSection.tsx";
import { ResourceState } from "../components/ResourceState.tsx";
import { VitalsSection } from "../components/VitalsSection.tsx";
import { deviceChart } from "../lib/device-chart.ts";
import { chartPermissions } from "../lib/permissions.ts";
import { chartKeys } from "../keys.ts";

export const CHART_SECTIONS = [
  { id: "profile", label: "Profile" },
  { id: "card", label: "Medical card" },
  { id: "problems", label: "Problems" },
  { id: "vitals", label: "Vitals" },
  { id: "encounters", label: "Encounters" },
  { id: "drafts", label: "Drafts & files" },
] as const satisfies readonly ChartTab<string>[];
export type ChartSection = (typeof CHART_SECTIONS)[number]["id"];

const sectionOf = (value: string | null): ChartSection =>
  CHART_SECTIONS.find((s) => s.id === value)?.id ?? "profile";

/**
 * `/doctor/patients/:patientId` and `/vma/patients/:patientId`: the patient's
 * chart. The section is in the address (`?section=`), so it survives a reload
 * and can be linked. The header, Profile and Medical card are read from the server and, when it cannot be
 * reached, from the practice's panel on the device (read-only: edits go through the server); "Drafts & files"
 * live on the device; the other sections need a connection.
 */
export function PatientChartPage({ basePath }: { basePath: string }) {
  const { patientId = "" } = useParams();
  const valid = docIdSchema.safeParse(patientId).success;
  return (
    <div className="stack chart-page">
      <Link to={basePath} className="back-link"><span aria-hidden="true">←</span> All patients</Link>
      {valid ? <Chart key={patientId} patientId={patientId} basePath={basePath} /> : (
        <>
          <title>Patient not found · DPC Telehealth</title>
          <h1>Patient not found</h1>
          <EmptyState title="This address does not name a patient" action={<Link to={basePath}>Back to the patients</Link>} />
        </>
      )}
    </div>
  );
}

function Chart({ patientId, basePath }: { patientId: string; basePath: string }) {
  const api = useApi();
  const user = useCurrentUser();
  const navigate = useNavigate();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  // `?document={consultationId}` ("Document this visit", issue 32) opens a new encounter for that visit.
  const documentVisit = docIdSchema.safeParse(params.get("document")).success ? params.get("document") : null;
  const section = documentVisit ? "encounters" : sectionOf(params.get("section"));
  const permissions = chartPermissions(user.role === "doctor" ? "doctor" : "vma");
  const chart = useServerOrDevice({
    queryKey: chartKeys.chart(patientId),
    queryFn: ({ signal }) => api.GET("/patient/{id}", { path: { id: patientId }, signal }),
  });
  // The device's copy of the panel (issue 31) names the patient at once, and stands in for the server offline.
  const device = usePanelPatient(patientId).patient;
  const offlineCopy = chart.offline && device ? deviceChart(device) : null;
  // The list hands the patient over too (a patient the device does not hold yet).
  const fromList = (location.state as { patient?: PatientOption } | null)?.patient;
  // The server's answer first: it is what an edit just saved, before the device hears of it.
  const known = chart.data ?? device ?? (fromList?.id === patientId ? fromList : null);
  const name = known ? patientName(known) : "Patient";
  const encounterHref = (id: string) => `${basePath}/${patientId}/encounters/${id}`;

  const select = (id: ChartSection) => {
    const next = new URLSearchParams(params);
    next.set("section", id);
    // Sections replace the entry: Back leaves the chart instead of walking through tabs.
    setParams(next, { replace: true, state: location.state });
  };
  const savedGeneral = (p: ChartPatient) => chart.setData((c) => ({ ...c, ...p }));

  return (
    <>
      <title>{`${name} · DPC Telehealth`}</title>
      <ChartHeader patient={known} />
      <ChartSafetyBanner card={chart.data?.medicalCard ?? (device ? deviceChart(device).medicalCard : null)} />
      <ChartTabs label="Chart sections" idPrefix="chart" tabs={CHART_SECTIONS} value={section} onChange={select} />
      <ChartTabPanel idPrefix="chart" id={section}>
        {section === "profile" && offlineCopy && (
          <ProfileSection patient={offlineCopy} canEdit={false} onSaved={() => {}} notice={<DeviceCopyNotice />} />
        )}
        {section === "profile" && !offlineCopy && (
          <ResourceState resource={chart} label="Profile">
            {(c) => <ProfileSection patient={c} canEdit={permissions.prepare} onSaved={savedGeneral} />}
          </ResourceState>
        )}
        {section === "card" && offlineCopy && (
          <MedicalCardSection patientId={patientId} card={offlineCopy.medicalCard} canEdit={false} onCard={() => {}}
            notice={<DeviceCopyNotice />} />
        )}
        {section === "card" && !offlineCopy && (
          <ResourceState resource={chart} label="Medical card">
            {(c) => (
              <MedicalCardSection
                patientId={patientId}
                card={c.medicalCard}
                canEdit={permissions.prepare}
                onCard={(card) => chart.setData((x) => ({ ...x, medicalCard: card }))}
              />
            )}
          </ResourceState>
        )}
        {section === "problems" && <ProblemsSection patientId={patientId} permissions={permissions} />}
        {section === "vitals" && <VitalsSection patientId={patientId} permissions={permissions} />}
        {section === "encounters" && (
          <EncountersSection
            patientId={patientId}
            permissions={permissions}
            encounterHref={encounterHref}
            onCreated={(e) => navigate(encounterHref(e.id))}
            documentVisit={documentVisit ?? undefined}
            onVisitFormClosed={() => {
              const next = new URLSearchParams(params);
              next.delete("document");
              setParams(next, { replace: true, state: location.state });
            }}
          />
        )}
        {section === "drafts" && (
          <>
            <p className="muted">Kept on this device and synced with the care team, so these work offline.</p>
            <DraftsAndFiles patientId={patientId} />
          </>
        )}
      </ChartTabPanel>
    </>
  );
}
