import { useState } from "react";
import { errorMessage } from "../../../lib/api/index.ts";
import { Button, Dialog } from "../../../ui/index.ts";

export type ConfirmDialogProps = {
  open: boolean;
  title: string;
  summary: string;
  confirmLabel: string;
  onConfirm: () => Promise<void>;
  onClose: () => void;
};

/** A yes/no question before a change; a failure stays in the dialog. */
export function ConfirmDialog({ open, title, summary, confirmLabel, onConfirm, onClose }: ConfirmDialogProps) {
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const close = () => {
    if (busy) return;
    setFailure(null);
    onClose();
  };
  const confirm = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await onConfirm();
      onClose();
    } catch (e) {
      setFailure(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={open} title={title} onClose={close}>
      <div className="stack">
        <p>{summary}</p>
        {failure && <p className="form-error" role="alert">{failure}</p>}
        <div className="row dialog-actions">
          <Button onClick={confirm} loading={busy} data-autofocus>{confirmLabel}</Button>
          <Button variant="text" onClick={close} disabled={busy}>Back</Button>
        </div>
      </div>
    </Dialog>
  );
}
