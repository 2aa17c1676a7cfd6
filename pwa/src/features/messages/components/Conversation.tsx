import { type ReactNode, useLayoutEffect, useRef } from "react";
import { Link } from "react-router";
import type { ChatMessageDoc } from "../../../../../sync/collections/index.ts";
import type { Local } from "../../sync/index.ts";
import { EmptyState, PendingMark, pendingLabel, Spinner } from "../../../ui/index.ts";
import { fullTime, type NameById, shortTime } from "../chat-display.ts";
import { type AttachmentUploader, MessageComposer } from "./MessageComposer.tsx";
import { useMacros } from "../../sync/index.ts";
import { fillMacro } from "../../../../../sync/rules/macro-text.ts";

/** What is known of an attachment (from `GET /messages/{chatId}`); the id alone until then. */
export type FileInfo = { name: string; size: number };

export type ConversationProps = {
  title: string;
  /** Oldest first. */
  messages: readonly Local<ChatMessageDoc>[];
  loading: boolean;
  selfId: string;
  names: NameById;
  /** Whether the browser has a network: says what a pending message waits for. */
  online: boolean;
  onSend: (text: string, fileIds: string[]) => Promise<unknown>;
  /** Attachments in the composer; absent, none. */
  attachments?: AttachmentUploader;
  /** Names and sizes of attachments by id. */
  files?: Readonly<Record<string, FileInfo>>;
  /** The download address of an attachment (with the token); absent, attachments are only counted. */
  fileUrl?: (fileId: string) => string;
  /** The local data cannot be written now (locked, outdated app). */
  readOnlyReason?: string | null;
  /** Buttons of the header (members, export). */
  actions?: ReactNode;
  /** Shown under the header (export progress). */
  notice?: ReactNode;
};

/**
 * One chat: its messages as a live log (new ones are announced) and the
 * composer. A message written here shows at once, marked until the server has it.
 */
export function Conversation(
  { title, messages, loading, selfId, names, online, onSend, readOnlyReason = null, actions, notice, attachments, files = {}, fileUrl }: ConversationProps,
) {
  const visible = messages.filter((message) => !message._deleted);
  const logRef = useRef<HTMLDivElement>(null);
  const macros = useChatMacros();

  // Keep the newest message in view as messages arrive.
  useLayoutEffect(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [visible.length]);

  return (
    <section className="conversation" aria-labelledby="conversation-title">
      <header className="conversation__header">
        <Link to={{ search: "" }} className="conversation__back">
          <span aria-hidden="true">←</span> Chats
        </Link>
        <h2 id="conversation-title" className="conversation__title">{title}</h2>
        {actions && <div className="conversation__actions">{actions}</div>}
      </header>
      {notice}
      {loading && visible.length === 0 && <Spinner size={32} label="Loading messages" />}
      {!loading && visible.length === 0 && <EmptyState title="No messages yet">Say hello to start the conversation.</EmptyState>}
      <div ref={logRef} className="conversation__log" role="log" aria-live="polite" aria-label={`Messages in ${title}`}>
        <ol className="conversation__messages">
          {visible.map((message) => {
            const mine = message.authorId === selfId;
            const author = mine ? "You" : names[message.authorId] ?? "Care team member";
            return (
              <li key={message.id} className={mine ? "message message--mine" : "message"}>
                <span className="message__author">{author}</span>
                {message.text && <p className="message__text">{message.text}</p>}
                {message.fileIds.length > 0 && fileUrl && (
                  <ul className="message__attachments" aria-label="Attachments">
                    {message.fileIds.map((fileId, index) => {
                      const info = files[fileId];
                      return (
                        <li key={fileId}>
                          <a href={fileUrl(fileId)} download={info?.name ?? true}>
                            <span aria-hidden="true">📎 </span>{info ? `${info.name} (${formatSize(info.size)})` : `Attachment ${index + 1}`}
                          </a>
                        </li>
                      );
                    })}
                  </ul>
                )}
                {message.fileIds.length > 0 && !fileUrl && (
                  <span className="message__files muted">
                    {message.fileIds.length === 1 ? "1 attached file" : `${message.fileIds.length} attached files`}
                  </span>
                )}
                <span className="message__meta">
                  <time dateTime={message.createdAt} title={fullTime(message.createdAt)}>{shortTime(message.createdAt)}</time>
                  {message.pending && <PendingMark>{pendingLabel(online)}</PendingMark>}
                </span>
              </li>
            );
          })}
        </ol>
      </div>
      {readOnlyReason && <p className="notice notice--warning" role="status">{readOnlyReason}</p>}
      <MessageComposer onSend={onSend} disabled={Boolean(readOnlyReason)} attachments={attachments} macros={macros} />
    </section>
  );
}

export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** The practice's macros on the device (doctors, VMAs; empty for others), `{today}` filled; patient placeholders stay. */
function useChatMacros() {
  const macros = useMacros();
  const today = new Date();
  return macros.items.map((m) => ({ id: m.id, shortcut: m.shortcut, text: fillMacro(m.text, { today }) }));
}
