import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { ApplicationView } from "../../../../../sync/schemas/admin.ts";
import { useApi } from "../../../lib/app-deps.tsx";
import { useObjectUrl } from "../../../lib/use-object-url.ts";
import { errorMessage } from "../../../lib/api/api-error.ts";
import { Button, useSnackbar } from "../../../ui/index.ts";
import { dateOnly, useChangeDoctorStatus } from "../api.ts";
import { ApproveDialog, ReasonDialog } from "./ApplicationDialogs.tsx";

/** The signature image, fetched with the admin's token (an <img> cannot send it). */
function Signature({ doctor }: { doctor: ApplicationView }) {
  const api = useApi();
  const image = useQuery({
    queryKey: ["admin", "signature", doctor.id],
    queryFn: async ({ signal }) => await (await api.RAW("GET", "/admin/applications/{id}/sign", { path: { id: doctor.id }, signal })).blob(),
    enabled: doctor.hasSignature,
    staleTime: Infinity,
  });
  const url = useObjectUrl(image.data);
  if (!doctor.hasSignature) return <>None uploaded</>;
  if (image.error) return <>{errorMessage(image.error)}</>;
  return url ? <img className="admin-signature" src={url} alt={`Signature of ${doctor.firstName} ${doctor.lastName}`} /> : <>Loading…</>;
}

type Dialog = "approve" | "decline" | "deactivate" | null;

/** Everything the doctor submitted, and the admin's actions for their state. */
export function ApplicationDetail({ doctor }: { doctor: ApplicationView }) {
  const [dialog, setDialog] = useState<Dialog>(null);
  const change = useChangeDoctorStatus();
  const notify = useSnackbar();
  const name = `${doctor.firstName} ${doctor.lastName}`;
  const status = doctor.deactivatedAt ? "Deactivated" : { initial: "Pending", approved: "Approved", declined: "Declined" }[doctor.applicationStatus ?? "initial"];

  return (
    <article className="card stack" aria-labelledby={`app-${doctor.id}`}>
      <h3 id={`app-${doctor.id}`}>{name} <span className="muted">· {status}</span></h3>
      <dl className="admin-detail">
        <dt>Email</dt><dd>{doctor.email}</dd>
        <dt>Phone</dt><dd>{doctor.phoneNumber ?? "—"}</dd>
        <dt>Specialty</dt><dd>{doctor.specialty ?? "—"}</dd>
        <dt>Licensed states</dt><dd>{doctor.licensedStates.join(", ") || "—"}</dd>
        <dt>NPI</dt>
        <dd>
          {doctor.npi ?? "—"}{" "}
          {doctor.npi && (doctor.npiValid
            ? <span className="status">Valid format</span>
            : <span className="status status--blocked">Check digit wrong</span>)}
        </dd>
        <dt>DEA</dt><dd>{doctor.dea ?? "—"}</dd>
        <dt>Fax</dt><dd>{doctor.fax ?? "—"}</dd>
        <dt>Time zone</dt><dd>{doctor.timezone ?? "—"}</dd>
        <dt>Home state</dt><dd>{doctor.state ?? "—"}</dd>
        <dt>Signature</dt><dd><Signature doctor={doctor} /></dd>
        <dt>Payout account</dt><dd>{doctor.hasPayoutAccount ? "Connected" : "Not connected"}</dd>
        <dt>Commission</dt><dd>{doctor.commission === null ? "—" : `${doctor.commission} %`}</dd>
        <dt>Credentialed</dt>
        <dd>{doctor.credentialedAt ? `${dateOnly(doctor.credentialedAt)} (due ${dateOnly(doctor.credentialingDueAt!)})` : "—"}</dd>
        <dt>Patients</dt><dd>{doctor.patientCount}</dd>
        <dt>Applied</dt><dd>{dateOnly(doctor.createdAt)}</dd>
        {doctor.declineReason && <><dt>Decline reason</dt><dd>{doctor.declineReason}</dd></>}
      </dl>
      <div className="row">
        {doctor.applicationStatus !== "approved" && (
          <>
            <Button onClick={() => setDialog("approve")} aria-label={`Approve ${name}`}>Approve</Button>
            {doctor.applicationStatus !== "declined" && (
              <Button variant="danger" onClick={() => setDialog("decline")} aria-label={`Decline ${name}`}>Decline</Button>
            )}
          </>
        )}
        {doctor.applicationStatus === "approved" && (
          <>
            <Button variant="secondary" onClick={() => setDialog("approve")} aria-label={`Set commission for ${name}`}>Set commission</Button>
            {doctor.deactivatedAt
              ? (
                <Button variant="secondary" loading={change.isPending} aria-label={`Reactivate ${name}`}
                  onClick={() => change.mutate({ id: doctor.id, change: { status: "active" } }, {
                    onSuccess: () => notify(`${name} is active again`, "success"),
                    onError: (e) => notify(errorMessage(e), "error"),
                  })}>
                  Reactivate
                </Button>
              )
              : <Button variant="danger" onClick={() => setDialog("deactivate")} aria-label={`Deactivate ${name}`}>Deactivate</Button>}
          </>
        )}
      </div>
      {dialog === "approve" && <ApproveDialog doctor={doctor} onClose={() => setDialog(null)} />}
      {dialog === "decline" && <ReasonDialog kind="declined" doctor={doctor} onClose={() => setDialog(null)} />}
      {dialog === "deactivate" && <ReasonDialog kind="deactivated" doctor={doctor} onClose={() => setDialog(null)} />}
    </article>
  );
}
