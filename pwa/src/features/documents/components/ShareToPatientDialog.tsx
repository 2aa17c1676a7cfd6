import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { MEDICAL_FOLDERS, type MedicalFolder } from "../../../../../sync/collections/index.ts";
import type { DocumentView } from "../../../../../sync/schemas/document.ts";
import { errorMessage } from "../../../lib/api/index.ts";
import { Button, Dialog, Select, TextField, useSnackbar } from "../../../ui/index.ts";
import { FOLDER_LABELS } from "../../patients/index.ts";
import { documentKeys } from "../api.ts";
import { useDocumentsApi } from "../hooks/use-documents.ts";
import { PatientChooser } from "./PatientChooser.tsx";

/** Files a document into one of the practice's patients' folders (Outside medical records by default). */
export function ShareToPatientDialog({ doc, onClose }: { doc: DocumentView | null; onClose: () => void }) {
  const docs = useDocumentsApi();
  const client = useQueryClient();
  const notify = useSnackbar();
  const [patientId, setPatientId] = useState("");
  const [folder, setFolder] = useState<MedicalFolder>("OutsideMedicalRecords");
  const [newName, setNewName] = useState("");
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const close = () => {
    setPatientId("");
    setFolder("OutsideMedicalRecords");
    setNewName("");
    setFailure(null);
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!doc) return;
    if (!patientId) {
      setFailure("Choose a patient.");
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      await docs.shareToPatient(doc.id, { userId: patientId, folderId: folder, newName });
      await client.invalidateQueries({ queryKey: documentKeys.all });
      notify(`Filed into ${FOLDER_LABELS[folder]}`, "success");
      close();
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={doc !== null} title="Share to a patient's folder" onClose={close}>
      <form className="stack" onSubmit={(e) => void submit(e)} aria-label="Share to a patient's folder" noValidate>
        <p className="muted">{doc?.name}</p>
        {doc && <PatientChooser value={patientId} onChange={setPatientId} />}
        <Select
          label="Folder"
          value={folder}
          options={MEDICAL_FOLDERS.map((value) => ({ value, label: FOLDER_LABELS[value] }))}
          onChange={(v) => setFolder(v as MedicalFolder)}
        />
        <TextField label="New name" value={newName} onChange={setNewName} maxLength={255} hint="Leave it empty to keep the current name." />
        {failure && <p className="form-error" role="alert">{failure}</p>}
        <div className="row">
          <Button type="submit" loading={busy}>Share</Button>
          <Button variant="secondary" onClick={close}>Cancel</Button>
        </div>
      </form>
    </Dialog>
  );
}
