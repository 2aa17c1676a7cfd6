import type { ReactNode } from "react";
import type { Note } from "../../../../../sync/schemas/note.ts";
import { Button, EmptyState, Spinner } from "../../../ui/index.ts";

/** What the patient's view shows of a note: the chart API's answer, or the device's copy (`sharedNotes`). */
export type SharedNote = Pick<Note, "id" | "noteTypeName" | "fieldNames" | "fields" | "createdAt">;

export type SharedNotesProps = {
  notes: readonly SharedNote[] | undefined;
  loading: boolean;
  error: string | null;
  /** Whether "Try again" can help (not while there is no network: the notes come back with it). */
  canRetry: boolean;
  onRetry(): void;
  /** The note's read-only editors (the lazily loaded chunk), showing its plain fields until the live text arrives. */
  renderDocument(note: SharedNote): ReactNode;
};

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });

/** The patient's view: the notes their doctor shared, read-only (each headed by an h3 in the page's "Notes" section). */
export function SharedNotes({ notes, loading, error, canRetry, onRetry, renderDocument }: SharedNotesProps) {
  if (loading && !notes) return <Spinner size={32} label="Loading notes" />;
  if (error && !notes) {
    return (
      <div className="stack">
        <p className="notice notice--warning" role="alert">
          {error}
        </p>
        {canRetry && <div className="row"><Button variant="secondary" onClick={onRetry}>Try again</Button></div>}
      </div>
    );
  }
  if (!notes || notes.length === 0) return <EmptyState title="No notes shared">Your doctor has not shared a note of this visit.</EmptyState>;
  return (
    <ul className="notes-list">
      {notes.map((note) => {
        const titleId = `note-${note.id}-title`;
        return (
          <li key={note.id}>
            <article className="note-card" aria-labelledby={titleId}>
              <header className="note-card__head">
                <div className="note-card__title">
                  <h3 id={titleId}>{note.noteTypeName}</h3>
                  <span className="muted">{when(note.createdAt)}</span>
                </div>
              </header>
              {renderDocument(note)}
            </article>
          </li>
        );
      })}
    </ul>
  );
}
