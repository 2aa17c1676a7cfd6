import type { ApplicationView } from "../../../../../sync/schemas/admin.ts";
import { doctorStatusChangeSchema } from "../../../../../sync/schemas/admin.ts";
import { useForm } from "../../../lib/forms/use-form.ts";
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
  const changeStatus = useChangeDoctorStatus();
  const notify = useSnackbar();
  const approved = doctor.applicationStatus === "approved";
  const form = useForm({
    schema: doctorStatusChangeSchema,
    idPrefix: "approve",
    announceFailure: false,
    initial: {
      commission: doctor.commission === null ? "" : String(doctor.commission),
      credentialedAt: doctor.credentialedAt ?? new Date().toISOString().slice(0, 10),
    },
    toInput: (v) => ({
      status: "approved",
      commission: v.commission.trim() === "" ? undefined : Number(v.commission),
      credentialedAt: v.credentialedAt || undefined,
    }),
  });
  const { values, errors } = form;
  const failure = form.formError ?? errors._;

  const submit = form.handleSubmit(async (change) => {
    await changeStatus.mutateAsync({ id: doctor.id, change });
    notify(approved ? `Commission of ${nameOf(doctor)} saved` : `${nameOf(doctor)} is approved`, "success");
    onClose();
  });

  return (
    <Dialog open title={approved ? `Set commission for ${nameOf(doctor)}` : `Approve ${nameOf(doctor)}`} onClose={onClose}>
      <form className="stack" onSubmit={submit} noValidate aria-label={approved ? "Set commission" : "Approve application"}>
        {!approved && !doctor.hasPayoutAccount && (
          <p className="form-error" role="alert">
            This doctor has not connected a payout account yet: the approval will be refused until they do.
          </p>
        )}
        <TextField label="Commission (%)" inputMode="numeric" value={values.commission} onChange={(v) => form.set("commission", v)}
          error={errors.commission} hint="A whole number from 0 to 100: the platform's share of this doctor's sales." />
        <TextField label="Credentialed on" type="date" value={values.credentialedAt} onChange={(v) => form.set("credentialedAt", v)}
          error={errors.credentialedAt} hint="Credentialing is renewed every 3 years; a reminder comes when it is due." />
        {failure && <p className="form-error" role="alert">{failure}</p>}
        <div className="row" style={{ justifyContent: "flex-end" }}>
          <Button variant="secondary" onClick={onClose}>Cancel</Button>
          <Button type="submit" loading={form.submitting}>{approved ? "Save commission" : "Approve"}</Button>
        </div>
      </form>
    </Dialog>
  );
}

/** Decline with a reason (mailed to the doctor), or deactivate with an optional reason. */
export function ReasonDialog({ doctor, onClose, kind }: Props & { kind: "declined" | "deactivated" }) {
  const changeStatus = useChangeDoctorStatus();
  const notify = useSnackbar();
  const decline = kind === "declined";
  const form = useForm({
    schema: doctorStatusChangeSchema,
    idPrefix: "reason",
    announceFailure: false,
    initial: { reason: "" },
    toInput: ({ reason }) => (decline ? { status: "declined", reason } : { status: "deactivated", reason: reason || undefined }),
  });
  // The one field says the first issue; a failed request is said above the buttons.
  const error = Object.values(form.errors)[0];
  const failure = form.formError;

  const submit = form.handleSubmit(async (change) => {
    await changeStatus.mutateAsync({ id: doctor.id, change });
    notify(decline ? `${nameOf(doctor)}'s application is declined` : `${nameOf(doctor)} is deactivated`, "success");
    onClose();
  });

  return (
    <Dialog open title={decline ? `Decline ${nameOf(doctor)}` : `Deactivate ${nameOf(doctor)}`} onClose={onClose}>
      <form className="stack" onSubmit={submit} noValidate aria-label={decline ? "Decline application" : "Deactivate doctor"}>
        <p className="muted">
          {decline
            ? "The reason is emailed to the applicant."
            : "A deactivated doctor is no longer listed, booked or subscribed to. Their patients are told and can choose another doctor."}
        </p>
        <TextField label={decline ? "Reason" : "Reason (optional)"} multiline value={form.values.reason}
          onChange={(v) => form.set("reason", v)} error={error} />
        {failure && <p className="form-error" role="alert">{failure}</p>}
        <div className="row" style={{ justifyContent: "flex-end" }}>
          <Button variant="secondary" onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="danger" loading={form.submitting}>{decline ? "Decline" : "Deactivate"}</Button>
        </div>
      </form>
    </Dialog>
  );
}
