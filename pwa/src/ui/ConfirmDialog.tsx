import { useState } from "react";
import { Button } from "./Button.tsx";
import { Dialog } from "./Dialog.tsx";

export type ConfirmDialogProps = {
  /** Default true: a dialog rendered only while it is asked. */
  open?: boolean;
  title: string;
  summary: string;
  confirmLabel: string;
  /** Red button for what cannot be undone. */
  danger?: boolean;
  onConfirm: () => Promise<void>;
  onClose: () => void;
  /** The words for a failed confirmation (the feature knows its errors: the API's, the device's). */
  describeFailure: (error: unknown) => string;
};

/** A question before a change; while it runs the dialog stays, and a failure stays in it. */
export function ConfirmDialog(
  { open = true, title, summary, confirmLabel, danger = false, onConfirm, onClose, describeFailure }: ConfirmDialogProps,
) {
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
      setBusy(false);
      onClose();
    } catch (error) {
      setFailure(describeFailure(error));
      setBusy(false);
    }
  };
  return (
    <Dialog open={open} title={title} onClose={close}>
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
