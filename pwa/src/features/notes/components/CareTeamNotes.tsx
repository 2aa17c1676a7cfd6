import { type ReactNode, useState } from "react";
import type { EncounterNoteDoc } from "../../../../../sync/collections/index.ts";
import { failureMessage } from "../../sync/index.ts";
import { Button, ConfirmDialog, EmptyState, pendingLabel, PendingMark, Spinner } from "../../../ui/index.ts";
import type { Local } from "../../sync/index.ts";
import { canDecideNote } from "../lib/note-access.ts";
import { NewNoteDialog, type NoteTypeOption, type NoteTypesState } from "./NewNoteDialog.tsx";

export type CareTeamNotesProps = {
  role: "doctor" | "vma";
  /** Oldest first. */
  notes: readonly Local<EncounterNoteDoc>[];
  loading: boolean;
  online: boolean;
  /** Why nothing can be written on this device now (locked, outdated), or null. */
  readOnlyReason: string | null;
  noteTypes: NoteTypesState;
  onLoadTypes(): void;
  onCreate(type: NoteTypeOption): Promise<void>;
  onSetShared(id: string, shared: boolean): Promise<void>;
  onDelete(id: string): Promise<void>;
  /** The note's editors (the lazily loaded chunk). */
  renderDocument(note: Local<EncounterNoteDoc>): ReactNode;
};

type Pending = { kind: "share" | "delete"; note: Local<EncounterNoteDoc> } | null;

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });

/**
 * The encounter's notes for the care team: the list with each note's editors, "New note", share and
 * delete. It sits in the encounter page's "Notes" section (an h2): each note is headed by an h3.
 */
export function CareTeamNotes(props: CareTeamNotesProps) {
  const { role, notes, loading, online, readOnlyReason, noteTypes } = props;
  const [creating, setCreating] = useState(false);
  const [asked, setAsked] = useState<Pending>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [unsharing, setUnsharing] = useState<string | null>(null);
  const decides = canDecideNote(role);

  const openNew = () => {
    setCreating(true);
    // None yet: the doctor may have added one since (Settings, another tab).
    if (noteTypes.status !== "ready" || noteTypes.types.length === 0) props.onLoadTypes();
  };
  const unshare = async (id: string) => {
    setUnsharing(id);
    setFailure(null);
    try {
      await props.onSetShared(id, false);
    } catch (error) {
      setFailure(failureMessage(error));
    } finally {
      setUnsharing(null);
    }
  };

  return (
    <div className="notes-section stack" aria-busy={loading}>
      <div className="row">
        <Button variant="secondary" disabled={Boolean(readOnlyReason)} onClick={openNew}>New note</Button>
      </div>
      {readOnlyReason && <p className="notice notice--warning" role="status">{readOnlyReason}</p>}
      {failure && <p className="form-error" role="alert">{failure}</p>}
      {loading && notes.length === 0 && <Spinner size={32} label="Loading notes" />}
      {!loading && notes.length === 0 && (
        <EmptyState title="No notes yet">Write the encounter's notes here; they are kept on this device and shared live with the care team.</EmptyState>
      )}
      {notes.length > 0 && (
        <ul className="notes-list">
          {notes.map((note) => {
            const titleId = `note-${note.id}-title`;
            const onServer = note.updatedAt > 0;
            const shareBlocked = !online ? "Sharing needs a connection." : !onServer ? "The note is still being saved to the server." : null;
            return (
              <li key={note.id}>
                <article className="note-card" aria-labelledby={titleId}>
                  <header className="note-card__head">
                    <div className="note-card__title">
                      <h3 id={titleId}>{note.typeName}</h3>
                      <span className="muted">{when(note.createdAt)}</span>
                      {note.isShared && <span className="note-badge">Shared with the patient</span>}
                      {note.pending && <PendingMark>{pendingLabel(online)}</PendingMark>}
                    </div>
                    {decides && (
                      <div className="row note-card__actions">
                        {note.isShared
                          ? (
                            <Button variant="secondary" disabled={Boolean(shareBlocked)} loading={unsharing === note.id} title={shareBlocked ?? undefined}
                              onClick={() => void unshare(note.id)}>
                              Unshare
                            </Button>
                          )
                          : (
                            <Button variant="secondary" disabled={Boolean(shareBlocked)} title={shareBlocked ?? undefined}
                              onClick={() => setAsked({ kind: "share", note })}>
                              Share
                            </Button>
                          )}
                        <Button variant="danger" disabled={Boolean(readOnlyReason)} onClick={() => setAsked({ kind: "delete", note })}>Delete</Button>
                      </div>
                    )}
                  </header>
                  {decides && shareBlocked && !note.isShared && <p className="muted note-card__hint">{shareBlocked}</p>}
                  {!decides && note.isShared && (
                    <p className="muted note-card__hint">Shared with the patient: only the doctor changes it now.</p>
                  )}
                  {props.renderDocument(note)}
                </article>
              </li>
            );
          })}
        </ul>
      )}
      {creating && (
        <NewNoteDialog
          online={online}
          noteTypes={noteTypes}
          canManageTypes={decides}
          onRetry={props.onLoadTypes}
          onCreate={props.onCreate}
          onClose={() => setCreating(false)}
        />
      )}
      {asked?.kind === "share" && (
        <ConfirmDialog
          describeFailure={failureMessage}
          title="Share this note with the patient?"
          summary={`The patient will see this ${asked.note.typeName} note, and later changes to it, in their health record.`}
          confirmLabel="Share with the patient"
          onConfirm={() => props.onSetShared(asked.note.id, true)}
          onClose={() => setAsked(null)}
        />
      )}
      {asked?.kind === "delete" && (
        <ConfirmDialog
          describeFailure={failureMessage}
          title="Delete this note?"
          summary={`The ${asked.note.typeName} note disappears from this encounter for everyone${asked.note.isShared ? ", the patient too" : ""}.`}
          confirmLabel="Delete note"
          danger
          onConfirm={() => props.onDelete(asked.note.id)}
          onClose={() => setAsked(null)}
        />
      )}
    </div>
  );
}
