import { lazy, Suspense, useCallback, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { Link, useParams } from "react-router";
import { consultationAccess, isDocumentable } from "../../../../../sync/rules/consultation-access.ts";
import type { ConsultationIntakeForm } from "../../../../../sync/schemas/intake-form.ts";
import { ApiError } from "../../../lib/api/index.ts";
import { useApi } from "../../../lib/app-deps.tsx";
import { LoadError, Spinner } from "../../../ui/index.ts";
import { useCurrentUser } from "../../auth/index.ts";
import { useChartEntry, useConsultations, useServerOrDevice } from "../../sync/index.ts";
import { AccessStatePanel } from "../components/AccessStatePanel.tsx";
import { ConsultationActions } from "../components/ConsultationActions.tsx";
import { IntakeSummary } from "../components/IntakeSummary.tsx";
import { OfflineNote } from "../components/OfflineNote.tsx";
import { StatusBadge } from "../components/StatusBadge.tsx";
import { VisitRecordLink } from "../components/VisitRecordLink.tsx";
import { useConsultationActions } from "../hooks/use-consultation-actions.ts";
import { useNow } from "../hooks/use-now.ts";
import { consultationKeys } from "../keys.ts";
import { actsForDoctor, type ConsultationView, counterpart, fromApi, fromDevice, TYPE_LABELS } from "../lib/consultation-view.ts";
import { deviceTimeZone, formatDateTime, formatTime, zoneAbbreviation } from "../lib/time-format.ts";

// The room (janus-gateway, WebRTC) loads only when someone joins.
const VideoRoom = lazy(() => import("../../video/index.ts").then((m) => ({ default: m.VideoRoom })));

/**
 * `/consultation/{id}`: the consultation's details and the caller's access state
 * (01 §4), counting down to the moment it can be joined; "Join" enters the
 * live video room (features/video) in place of the access panel.
 */
export function ConsultationPage() {
  const { consultationId = "" } = useParams();
  const user = useCurrentUser();
  const api = useApi();
  const now = useNow(1000);
  const timeZone = deviceTimeZone();
  const calls = useConsultationActions();
  const device = useConsultations();
  const remote = useServerOrDevice({
    queryKey: consultationKeys.one(consultationId),
    queryFn: ({ signal }) =>
      api.GET("/consultations/{id}", { path: { id: consultationId }, signal }).catch((error) => {
        if (error instanceof ApiError && (error.code === 404 || error.code === 400)) return null;
        throw error;
      }),
    keepPrevious: true,
    retryOnce: true,
  });
  const [inRoom, setInRoom] = useState(false);
  const [roomEnd, setRoomEnd] = useState<string | null>(null);
  const reload = remote.reload;
  const onRoomClosed = useCallback((phase: string) => {
    setInRoom(false);
    setRoomEnd(phase === "finished" ? "The consultation is finished." : phase === "replaced"
      ? "You joined this consultation on another device, so it ended here."
      : phase === "error" ? "The video room stopped. You can join again." : null);
    reload();
  }, [reload]);
  const saved = device.items.find((c) => c.id === consultationId);
  const view: ConsultationView | null = remote.offline
    ? (saved ? fromDevice(saved, user.id, now) : null)
    : remote.data
    ? fromApi(remote.data)
    : null;
  const intake = useQuery({
    queryKey: consultationKeys.intake(consultationId),
    queryFn: ({ signal }) => api.GET("/consultations/intakeForm/{id}", { path: { id: consultationId }, signal }),
    enabled: !!remote.data,
  });
  // Offline, the intake answers the device holds (issue 31: a chart entry of kind `intake`, id the consultation's).
  const deviceIntake = useChartEntry(consultationId, "intake").entry;
  const intakeForm: ConsultationIntakeForm | null = remote.offline
    ? (deviceIntake?.data ? { ...deviceIntake.data, editable: false } : null)
    : intake.data ?? null;

  if (remote.loading && !remote.data) return <Spinner label="Opening the consultation" />;
  if (remote.error) {
    return (
      <section className="stack" aria-labelledby="consultation-error">
        <title>Consultation · DPC Telehealth</title>
        <h1 id="consultation-error">Consultation</h1>
        <LoadError error={remote.error} onRetry={remote.reload} />
      </section>
    );
  }
  if (!view) {
    return (
      <section className="stack consultation-page" aria-labelledby="consultation-missing">
        <title>Consultation not found · DPC Telehealth</title>
        <h1 id="consultation-missing">Consultation</h1>
        {remote.offline && <OfflineNote detail="This consultation is not saved on this device." />}
        {!remote.offline && <AccessStatePanel state="not_found" status={null} opensAt={null} now={now} timeZone={timeZone} />}
        <Link to="/home">Back to my consultations</Link>
      </section>
    );
  }

  // The state moves with the clock (not started → open → ended) without asking the server again.
  const isParty = view.access.state !== "no_access";
  const computed = consultationAccess({
    status: view.status,
    startAt: new Date(view.startAt),
    endAt: new Date(view.endAt),
    isParty,
  }, now);
  // A live visit (its room open) stays open past its slot: the server says so, the clock alone cannot.
  const access = computed.state === "ended" && !remote.offline && view.access.state === "open" ? { ...computed, state: "open" as const } : computed;
  const isVideo = view.type === "video" && !remote.offline;
  const minutes = Math.round((new Date(view.endAt).getTime() - new Date(view.startAt).getTime()) / 60_000);
  const title = counterpart(user, view);
  const visit = { ...view, encounterId: (remote.offline ? saved?.encounterId : remote.data?.encounterId) ?? null };

  return (
    <article className="stack consultation-page" aria-labelledby="consultation-title">
      <title>{`Consultation with ${title} · DPC Telehealth`}</title>
      <Link to="/home" className="back-link"><span aria-hidden="true">←</span> My consultations</Link>
      <div className="row consultation-page__head">
        <h1 id="consultation-title">{TYPE_LABELS[view.type]} consultation with {title}</h1>
        <StatusBadge status={view.status} />
      </div>
      {remote.offline && <OfflineNote />}
      {roomEnd && !inRoom && (
        <div className="notice row" role="status">
          <span>{roomEnd}</span>
          {/* Right after the call, while it is fresh: write it down. */}
          <VisitRecordLink visit={visit} viewerId={user.id} button />
        </div>
      )}
      {inRoom
        ? (
          <Suspense fallback={<Spinner label="Opening the video room" />}>
            <VideoRoom
              consultationId={view.id}
              isDoctor={user.id === view.doctorId}
              otherName={title}
              onClosed={onRoomClosed}
              panels={{
                chat: (
                  <p>
                    The text chat with {title} opens in <Link to="/messages">Messages</Link>; it stays there after the visit.
                  </p>
                ),
                intake: intakeForm ? <IntakeSummary form={intakeForm} /> : <p>No intake form was filled in.</p>,
                patient: (
                  <dl className="detail-list">
                    <dt>Name</dt>
                    <dd>{view.patientName}</dd>
                    <dt>Reason</dt>
                    <dd>{view.reason}</dd>
                    {user.id === view.doctorId && (
                      <>
                        <dt>Record</dt>
                        <dd><Link to={`/doctor/patients/${view.patientId}`}>Open the patient's record</Link></dd>
                      </>
                    )}
                  </dl>
                ),
                encounter: (
                  <div className="stack">
                    <p>{visit.encounterId ? "This visit is documented." : "No encounter documents this visit yet."}</p>
                    <VisitRecordLink visit={visit} viewerId={user.id} />
                  </div>
                ),
              }}
            />
          </Suspense>
        )
        : (
          <AccessStatePanel
            state={access.state}
            status={view.status}
            opensAt={access.opensAt}
            now={now}
            timeZone={timeZone}
            answersRequests={actsForDoctor(user, view)}
            onJoin={isVideo ? () => {
              setRoomEnd(null);
              setInRoom(true);
            } : undefined}
            joinUnavailable={remote.offline ? "Joining needs a connection." : `A ${TYPE_LABELS[view.type].toLowerCase()} consultation has no video room.`}
          />
        )}
      <section className="card stack" aria-labelledby="consultation-details">
        <h2 id="consultation-details">Details</h2>
        <dl className="detail-list">
          <dt>When</dt>
          <dd>
            {formatDateTime(view.startAt, timeZone)}–{formatTime(view.endAt, timeZone)} {zoneAbbreviation(timeZone, new Date(view.startAt))}
          </dd>
          <dt>Length</dt>
          <dd>{minutes} minutes</dd>
          <dt>Kind</dt>
          <dd>{TYPE_LABELS[view.type]}</dd>
          <dt>Doctor</dt>
          <dd><Link to={`/profile/${view.doctorId}`}>Dr. {view.doctorName}</Link></dd>
          <dt>Patient</dt>
          <dd>{view.patientName}</dd>
          <dt>Reason</dt>
          <dd>{view.reason}</dd>
          {view.outOfStateReason && (
            <>
              <dt>Out of state</dt>
              <dd>{view.outOfStateReason}</dd>
            </>
          )}
          {view.declineReason && (
            <>
              <dt>Declined because</dt>
              <dd>{view.declineReason}</dd>
            </>
          )}
          {view.cancelReason && (
            <>
              <dt>Canceled because</dt>
              <dd>{view.cancelReason}</dd>
            </>
          )}
          {user.id === view.doctorId && (visit.encounterId || isDocumentable(view.status)) && (
            <>
              <dt>Visit record</dt>
              <dd><VisitRecordLink visit={visit} viewerId={user.id} /></dd>
            </>
          )}
        </dl>
        <ConsultationActions
          consultation={view}
          viewer={user}
          now={now}
          timeZone={timeZone}
          calls={calls}
          readOnly={remote.offline}
          onChanged={remote.reload}
        />
      </section>
      {intakeForm && (
        <section className="card stack" aria-labelledby="consultation-intake">
          <h2 id="consultation-intake">Intake form</h2>
          <IntakeSummary form={intakeForm} />
        </section>
      )}
    </article>
  );
}
