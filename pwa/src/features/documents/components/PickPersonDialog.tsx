import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import type { DocumentView } from "../../../../../sync/schemas/document.ts";
import { errorMessage } from "../../../lib/api/index.ts";
import { Button, Dialog, Select, useSnackbar } from "../../../ui/index.ts";
import { documentKeys } from "../api.ts";
import { useDocumentsApi } from "../hooks/use-documents.ts";
import { PatientChooser } from "./PatientChooser.tsx";

export type PickAction = { kind: "share" | "attach"; doc: DocumentView };

/**
 * "Share with the care team" (PUT /documents/share/{id}: the doctor or a VMA is told
 * live) and "Attach to a patient" (PUT /documents/attach/{id}: whom it is about; the
 * patient found by name, as in "Share to a patient's folder").
 */
export function PickPersonDialog({ action, onClose }: { action: PickAction | null; onClose: () => void }) {
  return action ? <PickPersonForm key={`${action.kind}-${action.doc.id}`} action={action} onClose={onClose} /> : null;
}

function PickPersonForm({ action, onClose }: { action: PickAction; onClose: () => void }) {
  const docs = useDocumentsApi();
  const client = useQueryClient();
  const notify = useSnackbar();
  const sharing = action.kind === "share";
  const [userId, setUserId] = useState("");
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const vmas = useQuery({ queryKey: documentKeys.people("vma", ""), queryFn: () => docs.people("vma", ""), enabled: sharing });
  const doctors = useQuery({ queryKey: documentKeys.people("doctor", ""), queryFn: () => docs.people("doctor", ""), enabled: sharing });
  const people = [...(doctors.data?.list ?? []), ...(vmas.data?.list ?? [])];
  const title = sharing ? "Share with the care team" : "Attach to a patient";

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!userId) return setFailure(sharing ? "Choose a member of the care team." : "Choose a patient.");
    setBusy(true);
    setFailure(null);
    try {
      await (sharing ? docs.shareWith(action.doc.id, userId) : docs.attach(action.doc.id, userId));
      await client.invalidateQueries({ queryKey: documentKeys.all });
      notify(sharing ? "Shared" : "Attached", "success");
      onClose();
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open title={title} onClose={onClose}>
      <form className="stack" onSubmit={(e) => void submit(e)} aria-label={title} noValidate>
        <p className="muted">{action.doc.name}</p>
        {sharing
          ? (
            <Select
              label="Team member"
              value={userId}
              placeholder={people.length ? "Choose…" : "Nobody to choose"}
              options={people.map((p) => ({ value: p.id, label: `${p.name} (${p.role})` }))}
              onChange={setUserId}
            />
          )
          : <PatientChooser value={userId} onChange={setUserId} />}
        {failure && <p className="form-error" role="alert">{failure}</p>}
        <div className="row">
          <Button type="submit" loading={busy}>{sharing ? "Share" : "Attach"}</Button>
          <Button variant="secondary" onClick={onClose}>Cancel</Button>
        </div>
      </form>
    </Dialog>
  );
}
