import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { errorMessage, isApiError } from "../../../lib/api/index.ts";
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
  const [to, setTo] = useState("");
  const [recipientName, setRecipientName] = useState("");
  const [coverNote, setCoverNote] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const close = () => {
    setTo("");
    setRecipientName("");
    setCoverNote("");
    setErrors({});
    setFailure(null);
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const input = { to, recipientName, coverNote, ...("documentId" in source ? { documentId: source.documentId } : { encounterId: source.encounterId }) };
    const checked = faxSendSchema.safeParse(input);
    if (!checked.success) {
      setErrors(Object.fromEntries(checked.error.issues.map((i) => [String(i.path[0] ?? "form"), i.message])));
      return;
    }
    setErrors({});
    setFailure(null);
    setBusy(true);
    try {
      await docs.fax(input);
      await client.invalidateQueries({ queryKey: documentKeys.all });
      notify("Fax queued. Its status updates here as it is sent.", "success");
      close();
    } catch (error) {
      const fields = isApiError(error) ? (error.details.fields as Record<string, string> | undefined) : undefined;
      if (fields) setErrors(fields);
      setFailure(`Fax send failed: ${errorMessage(error)}`);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open title="Send by fax" onClose={close}>
      <form className="stack" onSubmit={(e) => void submit(e)} aria-label="Send by fax" noValidate>
        <p className="muted">{source.label}. A cover page is added in front.</p>
        <TextField
          label="Fax number"
          value={to}
          onChange={setTo}
          inputMode="tel"
          autoComplete="off"
          hint="A US number, or + and the country code."
          error={errors.to}
          required
        />
        <TextField label="Recipient" value={recipientName} onChange={setRecipientName} maxLength={100} error={errors.recipientName} />
        <TextField label="Cover note" value={coverNote} onChange={setCoverNote} multiline maxLength={2000} error={errors.coverNote} />
        {failure && <p className="form-error" role="alert">{failure}</p>}
        <div className="row">
          <Button type="submit" loading={busy}>Send fax</Button>
          <Button variant="secondary" onClick={close}>Cancel</Button>
        </div>
      </form>
    </Dialog>
  );
}
