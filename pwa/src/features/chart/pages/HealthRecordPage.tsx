import { useCurrentUser } from "../../auth/index.ts";
import { PatientFiles } from "../../patients/index.ts";
import { EncounterDiagnoses } from "../components/EncounterDiagnoses.tsx";
import { EncountersSection } from "../components/EncountersSection.tsx";
import { ProblemsSection } from "../components/ProblemsSection.tsx";
import { VitalsSection } from "../components/VitalsSection.tsx";
import { chartPermissions } from "../lib/permissions.ts";

const PATIENT = chartPermissions("patient");

/**
 * `/health-record`, the patient's own view of what their doctor shared: shared
 * problems, encounters that were sent or have something shared (with their
 * shared diagnoses), and the vitals of sent encounters. Read-only. Offline, from the device, which holds what is
 * shared with the patient (issue 31); their files need a connection.
 */
export function HealthRecordPage() {
  const user = useCurrentUser();
  return (
    <div className="stack chart-page">
      <title>Health record · DPC Telehealth</title>
      <header className="chart-header">
        <h1>Your health record</h1>
        <p className="muted">What your doctor has shared with you: visits, diagnoses, problems and vitals.</p>
      </header>
      <EncountersSection
        patientId={user.id}
        permissions={PATIENT}
        title="Visits"
        emptyText="Visits your doctor sends you, or shares notes and diagnoses from, appear here."
        encounterHref={(id) => `/health-record/encounters/${id}`}
        renderExtra={(e) => <EncounterDiagnoses patientId={user.id} encounterId={e.id} />}
      />
      <ProblemsSection patientId={user.id} permissions={PATIENT} />
      <VitalsSection patientId={user.id} permissions={PATIENT} />
      <PatientFiles patientId={user.id} />
    </div>
  );
}
