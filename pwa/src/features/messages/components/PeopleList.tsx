import { type ReactNode, useId } from "react";
import { Spinner } from "../../../ui/index.ts";

/** `ChatPerson` of the chat API. */
export type ChatPerson = { id: string; firstName: string; lastName: string; role: string; isOnline: boolean };

export type PeopleListProps = {
  label: string;
  people: readonly ChatPerson[];
  loading: boolean;
  error?: string | null;
  search: string;
  onSearch: (search: string) => void;
  /** The action of each row (start a chat, remove); null for none. */
  action: (person: ChatPerson) => ReactNode;
  /** Paging: shown when there are more. */
  hasMore?: boolean;
  onMore?: () => void;
  empty: string;
};

export const personName = (person: Pick<ChatPerson, "firstName" | "lastName">) =>
  [person.firstName, person.lastName].filter(Boolean).join(" ") || "Unnamed user";

const ROLE_LABELS: Record<string, string> = { patient: "Patient", doctor: "Doctor", vma: "VMA", admin: "Admin" };

/** A searchable, paged list of people with one action per row (dialogs: new message, members). */
export function PeopleList({ label, people, loading, error = null, search, onSearch, action, hasMore = false, onMore, empty }: PeopleListProps) {
  const id = useId();
  return (
    <div className="people-list stack">
      <label htmlFor={id} className="visually-hidden">Search {label.toLowerCase()}</label>
      <input
        id={id}
        type="search"
        className="ui-input"
        placeholder="Search by name"
        value={search}
        onChange={(event) => onSearch(event.target.value)}
      />
      {error && <p className="form-error" role="alert">{error}</p>}
      <ul className="people-list__items" aria-label={label} aria-busy={loading}>
        {people.map((person) => (
          <li key={person.id} className="people-list__item">
            <span
              className={person.isOnline ? "presence-dot presence-dot--online" : "presence-dot"}
              role="img"
              aria-label={person.isOnline ? "Online" : "Offline"}
            />
            <span className="people-list__name">
              {personName(person)} <span className="muted">{ROLE_LABELS[person.role] ?? person.role}</span>
            </span>
            {action(person)}
          </li>
        ))}
      </ul>
      {loading && <Spinner size={24} label={`Loading ${label.toLowerCase()}`} />}
      {!loading && !error && people.length === 0 && <p className="muted">{empty}</p>}
      {hasMore && !loading && onMore && <button type="button" className="ui-button ui-button--secondary" onClick={onMore}>Show more</button>}
    </div>
  );
}
