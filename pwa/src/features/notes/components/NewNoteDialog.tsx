import { type FormEvent, useState } from "react";
import { Link } from "react-router";
import { failureMessage } from "../../sync/index.ts";
import { Button, Dialog, Select, Spinner } from "../../../ui/index.ts";

export type NoteTypeOption = { id: string; name: string; fieldNames: string[] };
export type NoteTypesState = { status: "loading" | "ready" | "failed"; types: readonly NoteTypeOption[]; error: string | null };

export type NewNoteDialogProps = {
  online: boolean;
  noteTypes: NoteTypesState;
  /** The doctor: with no types yet, the dialog points to Settings → Note types. */
  canManageTypes?: boolean;
  onRetry(): void;
  onCreate(type: NoteTypeOption): Promise<void>;
  onClose(): void;
};

/** "New note": pick the note type (02 §5: notes need a type); the note is made on the device at once. */
export function NewNoteDialog({ online, noteTypes, canManageTypes = false, onRetry, onCreate, onClose }: NewNoteDialogProps) {
  const [typeId, setTypeId] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { status, types } = noteTypes;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const type = types.find((t) => t.id === typeId);
    if (!type) return setError("Choose a note type");
    setBusy(true);
    setError(null);
    try {
      await onCreate(type);
      onClose();
    } catch (reason) {
      setError(failureMessage(reason));
      setBusy(false);
    }
  };

  return (
    <Dialog open title="New note" onClose={() => !busy && onClose()}>
      {status === "loading" && <Spinner size={24} label="Loading note types" />}
      {status === "failed" && (
        <div className="stack">
          <p className="notice notice--warning" role="alert">
            {online ? noteTypes.error ?? "The note types could not be loaded." : "A connection is needed to pick a note type. Try again when you are back online."}
          </p>
          <div className="row">
            {online && <Button onClick={onRetry}>Try again</Button>}
            <Button variant="secondary" onClick={onClose}>Close</Button>
          </div>
        </div>
      )}
      {status === "ready" && types.length === 0 && (
        <div className="stack">
          {canManageTypes
            ? (
              <p>
                This practice has no note types yet; notes need one (a name and its fields).{" "}
                <Link to="/settings#note-types">Set up note types in Settings</Link>.
              </p>
            )
            : <p>This practice has no note types yet. The doctor sets them up (a name and its fields); notes need one.</p>}
          <div className="row">
            <Button variant="secondary" onClick={onClose}>Close</Button>
          </div>
        </div>
      )}
      {status === "ready" && types.length > 0 && (
        <form className="stack" aria-label="New note" noValidate onSubmit={(event) => void submit(event)}>
          <Select
            label="Note type"
            value={typeId}
            onChange={(value) => {
              setTypeId(value);
              setError(null);
            }}
            placeholder="Choose…"
            options={types.map((t) => ({ value: t.id, label: t.name }))}
            error={error ?? undefined}
            hint={types.find((t) => t.id === typeId)?.fieldNames.join(", ")}
          />
          <div className="row">
            <Button type="submit" loading={busy}>Create note</Button>
            <Button variant="secondary" onClick={onClose} disabled={busy}>Cancel</Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
