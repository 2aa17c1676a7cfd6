import { type ReactNode, useRef, useState } from "react";
import { errorMessage } from "../../../lib/api/index.ts";
import { Link, useNavigate, useParams } from "react-router";
import { docIdSchema } from "../../../../../sync/protocol.ts";
import { useChartEntry, useServerOrDevice } from "../../sync/index.ts";
import { useApi } from "../../../lib/app-deps.tsx";
import { Button, ConfirmDialog, Dialog, EmptyState, useSnackbar } from "../../../ui/index.ts";
import { useCurrentUser } from "../../auth/index.ts";
import { StatusBadge } from "../../consultations/index.ts";
import { DiagnosesPanel } from "../components/DiagnosesPanel.tsx";
import { DownloadDialog } from "../components/DownloadDialog.tsx";
import { FaxSendDialog } from "../../documents/index.ts";
import { EncounterForm } from "../components/EncounterForm.tsx";
import { NotesReadOnly } from "../components/NotesReadOnly.tsx";
import { ResourceState } from "../components/ResourceState.tsx";
import { SharedBadge } from "../components/SharedBadge.tsx";
import { VitalsSection } from "../components/VitalsSection.tsx";
import { ENCOUNTER_TYPE_LABELS, formatDateTime } from "../lib/chart-format.ts";
import { type ChartRole, chartPermissions, chartRoleOf } from "../lib/permissions.ts";
import { chartKeys } from "../keys.ts";

/** What the notes section of the encounter page is given (features/notes renders it). */
export type EncounterNotesContext = { patientId: string; encounterId: string; role: ChartRole };
/** Renders the encounter's notes; it sits inside the page's section headed "Notes" (an h2), so it starts at h3. */
export type RenderEncounterNotes = (ctx: EncounterNotesContext) => ReactNode;
/** Renders the encounter's orders (features/orders): a section of its own with an h2. */
export type RenderEncounterOrders = (ctx: EncounterNotesContext) => ReactNode;

type Props = {
  /** `/doctor/patients`, `/vma/patients`, or `/health-record` for the patient's own view. */
  basePath: string;
  renderNotes?: RenderEncounterNotes;
  renderOrders?: RenderEncounterOrders;
};

/**
 * `/doctor|vma/patients/:patientId/encounters/:encounterId` and, read-only for
 * the patient, `/health-record/encounters/:encounterId`: details, the doctor's
 * actions (edit, send, send all, delete), PDF download, diagnoses, vitals, notes.
 */
export function EncounterPage({ basePath, renderNotes, renderOrders }: Props) {
  const user = useCurrentUser();
  const params = useParams();
  const role = chartRoleOf(user.role);
  const patientId = role === "patient" ? user.id : params.patientId ?? "";
  const encounterId = params.encounterId ?? "";
  const chartPath = role === "patient" ? basePath : `${basePath}/${patientId}`;
  const valid = role !== null && docIdSchema.safeParse(patientId).success && docIdSchema.safeParse(encounterId).success;
  return (
    <div className="stack chart-page">
      <Link to={role === "patient" ? chartPath : `${chartPath}?section=encounters`} className="back-link">
        <span aria-hidden="true">←</span> {role === "patient" ? "Your health record" : "Back to the chart"}
      </Link>
      {valid
        ? <EncounterView key={encounterId} patientId={patientId} encounterId={encounterId} role={role} chartPath={chartPath} renderNotes={renderNotes} renderOrders={renderOrders} />
        : <NotFound chartPath={chartPath} />}
    </div>
  );
}

function NotFound({ chartPath }: { chartPath: string }) {
  return (
    <>
      <title>Encounter not found · DPC Telehealth</title>
      <h1>Encounter not found</h1>
      <EmptyState title="This address does not name an encounter you can see" action={<Link to={chartPath}>Back to the chart</Link>} />
    </>
  );
}

type ViewProps = {
  patientId: string; encounterId: string; role: ChartRole; chartPath: string; renderNotes?: RenderEncounterNotes;
  renderOrders?: RenderEncounterOrders;
};

function EncounterView({ patientId, encounterId, role, chartPath, renderNotes, renderOrders }: ViewProps) {
  const api = useApi();
  const navigate = useNavigate();
  const notify = useSnackbar();
  const permissions = chartPermissions(role);
  // Offline, the device's copy (issue 31): it reads; the actions that need the server wait for the network.
  const entry = useChartEntry(encounterId, "encounter").entry;
  const device = {
    copy: entry?.data ?? undefined, version: entry ? String(entry.updatedAt) : undefined, notOnServerYet: entry?.pending === true,
  };
  const encounter = useServerOrDevice({
    queryKey: chartKeys.encounter(encounterId),
    queryFn: ({ signal }) => api.GET("/encounters/{id}", { path: { id: encounterId }, signal }),
  }, device);
  const live = !encounter.offline;
  const [dialog, setDialog] = useState<"edit" | "send" | "sendAll" | "delete" | "download" | "fax" | null>(null);
  const [refreshKey, setRefreshKey] = useState(0);
  const close = () => setDialog(null);
  const send = async (all: boolean) => {
    const saved = await api.POST(all ? "/encounters/send-all/{id}" : "/encounters/send/{id}", { path: { id: encounterId } });
    encounter.setData(() => saved);
    if (all) setRefreshKey((k) => k + 1);
    notify(all ? "Sent to the patient with its notes and diagnoses" : "Sent to the patient", "success");
  };

  // The notes are the device's (features/notes): they stay on the page offline, when the encounter itself cannot
  // be read, and are not remounted when the network goes or comes back (an editor keeps its focus and text, and a
  // note's session keeps what it learnt, such as "also changed elsewhere while this device was offline").
  const notesNow = encounter.offline || encounter.data?.patientId === patientId;
  const notesShown = useRef(false);
  if (notesNow) notesShown.current = true;
  const showNotes = notesNow || (notesShown.current && encounter.data === undefined && encounter.error === null);
  return (
    <>
      <ResourceState resource={encounter} label="This encounter">
        {(e) =>
          e.patientId !== patientId ? <NotFound chartPath={chartPath} /> : (
            <>
              <title>{`${e.reason} · DPC Telehealth`}</title>
              <header className="chart-header">
                <p className="chart-header__eyebrow">Encounter</p>
                <h1>{e.reason}</h1>
                <p className="chart-header__facts">
                  <span>{ENCOUNTER_TYPE_LABELS[e.type]}</span>
                  <span>{formatDateTime(e.encounterDatetime)}</span>
                  {permissions.prepare && <SharedBadge shared={e.isShared} sent waiting={encounter.fromDevice && entry?.pending === true} />}
                </p>
              </header>
              <div className="row chart-actions" role="group" aria-label="Encounter actions">
                {permissions.decide && live && (
                  <>
                    <Button variant="secondary" onClick={() => setDialog("edit")}>Edit</Button>
                    <Button onClick={() => setDialog("send")}>{e.isShared ? "Send again" : "Send to the patient"}</Button>
                    <Button variant="secondary" onClick={() => setDialog("sendAll")}>Send all</Button>
                  </>
                )}
                {live && <Button variant="secondary" onClick={() => setDialog("download")}>Download PDF</Button>}
                {permissions.prepare && live && <Button variant="secondary" onClick={() => setDialog("fax")}>Fax</Button>}
                {permissions.prepare && (role === "doctor" || role === "vma") && (
                  <Link className="ui-button ui-button--secondary" to={`/${role}/tasks?encounterId=${e.id}&patientId=${patientId}`}>New task</Link>
                )}
                {permissions.decide && live && <Button variant="danger" onClick={() => setDialog("delete")}>Delete</Button>}
              </div>
              <section className="card stack" aria-labelledby="encounter-details-title">
                <h2 id="encounter-details-title">Details</h2>
                <dl className="details-grid">
                  <dt>Type</dt>
                  <dd>{ENCOUNTER_TYPE_LABELS[e.type]}</dd>
                  <dt>Date and time</dt>
                  <dd>{formatDateTime(e.encounterDatetime)}</dd>
                  <dt>Consultation</dt>
                  <dd>{e.consultationId ? <ConsultationStatus id={e.consultationId} /> : "Not linked to a consultation"}</dd>
                  {permissions.prepare && (
                    <>
                      <dt>Patient</dt>
                      <dd>{e.isShared ? "Sent to the patient" : "Not sent yet"}</dd>
                    </>
                  )}
                </dl>
                {e.details ? <p className="chart-details-text">{e.details}</p> : <p className="muted">No details written.</p>}
              </section>
              <DiagnosesPanel patientId={patientId} encounterId={encounterId} permissions={permissions} refreshKey={refreshKey} />
              <VitalsSection patientId={patientId} encounterId={encounterId} permissions={permissions} title="Vitals of this encounter" />
              {renderOrders?.({ patientId, encounterId, role })}

              <Dialog open={dialog === "edit"} title="Edit encounter" onClose={close} wide>
                {dialog === "edit" && <EncounterForm mode="edit" encounter={e} onSaved={(saved) => encounter.setData(() => saved)} onClose={close} />}
              </Dialog>
              <ConfirmDialog
                describeFailure={errorMessage}
                open={dialog === "send"}
                title="Send this encounter to the patient?"
                summary="The patient sees its type, reason, date, details and vitals in their health record, and gets a notification. Notes and diagnoses stay as they are."
                confirmLabel="Send"
                onConfirm={() => send(false)}
                onClose={close}
              />
              <ConfirmDialog
                describeFailure={errorMessage}
                open={dialog === "sendAll"}
                title="Send everything to the patient?"
                summary="The encounter is sent and every note and diagnosis of it is shared with the patient."
                confirmLabel="Send all"
                onConfirm={() => send(true)}
                onClose={close}
              />
              <ConfirmDialog
                describeFailure={errorMessage}
                open={dialog === "delete"}
                title="Delete this encounter?"
                summary="The encounter, its notes and its diagnoses leave the chart for the whole care team and the patient."
                confirmLabel="Delete encounter"
                danger
                onConfirm={async () => {
                  await api.DELETE("/encounters/{id}", { path: { id: encounterId } });
                  notify("Encounter deleted", "success");
                  navigate(`${chartPath}?section=encounters`, { replace: true });
                }}
                onClose={close}
              />
              <FaxSendDialog
                source={dialog === "fax" ? { encounterId, label: `Encounter of ${formatDateTime(e.encounterDatetime)}` } : null}
                onClose={close}
              />
              <DownloadDialog
                open={dialog === "download"}
                encounterId={encounterId}
                fileName={`encounter-${e.encounterDatetime.slice(0, 10)}.pdf`}
                onClose={close}
              />
            </>
          )}
      </ResourceState>
      {showNotes && (
        <section className="stack" aria-labelledby="encounter-notes-title">
          <h2 id="encounter-notes-title">Notes</h2>
          {renderNotes
            ? renderNotes({ patientId, encounterId, role })
            : <NotesReadOnly encounterId={encounterId} showShared={permissions.prepare} refreshKey={refreshKey} />}
        </section>
      )}
    </>
  );
}

/** The linked consultation's status (`GET /consultations/{id}`), with a link to it. */
function ConsultationStatus({ id }: { id: string }) {
  const api = useApi();
  const consultation = useServerOrDevice({
    queryKey: chartKeys.consultation(id),
    queryFn: ({ signal }) => api.GET("/consultations/{id}", { path: { id }, signal }),
  });
  if (consultation.offline) return <span className="muted">Needs a connection</span>;
  if (consultation.error) return <span className="muted">Status unavailable ({consultation.error})</span>;
  if (!consultation.data) return <span className="muted">Loading…</span>;
  return (
    <span className="row">
      <StatusBadge status={consultation.data.status} />
      <Link to={`/consultation/${id}`}>Open the consultation</Link>
    </span>
  );
}
