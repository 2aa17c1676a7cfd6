/** The medical-file folder dialogs of 02 §2: move to another folder, rename (an empty name keeps it), delete. */
import { renamedFile } from "../../../../../sync/rules/file-name.ts";
import { type FormEvent, useState } from "react";
import { MEDICAL_FOLDERS, type MedicalFolder } from "../../../../../sync/collections/index.ts";
import { failureMessage } from "../../sync/index.ts";
import { Button, ConfirmDialog, Dialog, Select, TextField } from "../../../ui/index.ts";
import { FOLDER_LABELS } from "../patient-display.ts";

export type FileAction = { kind: "move" | "rename" | "delete"; file: { id: string; name: string; folder: MedicalFolder } };
export type FileEdit = { id: string; folder?: MedicalFolder; name?: string; delete?: boolean };

export function FileActionDialog(
  { action, folders = MEDICAL_FOLDERS, onEdit, onClose }: {
    action: FileAction | null;
    folders?: readonly MedicalFolder[];
    onEdit: (edit: FileEdit) => Promise<unknown>;
    onClose: () => void;
  },
) {
  if (!action) return null;
  if (action.kind === "delete") {
    return (
      <ConfirmDialog
        title="Delete file"
        summary={`Delete ${action.file.name}? It leaves this patient's files on every device.`}
        confirmLabel="Delete"
        danger
        onConfirm={async () => void (await onEdit({ id: action.file.id, delete: true }))}
        onClose={onClose}
        describeFailure={failureMessage}
      />
    );
  }
  return <EditDialog key={`${action.kind}-${action.file.id}`} action={action} folders={folders} onEdit={onEdit} onClose={onClose} />;
}

function EditDialog(
  { action, folders, onEdit, onClose }: {
    action: FileAction;
    folders: readonly MedicalFolder[];
    onEdit: (edit: FileEdit) => Promise<unknown>;
    onClose: () => void;
  },
) {
  const [folder, setFolder] = useState<MedicalFolder>(action.file.folder);
  const [name, setName] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const moving = action.kind === "move";
  const title = moving ? "Move file" : "Rename file";

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await onEdit(moving ? { id: action.file.id, folder } : { id: action.file.id, name: name.trim() ? renamedFile(action.file.name, name) : "" });
      onClose();
    } catch (reason) {
      setError(failureMessage(reason));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open title={title} onClose={onClose}>
      <form className="stack" onSubmit={(e) => void submit(e)} aria-label={title} noValidate>
        <p className="muted">{action.file.name}</p>
        {moving
          ? (
            <Select
              label="Move to folder"
              value={folder}
              options={folders.map((value) => ({ value, label: FOLDER_LABELS[value] }))}
              onChange={(v) => setFolder(v as MedicalFolder)}
            />
          )
          : (
            <TextField
              label="New name"
              value={name}
              onChange={setName}
              maxLength={255}
              hint="Leave it empty to keep the current name. Without an extension, the file keeps its own (.pdf, .jpg…)."
            />
          )}
        {error && <p className="form-error" role="alert">{error}</p>}
        <div className="row">
          <Button type="submit" loading={busy}>{moving ? "Move" : "Rename"}</Button>
          <Button variant="secondary" onClick={onClose}>Cancel</Button>
        </div>
      </form>
    </Dialog>
  );
}
