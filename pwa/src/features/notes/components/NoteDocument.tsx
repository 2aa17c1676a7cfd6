/**
 * The editors of one note (the lazily loaded chunk: Tiptap, ProseMirror, Yjs):
 * one per field of its type, its status and who else is here.
 */
import { Button, Spinner } from "../../../ui/index.ts";
import { useMacros, useNoteDocStore, useSyncStatus } from "../../sync/index.ts";
import { fillMacro } from "../../../../../sync/rules/macro-text.ts";
import { useConnectionState, useEverSynced, useNoteSession, useOthersHere } from "../hooks/use-note-session.ts";
import { noteStatus, statusText } from "../lib/note-status.ts";
import type { EditorUser } from "../lib/presence.ts";
import { FieldEditor } from "./FieldEditor.tsx";

export type NoteDocumentProps = {
  noteId: string;
  fieldNames: readonly string[];
  canWrite: boolean;
  /** Keep the document on the device, encrypted (the care team). */
  persist: boolean;
  /** The note exists on the server: connect. A note made offline waits until the sync engine has pushed it. */
  onServer: boolean;
  user: EditorUser;
  /** The note's plain fields (from the API), shown until the live text arrives: a reader offline. */
  fallbackFields?: Readonly<Record<string, string>>;
};

export default function NoteDocument({ noteId, fieldNames, canWrite, persist, onServer, user, fallbackFields }: NoteDocumentProps) {
  const store = useNoteDocStore();
  const { online } = useSyncStatus();
  const { session, error, mergedWhileAway, dismissMerged } = useNoteSession({ noteId, store, persist, onServer });
  const connection = useConnectionState(session?.connection ?? null);
  const everSynced = useEverSynced(connection, noteId);
  const others = useOthersHere(session?.awareness ?? null, user.id);
  // The practice's macros on the device; `{today}` filled, patient placeholders stay for the writer to fill.
  const deviceMacros = useMacros();
  const today = new Date();
  const macros = deviceMacros.items.map((m) => ({ shortcut: m.shortcut, text: fillMacro(m.text, { today }) }));
  const status = noteStatus({ canWrite, online, notOnServer: !onServer, ...connection });
  const showFallback = fallbackFields !== undefined && !everSynced;
  const notLoadedYet = canWrite && onServer && !everSynced && session?.storedOnOpen === 0 && !online;

  return (
    <div className="note-document">
      {session && (
        <div className="note-document__bar">
          <p className={`note-status note-status--${status.word.replace(/\W+/g, "-").toLowerCase()}`} role="status">
            {statusText(status)}
          </p>
          {others.length > 0 && (
            <p className="note-presence">
              <span>Also here:</span>{" "}
              {others.map((other, index) => (
                <span key={other.id} className="note-presence__who">
                  <span className="note-presence__dot" style={{ backgroundColor: other.color }} aria-hidden="true" />
                  {other.name}
                  {index < others.length - 1 ? ", " : ""}
                </span>
              ))}
            </p>
          )}
        </div>
      )}
      {persist && !store && (
        <p className="notice notice--warning">Your data on this device is not open. Unlock it to read and edit this note.</p>
      )}
      {error && <p className="notice notice--warning" role="alert">{error}</p>}
      {mergedWhileAway && (
        <div className="notice notice--warning note-merged" role="alert">
          <p>
            This note was also changed elsewhere while this device was offline. Both sets of changes are kept and merged:
            read the text again, and remove what no longer belongs.
          </p>
          <Button variant="secondary" onClick={dismissMerged}>I have read it</Button>
        </div>
      )}
      {notLoadedYet && (
        <p className="notice">
          This note's text is not on this device yet. What you write now is merged with it when you are back online.
        </p>
      )}
      {showFallback
        ? <PlainFields fieldNames={fieldNames} fields={fallbackFields} />
        : session
        ? fieldNames.map((name) => (
          <FieldEditor key={name} doc={session.doc} awareness={session.awareness} fieldName={name} user={user} canWrite={canWrite} macros={macros} />
        ))
        : !error && (!persist || store) && <Spinner size={24} label="Opening the note" />}
    </div>
  );
}

/** The text as the server last saved it (paragraphs as lines), read-only. */
function PlainFields({ fieldNames, fields }: { fieldNames: readonly string[]; fields: Readonly<Record<string, string>> }) {
  return (
    <dl className="note-plain">
      {fieldNames.map((name) => (
        <div key={name} className="note-field">
          <dt className="note-field__label">{name}</dt>
          <dd className="note-field__text note-field__text--plain">
            {(fields[name] ?? "").split("\n").map((line, i) => <p key={i}>{line || "\u00a0"}</p>)}
          </dd>
        </div>
      ))}
    </dl>
  );
}
