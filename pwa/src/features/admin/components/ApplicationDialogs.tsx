import { type FormEvent, useState } from "react";
import type { ApplicationView } from "../../../../../sync/schemas/admin.ts";
import { doctorStatusChangeSchema } from "../../../../../sync/schemas/admin.ts";
import { errorMessage, isApiError } from "../../../lib/api/api-error.ts";
import { Button, Dialog, TextField, useSnackbar } from "../../../ui/index.ts";
import { useChangeDoctorStatus } from "../api.ts";

type Props = { doctor: ApplicationView; onClose: () => void };
const nameOf = (d: ApplicationView) => `${d.firstName} ${d.lastName}`;

/**
 * The approve-application dialog and the set-commission dialog (02 §2): one
 * form, a whole percentage 0–100; approval also needs a connected payout
 * account, which the server checks and the dialog explains beforehand.
 */
export function ApproveDialog({ doctor, onClose }: Props) {
  const change = useChangeDoctorStatus();
  const notify = useSnackbar();
  const approved = doctor.applicationStatus === "approved";
  const [commission, setCommission] = useState(doctor.commission === null ? "" : String(doctor.commission));
  const [credentialedAt, setCredentialedAt] = useState(doctor.credentialedAt ?? new Date().toISOString().slice(0, 10));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = doctorStatusChangeSchema.safeParse({
      status: "approved",
      commission: commission.trim() === "" ? undefined : Number(commission),
      credentialedAt: credentialedAt || undefined,
    });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0] ?? "_"), i.message])));
      return;
    }
    setErrors({});
    change.mutate({ id: doctor.id, change: parsed.data }, {
      onSuccess: () => {
        notify(approved ? `Commission of ${nameOf(doctor)} saved` : `${nameOf(doctor)} is approved`, "success");
        onClose();
      },
      onError: (error) => {
        if (isApiError(error) && error.details.fields) setErrors(error.details.fields);
        setFailure(errorMessage(error));
      },
    });
  };

  return (
    <Dialog open title={approved ? `Set commission for ${nameOf(doctor)}` : `Approve ${nameOf(doctor)}`} onClose={onClose}>
      <form className="stack" onSubmit={submit} noValidate aria-label={approved ? "Set commission" : "Approve application"}>
        {!approved && !doctor.hasPayoutAccount && (
          <p className="form-error" role="alert">
            This doctor has not connected a payout account yet: the approval will be refused until they do.
          </p>
        )}
        <TextField label="Commission (%)" inputMode="numeric" value={commission} onChange={setCommission}
          error={errors.commission} hint="A whole number from 0 to 100: the platform's share of this doctor's sales." />
        <TextField label="Credentialed on" type="date" value={credentialedAt} onChange={setCredentialedAt}
          error={errors.credentialedAt} hint="Credentialing is renewed every 3 years; a reminder comes when it is due." />
        {failure && <p className="form-error" role="alert">{failure}</p>}
        <div className="row" style={{ justifyContent: "flex-end" }}>
          <Button variant="secondary" onClick={onClose}>Cancel</Button>
          <Button type="submit" loading={change.isPending}>{approved ? "Save commission" : "Approve"}</Button>
        </div>
      </form>
    </Dialog>
  );
}

/** Decline with a reason (mailed to the doctor), or deactivate with an optional reason. */
export function ReasonDialog({ doctor, onClose, kind }: Props & { kind: "declined" | "deactivated" }) {
  const change = useChangeDoctorStatus();
  const notify = useSnackbar();
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const decline = kind === "declined";

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = doctorStatusChangeSchema.safeParse(decline ? { status: "declined", reason } : { status: "deactivated", reason: reason || undefined });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    change.mutate({ id: doctor.id, change: parsed.data }, {
      onSuccess: () => {
        notify(decline ? `${nameOf(doctor)}'s application is declined` : `${nameOf(doctor)} is deactivated`, "success");
        onClose();
      },
      onError: (e) => setFailure(errorMessage(e)),
    });
  };

  return (
    <Dialog open title={decline ? `Decline ${nameOf(doctor)}` : `Deactivate ${nameOf(doctor)}`} onClose={onClose}>
      <form className="stack" onSubmit={submit} noValidate aria-label={decline ? "Decline application" : "Deactivate doctor"}>
        <p className="muted">
          {decline
            ? "The reason is emailed to the applicant."
            : "A deactivated doctor is no longer listed, booked or subscribed to. Their patients are told and can choose another doctor."}
        </p>
        <TextField label={decline ? "Reason" : "Reason (optional)"} multiline value={reason} onChange={setReason} error={error} />
        {failure && <p className="form-error" role="alert">{failure}</p>}
        <div className="row" style={{ justifyContent: "flex-end" }}>
          <Button variant="secondary" onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="danger" loading={change.isPending}>{decline ? "Decline" : "Deactivate"}</Button>
        </div>
      </form>
    </Dialog>
  );
}
