import { useState } from "react";
import { failureMessage } from "../../sync/index.ts";
import { useApi } from "../../../lib/app-deps.tsx";
import { Button, Dialog } from "../../../ui/index.ts";
import { PeopleList, personName } from "../components/PeopleList.tsx";
import { usePagedPeople } from "../hooks/use-paged-people.ts";

/** "New message": the people the user may write to (`GET /users/chat/opponents`); picking one starts or finds the direct chat. */
export function NewChatDialog({ open, onClose, onOpened }: { open: boolean; onClose: () => void; onOpened: (chatId: string) => void }) {
  const api = useApi();
  const people = usePagedPeople(open ? { list: "opponents" } : null, 20);
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const start = async (userId: string) => {
    setBusy(userId);
    setError(null);
    try {
      const chat = await api.POST("/messages/chat/{userId}", { path: { userId } });
      onOpened(chat.chatId);
    } catch (reason) {
      setError(failureMessage(reason));
    } finally {
      setBusy(null);
    }
  };

  return (
    <Dialog open={open} title="New message" onClose={onClose}>
      {error && <p className="form-error" role="alert">{error}</p>}
      <PeopleList
        label="People you can write to"
        people={people.people}
        loading={people.loading}
        error={people.error}
        search={people.search}
        onSearch={people.setSearch}
        hasMore={people.hasMore}
        onMore={people.more}
        empty="Nobody to write to yet."
        action={(person) => (
          <Button variant="secondary" loading={busy === person.id} disabled={busy !== null} onClick={() => void start(person.id)}>
            Write<span className="visually-hidden"> to {personName(person)}</span>
          </Button>
        )}
      />
    </Dialog>
  );
}

export type MembersDialogProps = {
  open: boolean;
  onClose: () => void;
  chatId: string;
  kind: string;
  selfId: string;
  selfRole: string;
  /** The user left the chat (a patient removing themself). */
  onLeft: () => void;
};

/**
 * Members of a chat (`GET /messages/members/{chatId}`, 10 a page, search). In group
 * chats staff remove anyone and a patient only themself; staff add whoever
 * `GET /users/chat/opponents?chatId=` lists (a direct chat becomes a group). Support chats are the server's.
 */
export function MembersDialog({ open, onClose, chatId, kind, selfId, selfRole, onLeft }: MembersDialogProps) {
  const api = useApi();
  const staff = selfRole !== "patient";
  const managed = kind !== "support";
  const members = usePagedPeople(open ? { list: "members", chatId } : null, 10);
  const [adding, setAdding] = useState(false);
  const candidates = usePagedPeople(open && adding ? { list: "opponents", chatId } : null, 10);
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const run = async (userId: string, action: () => Promise<unknown>) => {
    setBusy(userId);
    setError(null);
    try {
      await action();
      members.reload();
      candidates.reload();
    } catch (reason) {
      setError(failureMessage(reason));
    } finally {
      setBusy(null);
    }
  };
  const remove = (userId: string) =>
    run(userId, async () => {
      await api.DELETE("/messages/opponents/{chatId}", { path: { chatId }, body: { userId } });
      if (userId === selfId) onLeft();
    });
  const add = (userId: string) => run(userId, () => api.POST("/messages/opponents/{chatId}", { path: { chatId }, body: { userId } }));

  return (
    <Dialog open={open} title="Members" onClose={onClose}>
      {error && <p className="form-error" role="alert">{error}</p>}
      <PeopleList
        label="Members"
        people={members.people}
        loading={members.loading}
        error={members.error}
        search={members.search}
        onSearch={members.setSearch}
        hasMore={members.hasMore}
        onMore={members.more}
        empty="No members match."
        action={(person) => {
          const mayRemove = managed && kind === "group" && (staff ? person.id !== selfId : person.id === selfId);
          if (!mayRemove) return person.id === selfId ? <span className="muted">You</span> : null;
          return (
            <Button variant="secondary" loading={busy === person.id} disabled={busy !== null} onClick={() => void remove(person.id)}>
              {person.id === selfId ? "Leave" : <>Remove<span className="visually-hidden"> {personName(person)}</span></>}
            </Button>
          );
        }}
      />
      {staff && managed && !adding && <Button variant="secondary" onClick={() => setAdding(true)}>Add people</Button>}
      {staff && managed && adding && (
        <section className="stack" aria-label="Add people">
          <h3>Add people</h3>
          <PeopleList
            label="People who may join"
            people={candidates.people}
            loading={candidates.loading}
            error={candidates.error}
            search={candidates.search}
            onSearch={candidates.setSearch}
            hasMore={candidates.hasMore}
            onMore={candidates.more}
            empty="Nobody else may join this chat."
            action={(person) => (
              <Button variant="secondary" loading={busy === person.id} disabled={busy !== null} onClick={() => void add(person.id)}>
                Add<span className="visually-hidden"> {personName(person)}</span>
              </Button>
            )}
          />
        </section>
      )}
    </Dialog>
  );
}
