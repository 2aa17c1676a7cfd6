import { type FormEvent, useId, useState } from "react";
import { MEDICAL_FILE_MAX_BYTES, MEDICAL_FOLDERS, type MedicalFolder } from "../../../../../sync/collections/index.ts";
import { acceptFor, allowedKindsText } from "../../../../../sync/files.ts";
import { failureMessage } from "../../sync/index.ts";
import { Button, Dialog, Select } from "../../../ui/index.ts";
import { FOLDER_LABELS } from "../patient-display.ts";

export type AttachFileInput = { file: File; folder: MedicalFolder };

export type AttachFileDialogProps = {
  open: boolean;
  onClose: () => void;
  /** Checks the file, keeps it on this device and queues the upload; rejects with a message for the user. */
  onAttach: (input: AttachFileInput) => Promise<unknown>;
  folders?: readonly MedicalFolder[];
  defaultFolder?: MedicalFolder;
  /** What the uploader may attach (a patient: patientUpload; the care team: note): the list `checkFile` enforces. */
  purpose?: "patientUpload" | "note";
};

const FOLDER_OPTIONS = (folders: readonly MedicalFolder[]) => folders.map((value) => ({ value, label: FOLDER_LABELS[value] }));

/** Pick a file and a folder; the file is kept on this device and uploaded when online. */
export function AttachFileDialog(
  { open, onClose, onAttach, folders = MEDICAL_FOLDERS, defaultFolder = "Labs", purpose = "note" }: AttachFileDialogProps,
) {
  const [file, setFile] = useState<File | null>(null);
  const [folder, setFolder] = useState<MedicalFolder>(defaultFolder);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();

  const close = () => {
    setFile(null);
    setError(null);
    onClose();
  };
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) {
      setError("Choose a file to attach.");
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await onAttach({ file, folder });
      close();
    } catch (reason) {
      setError(failureMessage(reason));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} title="Attach a file" onClose={close}>
      <form className="stack" onSubmit={(event) => void onSubmit(event)} aria-label="Attach a file" noValidate>
        <div className="ui-field">
          <label className="ui-field__label" htmlFor={`${id}-file`}>File</label>
          <input
            id={`${id}-file`}
            type="file"
            className="ui-input"
            accept={acceptFor(purpose)}
            aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
            aria-invalid={error ? true : undefined}
            onChange={(event) => {
              setFile(event.target.files?.[0] ?? null);
              setError(null);
            }}
          />
          <span id={`${id}-hint`} className="ui-field__hint">{allowedKindsText(purpose)}, at most {MEDICAL_FILE_MAX_BYTES / (1024 * 1024)} MB.</span>
        </div>
        <Select label="Folder" value={folder} options={FOLDER_OPTIONS(folders)} onChange={(v) => setFolder(v as MedicalFolder)} />
        {error && <p id={`${id}-error`} className="form-error" role="alert">{error}</p>}
        <div className="row">
          <Button type="submit" loading={busy}>Attach</Button>
          <Button variant="secondary" onClick={close}>Cancel</Button>
        </div>
      </form>
    </Dialog>
  );
}
