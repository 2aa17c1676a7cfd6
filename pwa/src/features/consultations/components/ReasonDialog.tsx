import { type FormEvent, useState } from "react";
import { declineBodySchema, reasonBodySchema } from "../../../../../sync/schemas/consultation.ts";
import { errorMessage } from "../../../lib/api/index.ts";
import { validate } from "../../../lib/forms/field-errors.ts";
import { Button, Dialog, TextField } from "../../../ui/index.ts";

export type ReasonDialogProps = {
  open: boolean;
  title: string;
  /** What is about to happen, in a sentence. */
  summary: string;
  confirmLabel: string;
  onConfirm: (reason: string) => Promise<void>;
  onClose: () => void;
  /** A decline has its own words (the server's decline schema); a cancel by default. */
  kind?: "cancel" | "decline";
};

/** Decline or cancel: a reason is required (01 §5), checked with the shared schema; failures stay in the dialog. */
export function ReasonDialog({ open, title, summary, confirmLabel, onConfirm, onClose, kind = "cancel" }: ReasonDialogProps) {
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const close = () => {
    if (busy) return;
    setReason("");
    setError(undefined);
    setFailure(null);
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = validate(kind === "decline" ? declineBodySchema : reasonBodySchema, { reason });
    if (!checked.ok) {
      setError(checked.errors.reason);
      document.getElementById("reason-dialog-reason")?.focus();
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      await onConfirm(checked.data.reason);
      setReason("");
      onClose();
    } catch (e) {
      setFailure(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} title={title} onClose={close}>
      <form className="stack" onSubmit={submit} noValidate>
        <p>{summary}</p>
        <TextField
          id="reason-dialog-reason"
          label="Reason"
          hint="The other party sees it."
          multiline
          value={reason}
          onChange={(value) => {
            setReason(value);
            setError(undefined);
          }}
          error={error}
          maxLength={1000}
          required
        />
        {failure && <p className="form-error" role="alert">{failure}</p>}
        <div className="row dialog-actions">
          <Button type="submit" variant="danger" loading={busy}>{confirmLabel}</Button>
          <Button variant="text" onClick={close} disabled={busy}>Keep it</Button>
        </div>
      </form>
    </Dialog>
  );
}
