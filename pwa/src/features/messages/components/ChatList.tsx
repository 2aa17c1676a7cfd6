import { Link } from "react-router";
import type { ChatDoc } from "../../../../../sync/collections/index.ts";
import type { Local } from "../../sync/contract.ts";
import { EmptyState, Spinner } from "../../../ui/index.ts";
import { chatTitle, fullTime, type NameById, shortTime, sortChats } from "../chat-display.ts";

export type ChatListProps = {
  chats: readonly Local<ChatDoc>[];
  loading: boolean;
  selectedId: string | null;
  selfId: string;
  names: NameById;
};

/** The user's chats, newest first; each links to `?chat=<id>` so the URL says which one is open. */
export function ChatList({ chats, loading, selectedId, selfId, names }: ChatListProps) {
  const sorted = sortChats(chats.filter((chat) => !chat._deleted));
  return (
    <nav className="chat-list" aria-labelledby="chat-list-title" aria-busy={loading}>
      <h2 id="chat-list-title" className="visually-hidden">Chats</h2>
      {loading && sorted.length === 0 && <Spinner size={32} label="Loading chats" />}
      {!loading && sorted.length === 0 && (
        <EmptyState title="No chats yet">
          Chats with your care team appear here as soon as one is started.
        </EmptyState>
      )}
      {sorted.length > 0 && (
        <ul className="chat-list__items">
          {sorted.map((chat) => {
            const title = chatTitle(chat, selfId, names);
            const current = chat.id === selectedId;
            return (
              <li key={chat.id}>
                <Link
                  to={{ search: `?chat=${chat.id}` }}
                  className={current ? "chat-list__item chat-list__item--current" : "chat-list__item"}
                  aria-current={current ? "page" : undefined}
                >
                  <span className="chat-list__title">{title}</span>
                  {chat.lastMessageAt
                    ? <time className="chat-list__time muted" dateTime={chat.lastMessageAt} title={fullTime(chat.lastMessageAt)}>
                      {shortTime(chat.lastMessageAt)}
                    </time>
                    : <span className="chat-list__time muted">No messages</span>}
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </nav>
  );
}
