import { type FormEvent, type KeyboardEvent, useId, useState } from "react";
import { MESSAGE_TEXT_MAX } from "../../../../../sync/collections/index.ts";
import { failureMessage } from "../../../app/local-data.ts";
import { Button } from "../../../ui/index.ts";

export type MessageComposerProps = {
  /** Writes the message (locally, at once); rejects with a message for the user. */
  onSend: (text: string) => Promise<unknown>;
  disabled?: boolean;
};

/** Enter sends, Shift+Enter starts a new line; a failed send puts the text back. */
export function MessageComposer({ onSend, disabled = false }: MessageComposerProps) {
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const id = useId();

  const send = async () => {
    const message = text;
    if (!message.trim() || disabled) return;
    setText("");
    setError(null);
    try {
      await onSend(message);
    } catch (reason) {
      setText((current) => current || message);
      setError(failureMessage(reason));
    }
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void send();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
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
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
      />
      <Button type="submit" disabled={disabled || !text.trim()}>Send</Button>
      <span id={`${id}-hint`} className="composer__hint muted">Enter sends, Shift+Enter starts a new line.</span>
      {error && <p id={`${id}-error`} className="form-error composer__error" role="alert">{error}</p>}
    </form>
  );
}
