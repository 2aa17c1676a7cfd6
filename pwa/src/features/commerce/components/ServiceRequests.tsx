/**
 * Paid-service requests with their answers and files (`GET /paidServices/requests`):
 * the patient's own, or those made to the doctor (their VMA sees the doctor's), newest
 * first, a page at a time ("Load more"; each page asks for one row more than it shows
 * to know whether there is another). Files download through the request
 * (`/paidServices/requests/{id}/files/{fileId}`).
 */
import { useInfiniteQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useApi } from "../../../lib/app-deps.tsx";
import { errorMessage } from "../../../lib/api/api-error.ts";
import { Button, EmptyState, LoadError, Spinner } from "../../../ui/index.ts";
import type { ServiceRequestView } from "../../../../../sync/schemas/commerce.ts";
import { RequestActions, RequestState } from "./RequestActions.tsx";
import { formatUsd } from "../../../../../sync/rules/money.ts";
import { commerceKeys } from "../keys.ts";
import { saveBlob } from "../../../lib/save-blob.ts";

export const REQUESTS_PAGE_SIZE = 20;

type Page = { list: ServiceRequestView[]; next: number | null };

export function ServiceRequests({ view }: { view: "patient" | "doctor" }) {
  const api = useApi();
  const requests = useInfiniteQuery({
    queryKey: [...commerceKeys.all, "requests"],
    initialPageParam: 0,
    queryFn: async ({ pageParam }): Promise<Page> => {
      const rows = await api.GET("/paidServices/requests", { query: { offset: pageParam, limit: REQUESTS_PAGE_SIZE + 1 } });
      return { list: rows.slice(0, REQUESTS_PAGE_SIZE), next: rows.length > REQUESTS_PAGE_SIZE ? pageParam + REQUESTS_PAGE_SIZE : null };
    },
    getNextPageParam: (last) => last.next,
  });
  // A request made between two pages shifts the next page by one: each request once.
  const list = requests.data && [...new Map(requests.data.pages.flatMap((p) => p.list).map((r) => [r.id, r])).values()];
  const [fileError, setFileError] = useState("");

  async function download(requestId: string, file: { id: string; name: string }) {
    setFileError("");
    try {
      const res = await api.RAW("GET", "/paidServices/requests/{id}/files/{fileId}", { path: { id: requestId, fileId: file.id } });
      saveBlob(await res.blob(), file.name);
    } catch (e) {
      setFileError(errorMessage(e));
    }
  }

  return (
    <section className="stack" aria-labelledby="service-requests-title" style={{ maxWidth: 720 }}>
      <h2 id="service-requests-title">{view === "patient" ? "Your service requests" : "Service requests"}</h2>
      {requests.isPending && <Spinner label="Loading service requests" />}
      {!list && requests.isError && <LoadError what="Service requests" error={requests.error} onRetry={() => void requests.refetch()} />}
      {list?.length === 0 && <EmptyState title="No service requests yet" />}
      {fileError && <p className="form-error" role="alert">{fileError}</p>}
      {list && list.length > 0 && (
        <ul className="stack" style={{ listStyle: "none", padding: 0 }}>
          {list.map((r) => (
            <li key={r.id} className="ui-panel stack" aria-label={`${r.serviceName}, ${view === "patient" ? r.doctorName : r.patientName}`}>
              <h3>{r.serviceName}</h3>
              <p>
                {view === "patient" ? `Dr. ${r.doctorName}` : r.patientName} · {new Date(r.createdAt).toLocaleDateString("en-US")} ·{" "}
                {formatUsd(r.amountCents)}{r.status === "refunded" ? " (refunded)" : ""}
              </p>
              <RequestState request={r} />
              {(r.fields.length > 0 || r.intake.length > 0) && (
                <dl className="stack">
                  {[...r.fields.map((f) => ({ k: f.key, q: f.label, a: f.answer })), ...r.intake.map((i) => ({ k: i.fieldId, q: i.question, a: i.answer }))]
                    .map((x) => (
                      <div key={x.k}>
                        <dt style={{ fontWeight: 600 }}>{x.q}</dt>
                        <dd style={{ margin: 0, whiteSpace: "pre-wrap" }}>{x.a}</dd>
                      </div>
                    ))}
                </dl>
              )}
              {r.files.length > 0 && (
                <ul aria-label="Attached files" style={{ listStyle: "none", padding: 0 }} className="row">
                  {r.files.map((f) => (
                    <li key={f.id}>
                      <Button variant="secondary" onClick={() => void download(r.id, f)}>{f.name}</Button>
                    </li>
                  ))}
                </ul>
              )}
              {view === "doctor" && <RequestActions request={r} />}
            </li>
          ))}
        </ul>
      )}
      {requests.isFetchNextPageError && <p className="form-error" role="alert">More requests could not be loaded: {errorMessage(requests.error)}</p>}
      {requests.hasNextPage && (
        <div className="row">
          <Button variant="secondary" loading={requests.isFetchingNextPage} onClick={() => void requests.fetchNextPage()}>Load more</Button>
        </div>
      )}
      {list && list.length > 0 && (
        <p className="muted" role="status">
          {requests.hasNextPage ? `Showing the latest ${list.length} requests` : `${list.length} ${list.length === 1 ? "request" : "requests"} in all`}
        </p>
      )}
    </section>
  );
}
