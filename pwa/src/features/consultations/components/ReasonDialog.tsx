import { declineBodySchema, reasonBodySchema } from "../../../../../sync/schemas/consultation.ts";
import { useForm } from "../../../lib/forms/use-form.ts";
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
  const form = useForm({
    schema: kind === "decline" ? declineBodySchema : reasonBodySchema,
    initial: { reason: "" },
    idPrefix: "reason-dialog",
    // The failure stays in the dialog (an alert of its own), not also in a snackbar.
    announceFailure: false,
  });
  const busy = form.submitting;

  const close = () => {
    if (busy) return;
    form.reset({ reason: "" });
    onClose();
  };

  const submit = form.handleSubmit(async (checked) => {
    await onConfirm(checked.reason);
    form.setValues(() => ({ reason: "" }));
    onClose();
  });

  return (
    <Dialog open={open} title={title} onClose={close}>
      <form className="stack" onSubmit={submit} noValidate>
        <p>{summary}</p>
        <TextField
          {...form.field("reason")}
          label="Reason"
          hint="The other party sees it."
          multiline
          maxLength={1000}
          required
        />
        {form.formError && <p className="form-error" role="alert">{form.formError}</p>}
        <div className="row dialog-actions">
          <Button type="submit" variant="danger" loading={busy}>{confirmLabel}</Button>
          <Button variant="text" onClick={close} disabled={busy}>Keep it</Button>
        </div>
      </form>
    </Dialog>
  );
}
