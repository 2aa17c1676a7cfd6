import { useEffect, useId, useRef, useState } from "react";
import { hasConflict, NOTE_TITLE_MAX, type NoteDraftDoc } from "../../../../../sync/collections/index.ts";
import { failureMessage } from "../../sync/index.ts";
import type { Local } from "../../sync/index.ts";
import { Button, PendingMark, TextField } from "../../../ui/index.ts";

/** The free-text field of a draft until note types bring their own fields. */
export const DRAFT_TEXT_FIELD = "text";
export const DRAFT_SAVE_DELAY_MS = 400;

export type SaveDraftInput = { id?: string; patientId: string; title: string; fields: Record<string, string> };

export type NoteDraftEditorProps = {
  patientId: string;
  /** The draft being edited; null for a new one, created on the first change. */
  draft: Local<NoteDraftDoc> | null;
  /** Writes on this device; resolves with the draft's id. */
  onSave: (input: SaveDraftInput) => Promise<string>;
  /** A new draft got its id. */
  onCreated?: (id: string) => void;
  onDelete?: (id: string) => void;
  onClose: () => void;
  readOnly?: boolean;
  saveDelayMs?: number;
};

type Values = { title: string; text: string };
type SaveState = "idle" | "waiting" | "saving" | "saved" | "error";

const valuesOf = (draft: NoteDraftDoc | null): Values => ({
  title: draft?.title ?? "",
  text: draft?.fields[DRAFT_TEXT_FIELD] ?? "",
});

/**
 * A draft's title and text, saved on this device shortly after every change
 * (and at once when closed), one save at a time so a new draft is created once.
 * Changes arriving from elsewhere replace what is shown only while nothing typed here is unsaved.
 */
export function NoteDraftEditor(
  { patientId, draft, onSave, onCreated, onDelete, onClose, readOnly = false, saveDelayMs = DRAFT_SAVE_DELAY_MS }:
    NoteDraftEditorProps,
) {
  const [values, setValues] = useState<Values>(() => valuesOf(draft));
  const [saveState, setSaveState] = useState<SaveState>("idle");
  const [error, setError] = useState<string | null>(null);
  const headingId = useId();
  const idRef = useRef<string | undefined>(draft?.id);
  const latest = useRef(values);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const queue = useRef<Promise<void>>(Promise.resolve());
  const props = useRef({ onSave, onCreated, patientId, draft });
  props.current = { onSave, onCreated, patientId, draft };

  const flush = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    const snapshot = latest.current;
    setSaveState("saving");
    queue.current = queue.current.then(async () => {
      const { onSave, onCreated, patientId, draft } = props.current;
      try {
        const fields = { ...draft?.fields, [DRAFT_TEXT_FIELD]: snapshot.text };
        const id = await onSave({ id: idRef.current, patientId, title: snapshot.title, fields });
        if (!idRef.current) {
          idRef.current = id;
          onCreated?.(id);
        }
        setError(null);
        if (!timer.current && latest.current === snapshot) setSaveState("saved");
      } catch (reason) {
        setError(failureMessage(reason));
        setSaveState("error");
      }
    });
  };

  const change = (patch: Partial<Values>) => {
    const next = { ...latest.current, ...patch };
    latest.current = next;
    setValues(next);
    setSaveState("waiting");
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(flush, saveDelayMs);
  };

  // Closing with a change still waiting saves it at once.
  useEffect(() => () => {
    if (timer.current) flush();
  }, []);

  // A change from another device shows here unless something typed here is still unsaved.
  const incoming = valuesOf(draft);
  useEffect(() => {
    if (timer.current || saveState === "saving") return;
    const current = latest.current;
    if (draft && (current.title !== incoming.title || current.text !== incoming.text)) {
      latest.current = incoming;
      setValues(incoming);
    }
  }, [draft?.updatedAt, incoming.title, incoming.text]);

  const close = () => {
    if (timer.current) flush();
    onClose();
  };

  return (
    <section className="draft-editor card stack" aria-labelledby={headingId}>
      <div className="row draft-editor__bar">
        <h3 id={headingId} className="draft-editor__heading">{draft || idRef.current ? "Edit draft" : "New draft"}</h3>
        <SaveStatus state={saveState} saved={Boolean(idRef.current)} pending={draft?.pending ?? true} />
      </div>
      <TextField
        label="Title"
        value={values.title}
        maxLength={NOTE_TITLE_MAX}
        disabled={readOnly}
        onChange={(title) => change({ title })}
      />
      <TextField
        label="Note"
        name={DRAFT_TEXT_FIELD}
        multiline
        value={values.text}
        disabled={readOnly}
        hint="Saved on this device as you type, and sent to the care team when online."
        onChange={(text) => change({ text })}
      />
      {hasConflict(values.text) && (
        <p className="draft-editor__conflict" role="alert">
          Two versions of this text are kept: it was changed on two devices at the same time. The other version is between
          the ⟦ ⟧ marks: keep what is right and delete the rest, marks included.
        </p>
      )}
      {error && <p className="form-error" role="alert">Could not save the draft: {error}</p>}
      <div className="row">
        <Button variant="secondary" onClick={close}>Done</Button>
        {onDelete && idRef.current && (
          <Button variant="text" disabled={readOnly} onClick={() => idRef.current && onDelete(idRef.current)}>
            Delete draft
          </Button>
        )}
      </div>
    </section>
  );
}

function SaveStatus({ state, saved, pending }: { state: SaveState; saved: boolean; pending: boolean }) {
  let content;
  if (state === "waiting" || state === "saving") content = <span className="muted">Saving…</span>;
  else if (state === "error") content = <span className="muted">Not saved</span>;
  else if (!saved) content = <span className="muted">Nothing written yet</span>;
  else if (pending) content = <PendingMark>Saved on this device</PendingMark>;
  else content = <span className="draft-editor__synced"><span aria-hidden="true">✓</span> Synced</span>;
  return <span className="draft-editor__status" role="status">{content}</span>;
}
