import { useState } from "react";
import { useNavigate } from "react-router";
import type { ContactMessageView } from "../../../../../sync/schemas/contact-us.ts";
import { useApi } from "../../../lib/app-deps.tsx";
import { errorMessage } from "../../../lib/api/api-error.ts";
import { Button, Pager, QueryState, Select, useSnackbar } from "../../../ui/index.ts";
import { dateOnly, PAGE_SIZE, type QueryOf, useAdminMutation, useContactQueue } from "../api.ts";

type Status = NonNullable<QueryOf<"/admin/contactus">["status"]>;
const STATUS_OPTIONS: { value: Status; label: string }[] = [
  { value: "open", label: "Open" },
  { value: "handled", label: "Closed" },
  { value: "all", label: "All" },
];

/**
 * `/admin/messages`: the contact-us queue (read, answer in the sender's support
 * chat or by email, close). `/admin/contacts` is the practice contacts directory.
 */
export function ContactQueuePage() {
  const api = useApi();
  const navigate = useNavigate();
  const notify = useSnackbar();
  const [status, setStatus] = useState<Status>("open");
  const [offset, setOffset] = useState(0);
  const queue = useContactQueue({ status, offset, limit: PAGE_SIZE });
  const setHandled = useAdminMutation((input: { id: string; handled: boolean }) =>
    api.PUT("/admin/contactus/{id}", { path: { id: input.id }, body: { handled: input.handled } })
  );
  const answer = async (m: ContactMessageView) => {
    try {
      const { chatId } = await api.GET("/admin/contactus/{id}/chat", { path: { id: m.id } });
      if (chatId) navigate(`/messages?chat=${chatId}`);
      else globalThis.location.href = `mailto:${m.email}?subject=${encodeURIComponent(`Re: ${m.subject}`)}`;
    } catch (error) {
      notify(errorMessage(error), "error");
    }
  };

  return (
    <div className="stack">
      <title>Contact-us messages · DPC Telehealth</title>
      <h1>Contact-us messages</h1>
      <div className="admin-filters">
        <Select label="Show" value={status} options={STATUS_OPTIONS} onChange={(v) => {
          setStatus(STATUS_OPTIONS.find((o) => o.value === v)?.value ?? "open");
          setOffset(0);
        }} />
      </div>
      <section className="stack" aria-labelledby="queue-title" aria-busy={queue.isFetching}>
        <h2 id="queue-title">Messages{queue.data ? ` (${queue.data.totalCount})` : ""}</h2>
        <QueryState label="messages" isPending={queue.isPending} error={queue.error} refetch={() => void queue.refetch()}
          empty={queue.data?.list.length === 0} emptyTitle={status === "open" ? "No open messages" : "No messages"}>
          {queue.data?.list.map((m) => (
            <article key={m.id} className="card stack" aria-labelledby={`msg-${m.id}`}>
              <h3 id={`msg-${m.id}`}>{m.subject}</h3>
              <p className="muted">
                From {m.name} ({m.email}) · {dateOnly(m.createdAt)}{m.userId ? " · signed in" : ""}
                {m.handledAt ? ` · closed ${dateOnly(m.handledAt)}` : ""}
              </p>
              <p style={{ whiteSpace: "pre-wrap" }}>{m.message}</p>
              <div className="row">
                <Button variant="secondary" onClick={() => void answer(m)} aria-label={`Answer ${m.name}`}>
                  {m.userId ? "Answer in the support chat" : "Answer by email"}
                </Button>
                <Button variant={m.handledAt ? "secondary" : "primary"}
                  loading={setHandled.isPending && setHandled.variables?.id === m.id}
                  onClick={() => setHandled.mutate({ id: m.id, handled: !m.handledAt }, {
                    onSuccess: () => notify(m.handledAt ? "The message is open again" : "The message is closed", "success"),
                    onError: (e) => notify(errorMessage(e), "error"),
                  })}
                  aria-label={`${m.handledAt ? "Reopen" : "Close"} “${m.subject}”`}>
                  {m.handledAt ? "Reopen" : "Close"}
                </Button>
              </div>
            </article>
          ))}
        </QueryState>
        <Pager offset={offset} limit={PAGE_SIZE} total={queue.data?.totalCount ?? 0} busy={queue.isPlaceholderData} onChange={setOffset} />
      </section>
    </div>
  );
}
