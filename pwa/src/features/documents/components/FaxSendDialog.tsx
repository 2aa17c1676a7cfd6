import { useQueryClient } from "@tanstack/react-query";
import { useForm } from "../../../lib/forms/use-form.ts";
import { Button, Dialog, TextField, useSnackbar } from "../../../ui/index.ts";
import { faxSendSchema } from "../../../../../sync/schemas/document.ts";
import { documentKeys } from "../api.ts";
import { useDocumentsApi } from "../hooks/use-documents.ts";

export type FaxSource = { documentId: string; label: string } | { encounterId: string; label: string };

/**
 * Sends a document or an encounter's export by fax with a cover page: the
 * number as typed (a US number without +1, or E.164), the recipient and a note.
 * Checked with the server's schema; the fax then shows its status live.
 */
export function FaxSendDialog({ source, onClose }: { source: FaxSource | null; onClose: () => void }) {
  // Rendered only while asked: the form starts empty each time.
  return source ? <FaxSendForm source={source} onClose={onClose} /> : null;
}

function FaxSendForm({ source, onClose }: { source: FaxSource; onClose: () => void }) {
  const docs = useDocumentsApi();
  const client = useQueryClient();
  const notify = useSnackbar();
  const toInput = (v: { to: string; recipientName: string; coverNote: string }) => ({
    ...v,
    ...("documentId" in source ? { documentId: source.documentId } : { encounterId: source.encounterId }),
  });
  const form = useForm({
    schema: faxSendSchema,
    initial: { to: "", recipientName: "", coverNote: "" },
    idPrefix: "fax",
    toInput,
    // The failure stays in the dialog (an alert of its own), not also in a snackbar.
    announceFailure: false,
  });
  const { values, errors } = form;

  const submit = form.handleSubmit(async () => {
    // The number as typed: the server reads it into E.164 with the same schema.
    await docs.fax(toInput(form.form.getValues()));
    await client.invalidateQueries({ queryKey: documentKeys.all });
    notify("Fax queued. Its status updates here as it is sent.", "success");
    onClose();
  });
  const failure = form.formError;

  return (
    <Dialog open title="Send by fax" onClose={onClose}>
      <form className="stack" onSubmit={submit} aria-label="Send by fax" noValidate>
        <p className="muted">{source.label}. A cover page is added in front.</p>
        <TextField
          label="Fax number"
          value={values.to}
          onChange={(v) => form.set("to", v)}
          inputMode="tel"
          autoComplete="off"
          hint="A US number, or + and the country code."
          error={errors.to}
          required
        />
        <TextField label="Recipient" value={values.recipientName} onChange={(v) => form.set("recipientName", v)} maxLength={100} error={errors.recipientName} />
        <TextField label="Cover note" value={values.coverNote} onChange={(v) => form.set("coverNote", v)} multiline maxLength={2000} error={errors.coverNote} />
        {failure && <p className="form-error" role="alert">Fax send failed: {failure}</p>}
        <div className="row">
          <Button type="submit" loading={form.submitting}>Send fax</Button>
          <Button variant="secondary" onClick={onClose}>Cancel</Button>
        </div>
      </form>
    </Dialog>
  );
}
