import { useRef, useState } from "react";
import { hasConflict, type NoteDraftDoc } from "../../../../../sync/collections/index.ts";
import { failureMessage } from "../../sync/index.ts";
import type { Local } from "../../sync/index.ts";
import { Button, Dialog, EmptyState, PendingMark, Spinner } from "../../../ui/index.ts";
import { excerpt } from "../patient-display.ts";
import { DRAFT_TEXT_FIELD, NoteDraftEditor, type SaveDraftInput } from "./NoteDraftEditor.tsx";

export type NoteDraftsPanelProps = {
  patientId: string;
  /** Newest first. */
  drafts: readonly Local<NoteDraftDoc>[];
  loading: boolean;
  onSave: (input: SaveDraftInput) => Promise<string>;
  onDelete: (id: string) => Promise<void>;
  /** Why drafts cannot be written now, or null. */
  readOnlyReason?: string | null;
  saveDelayMs?: number;
};

const NEW = "new";

/** The patient's encounter-note drafts: a list, one open in the editor, and deletion with a confirmation. */
export function NoteDraftsPanel(
  { patientId, drafts, loading, onSave, onDelete, readOnlyReason = null, saveDelayMs }: NoteDraftsPanelProps,
) {
  const [openId, setOpenId] = useState<string | null>(null);
  const [confirmId, setConfirmId] = useState<string | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);
  const seen = useRef(new Set<string>());
  const visible = drafts.filter((d) => !d._deleted);
  for (const d of visible) seen.current.add(d.id);

  const open = openId && openId !== NEW ? visible.find((d) => d.id === openId) ?? null : null;
  // A draft deleted elsewhere while open closes; one just created is not listed yet and stays.
  const openGone = openId !== null && openId !== NEW && !open && seen.current.has(openId);

  const confirmDelete = async () => {
    if (!confirmId) return;
    setDeleting(true);
    setDeleteError(null);
    try {
      await onDelete(confirmId);
      if (openId === confirmId) setOpenId(null);
      setConfirmId(null);
    } catch (reason) {
      setDeleteError(failureMessage(reason));
    } finally {
      setDeleting(false);
    }
  };

  return (
    <section className="workspace-panel stack" aria-labelledby="drafts-title" aria-busy={loading}>
      <div className="row workspace-panel__bar">
        <h2 id="drafts-title">Note drafts</h2>
        <Button variant="secondary" disabled={Boolean(readOnlyReason)} onClick={() => setOpenId(NEW)}>New draft</Button>
      </div>
      {readOnlyReason && <p className="notice notice--warning" role="status">{readOnlyReason}</p>}
      {openGone && <p className="notice" role="status">The draft you had open was deleted.</p>}
      {openId && !openGone && (
        <NoteDraftEditor
          key={openId === NEW ? "new" : openId}
          patientId={patientId}
          draft={open}
          onSave={onSave}
          onCreated={(id) => setOpenId(id)}
          onDelete={setConfirmId}
          onClose={() => setOpenId(null)}
          readOnly={Boolean(readOnlyReason)}
          saveDelayMs={saveDelayMs}
        />
      )}
      {loading && visible.length === 0 && <Spinner size={32} label="Loading drafts" />}
      {!loading && visible.length === 0 && !openId && (
        <EmptyState title="No drafts yet">Start a note for this patient; it is kept on this device until it is synced.</EmptyState>
      )}
      {visible.length > 0 && (
        <ul className="draft-list">
          {visible.map((d) => (
            <li key={d.id}>
              <button
                type="button"
                className="draft-list__item"
                aria-current={d.id === openId ? "true" : undefined}
                onClick={() => setOpenId(d.id)}
              >
                <span className="draft-list__title">{d.title.trim() || "Untitled draft"}</span>
                <span className="draft-list__excerpt muted">{excerpt(d.fields[DRAFT_TEXT_FIELD] ?? "") || "No text yet"}</span>
                {hasConflict(d.fields[DRAFT_TEXT_FIELD]) && <span className="draft-list__conflict">Two versions to resolve</span>}
                {d.pending ? <PendingMark>Saved on this device</PendingMark> : <span className="muted">Synced</span>}
              </button>
            </li>
          ))}
        </ul>
      )}
      <Dialog open={confirmId !== null} title="Delete this draft?" onClose={() => setConfirmId(null)}>
        <div className="stack">
          <p>The draft is removed for the whole care team. This cannot be undone.</p>
          {deleteError && <p className="form-error" role="alert">{deleteError}</p>}
          <div className="row">
            <Button variant="danger" loading={deleting} onClick={() => void confirmDelete()}>Delete</Button>
            <Button variant="secondary" onClick={() => setConfirmId(null)}>Keep it</Button>
          </div>
        </div>
      </Dialog>
    </section>
  );
}
