import { type ReactNode, useId, useState } from "react";
import { Link } from "react-router";
import type { ChatDoc } from "../../../../../sync/collections/index.ts";
import type { Local } from "../../sync/index.ts";
import { EmptyState, Spinner } from "../../../ui/index.ts";
import { chatTitle, fullTime, type NameById, shortTime, sortChats } from "../chat-display.ts";
import { matchesSearch } from "../live-state.ts";

export type ChatListProps = {
  chats: readonly Local<ChatDoc>[];
  loading: boolean;
  selectedId: string | null;
  selfId: string;
  names: NameById;
  /** Unread messages per chat id (a chat absent or 0 is read). */
  unread?: ReadonlyMap<string, number>;
  /** Users online now: a chat shows a dot when another member is. */
  online?: ReadonlySet<string>;
  /** Buttons above the list (new message, support). */
  actions?: ReactNode;
};

/** The user's chats, newest first; each links to `?chat=<id>` so the URL says which one is open. */
export function ChatList(
  { chats, loading, selectedId, selfId, names, unread = new Map(), online = new Set(), actions }: ChatListProps,
) {
  const [query, setQuery] = useState("");
  const searchId = useId();
  const all = sortChats(chats.filter((chat) => !chat._deleted));
  const sorted = all.filter((chat) => matchesSearch(chatTitle(chat, selfId, names), query));
  return (
    <nav className="chat-list" aria-labelledby="chat-list-title" aria-busy={loading}>
      <h2 id="chat-list-title" className="visually-hidden">Chats</h2>
      {actions && <div className="chat-list__actions">{actions}</div>}
      {all.length > 0 && (
        <div className="chat-list__search">
          <label htmlFor={searchId} className="visually-hidden">Search chats</label>
          <input
            id={searchId}
            type="search"
            className="ui-input"
            placeholder="Search chats"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
          />
        </div>
      )}
      {loading && all.length === 0 && <Spinner size={32} label="Loading chats" />}
      {!loading && all.length === 0 && (
        <EmptyState title="No chats yet">
          Chats with your care team appear here as soon as one is started.
        </EmptyState>
      )}
      {all.length > 0 && sorted.length === 0 && <p className="muted chat-list__none">No chat matches “{query.trim()}”.</p>}
      {sorted.length > 0 && (
        <ul className="chat-list__items">
          {sorted.map((chat) => {
            const title = chatTitle(chat, selfId, names);
            const current = chat.id === selectedId;
            const count = unread.get(chat.id) ?? 0;
            const someoneOnline = chat.memberIds.some((id) => id !== selfId && online.has(id));
            const classes = ["chat-list__item", current && "chat-list__item--current", count > 0 && "chat-list__item--unread"];
            return (
              <li key={chat.id}>
                <Link
                  to={{ search: `?chat=${chat.id}` }}
                  className={classes.filter(Boolean).join(" ")}
                  aria-current={current ? "page" : undefined}
                >
                  <span className="chat-list__title">{title}</span>
                  {/* After the title, so the link reads "name, online"; CSS puts the dot first. */}
                  <span
                    className={someoneOnline ? "presence-dot presence-dot--online" : "presence-dot"}
                    role="img"
                    aria-label={someoneOnline ? "Online" : "Offline"}
                    title={someoneOnline ? "Online" : "Offline"}
                  />
                  {count > 0 && (
                    <span className="chat-list__badge" aria-label={count === 1 ? "1 unread message" : `${count} unread messages`}>
                      {count > 99 ? "99+" : count}
                    </span>
                  )}
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
