import { type ChangeEvent, type FormEvent, type KeyboardEvent, useId, useRef, useState } from "react";
import { MESSAGE_TEXT_MAX } from "../../../../../sync/collections/index.ts";
import { shortcutAt } from "../../../../../sync/rules/macro-text.ts";
import { failureMessage } from "../../sync/index.ts";
import { Button } from "../../../ui/index.ts";

export type AttachmentUploader = {
  /** A message for the user when the file may not be sent (type from its content, size), else null. */
  check(file: File): Promise<string | null>;
  /** Uploads; resolves with the file id for `fileIds`; aborting the signal cancels. */
  upload(file: File, options: { onProgress: (progress: number) => void; signal: AbortSignal }): Promise<{ id: string }>;
  /** At most this many files per message. */
  max: number;
};

export type MessageComposerProps = {
  /** Writes the message (locally, at once); rejects with a message for the user. */
  onSend: (text: string, fileIds: string[]) => Promise<unknown>;
  disabled?: boolean;
  /** Attachments: absent, the composer has none. */
  attachments?: AttachmentUploader;
  /** The practice's macros (doctor, VMA), their placeholders filled: typing a shortcut offers them. */
  macros?: readonly { id: string; shortcut: string; text: string }[];
};

type Attachment = {
  key: number;
  name: string;
  progress: number;
  state: "uploading" | "done" | "error";
  fileId?: string;
  error?: string;
  controller: AbortController;
};

let nextKey = 0;

/**
 * Enter sends, Shift+Enter starts a new line; a failed send puts the text back.
 * Files upload as soon as they are chosen (progress, cancel); the message goes
 * once every chosen file is uploaded.
 */
export function MessageComposer({ onSend, disabled = false, attachments, macros = [] }: MessageComposerProps) {
  const [text, setText] = useState("");
  const [caret, setCaret] = useState(0);
  const [dismissed, setDismissed] = useState<string | null>(null);
  const textRef = useRef<HTMLTextAreaElement>(null);
  const typed = shortcutAt(text, caret);
  const suggestions = typed && typed.shortcut !== dismissed
    ? macros.filter((m) => m.shortcut.toLowerCase().startsWith(typed.shortcut.toLowerCase())).slice(0, 6)
    : [];
  const expand = (macro: { text: string }) => {
    if (!typed) return;
    const next = text.slice(0, typed.start) + macro.text + text.slice(caret);
    const at = typed.start + macro.text.length;
    setText(next);
    setCaret(at);
    requestAnimationFrame(() => textRef.current?.setSelectionRange(at, at));
  };
  const [files, setFiles] = useState<Attachment[]>([]);
  const [error, setError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const id = useId();
  const uploading = files.some((file) => file.state === "uploading");
  const ready = files.filter((file) => file.state === "done" && file.fileId);
  const canSend = !disabled && !uploading && (text.trim().length > 0 || ready.length > 0);

  const patch = (key: number, change: Partial<Attachment>) =>
    setFiles((current) => current.map((file) => (file.key === key ? { ...file, ...change } : file)));

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = [...(event.target.files ?? [])];
    event.target.value = "";
    if (!attachments || chosen.length === 0) return;
    setError(null);
    const room = attachments.max - files.length;
    if (chosen.length > room) setError(`At most ${attachments.max} files per message.`);
    for (const file of chosen.slice(0, Math.max(0, room))) {
      const entry: Attachment = { key: ++nextKey, name: file.name, progress: 0, state: "uploading", controller: new AbortController() };
      const refusal = await attachments.check(file);
      if (refusal) {
        setFiles((current) => [...current, { ...entry, state: "error", error: refusal }]);
        continue;
      }
      setFiles((current) => [...current, entry]);
      attachments.upload(file, { onProgress: (progress) => patch(entry.key, { progress }), signal: entry.controller.signal }).then(
        (uploaded) => patch(entry.key, { state: "done", progress: 1, fileId: uploaded.id }),
        (reason) => {
          if (entry.controller.signal.aborted) return;
          patch(entry.key, { state: "error", error: failureMessage(reason) });
        },
      );
    }
  };
  const remove = (file: Attachment) => {
    file.controller.abort();
    setFiles((current) => current.filter((item) => item.key !== file.key));
  };

  const send = async () => {
    if (!canSend) return;
    const message = text;
    const sent = files;
    setText("");
    setFiles([]);
    setError(null);
    try {
      await onSend(message, ready.map((file) => file.fileId!));
    } catch (reason) {
      setText((current) => current || message);
      setFiles((current) => (current.length ? current : sent));
      setError(failureMessage(reason));
    }
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void send();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // A shortcut with a matching macro: Enter or Tab expands it, Esc dismisses the offer.
    if (suggestions.length > 0 && (event.key === "Enter" || event.key === "Tab") && !event.shiftKey) {
      event.preventDefault();
      expand(suggestions[0]);
      return;
    }
    if (suggestions.length > 0 && event.key === "Escape") {
      event.preventDefault();
      setDismissed(typed?.shortcut ?? null);
      return;
    }
    // An IME composing a character uses Enter to confirm it, not to send.
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void send();
    }
  };

  return (
    <form className="composer" onSubmit={onSubmit} aria-label="Write a message">
      <label htmlFor={`${id}-text`} className="visually-hidden">Message</label>
      <textarea
        id={`${id}-text`}
        className="ui-input composer__text"
        rows={2}
        value={text}
        maxLength={MESSAGE_TEXT_MAX}
        placeholder="Write a message"
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
        aria-invalid={error ? true : undefined}
        disabled={disabled}
        ref={textRef}
        aria-controls={suggestions.length ? `${id}-macros` : undefined}
        onChange={(event) => {
          setText(event.target.value);
          setCaret(event.target.selectionStart);
        }}
        onSelect={(event) => setCaret(event.currentTarget.selectionStart)}
        onKeyDown={onKeyDown}
      />
      {suggestions.length > 0 && (
        <ul id={`${id}-macros`} role="listbox" aria-label="Macros: Enter inserts the first" className="card composer__macros">
          {suggestions.map((m, i) => (
            <li key={m.id} role="option" aria-selected={i === 0} onMouseDown={(e) => { e.preventDefault(); expand(m); }}>
              <strong>{m.shortcut}</strong> {m.text.slice(0, 80)}
            </li>
          ))}
        </ul>
      )}
      <div className="composer__buttons">
        {attachments && (
          <>
            <input
              ref={fileInput}
              id={`${id}-files`}
              type="file"
              multiple
              className="visually-hidden"
              tabIndex={-1}
              aria-hidden="true"
              onChange={(event) => void choose(event)}
            />
            <Button
              variant="secondary"
              aria-label="Attach files"
              disabled={disabled || files.length >= attachments.max}
              onClick={() => fileInput.current?.click()}
            >
              Attach
            </Button>
          </>
        )}
        <Button type="submit" disabled={!canSend}>Send</Button>
      </div>
      <span id={`${id}-hint`} className="composer__hint muted">Enter sends, Shift+Enter starts a new line.</span>
      {files.length > 0 && (
        <ul className="composer__files" aria-label="Attachments">
          {files.map((file) => (
            <li key={file.key} className="composer__file">
              <span className="composer__file-name">{file.name}</span>
              {file.state === "uploading" && (
                <progress max={100} value={Math.round(file.progress * 100)} aria-label={`Uploading ${file.name}`} />
              )}
              {file.state === "done" && <span className="muted">Ready</span>}
              {file.state === "error" && <span className="form-error" role="alert">{file.error}</span>}
              <button
                type="button"
                className="composer__file-remove"
                aria-label={`${file.state === "uploading" ? "Cancel" : "Remove"} ${file.name}`}
                onClick={() => remove(file)}
              >
                {file.state === "uploading" ? "Cancel" : "Remove"}
              </button>
            </li>
          ))}
        </ul>
      )}
      {error && <p id={`${id}-error`} className="form-error composer__error" role="alert">{error}</p>}
    </form>
  );
}
