import { useState } from "react";
import { failureMessage } from "../../../app/local-data.ts";
import { Button, Dialog } from "../../../ui/index.ts";

export type ConfirmNoteDialogProps = {
  title: string;
  summary: string;
  confirmLabel: string;
  danger?: boolean;
  onConfirm: () => Promise<void>;
  onClose: () => void;
};

/** The question before sharing or deleting a note; a failure stays in the dialog. Rendered only while open. */
export function ConfirmNoteDialog({ title, summary, confirmLabel, danger = false, onConfirm, onClose }: ConfirmNoteDialogProps) {
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const close = () => {
    if (!busy) onClose();
  };
  const confirm = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await onConfirm();
      setBusy(false);
      onClose();
    } catch (error) {
      setFailure(failureMessage(error));
      setBusy(false);
    }
  };
  return (
    <Dialog open title={title} onClose={close}>
      <div className="stack">
        <p>{summary}</p>
        {failure && <p className="form-error" role="alert">{failure}</p>}
        <div className="row">
          <Button variant={danger ? "danger" : "primary"} onClick={() => void confirm()} loading={busy} data-autofocus>
            {confirmLabel}
          </Button>
          <Button variant="secondary" onClick={close} disabled={busy}>Cancel</Button>
        </div>
      </div>
    </Dialog>
  );
}
