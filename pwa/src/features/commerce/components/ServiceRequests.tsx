/**
 * Paid-service requests with their answers and files (`GET /paidServices/requests`):
 * the patient's own, or those made to the doctor (their VMA sees the doctor's).
 * Files download through the request (`/paidServices/requests/{id}/files/{fileId}`).
 */
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useApi } from "../../../lib/app-deps.tsx";
import { errorMessage } from "../../../lib/api/api-error.ts";
import { Button, EmptyState, Spinner } from "../../../ui/index.ts";
import type { ServiceRequestView } from "../../../../../sync/schemas/commerce.ts";
import { commerceKeys, formatCents } from "../money.ts";

export function ServiceRequests({ view }: { view: "patient" | "doctor" }) {
  const api = useApi();
  const requests = useQuery({
    queryKey: [...commerceKeys.all, "requests"],
    queryFn: () => api.get<ServiceRequestView[]>("/paidServices/requests"),
  });
  const [fileError, setFileError] = useState("");

  async function download(requestId: string, file: { id: string; name: string }) {
    setFileError("");
    try {
      const res = await api.fetchRaw("GET", `/paidServices/requests/${requestId}/files/${file.id}`);
      const url = URL.createObjectURL(await res.blob());
      const a = document.createElement("a");
      a.href = url;
      a.download = file.name;
      a.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (e) {
      setFileError(errorMessage(e));
    }
  }

  return (
    <section className="stack" aria-labelledby="service-requests-title" style={{ maxWidth: 720 }}>
      <h2 id="service-requests-title">{view === "patient" ? "Your service requests" : "Service requests"}</h2>
      {requests.isPending && <Spinner label="Loading service requests" />}
      {requests.isError && <p className="form-error" role="alert">{errorMessage(requests.error)}</p>}
      {requests.data?.length === 0 && <EmptyState title="No service requests yet" />}
      {fileError && <p className="form-error" role="alert">{fileError}</p>}
      {requests.data && requests.data.length > 0 && (
        <ul className="stack" style={{ listStyle: "none", padding: 0 }}>
          {requests.data.map((r) => (
            <li key={r.id} className="ui-panel stack" aria-label={`${r.serviceName}, ${view === "patient" ? r.doctorName : r.patientName}`}>
              <h3>{r.serviceName}</h3>
              <p>
                {view === "patient" ? `Dr. ${r.doctorName}` : r.patientName} · {new Date(r.createdAt).toLocaleDateString("en-US")} ·{" "}
                {formatCents(r.amountCents)}{r.status === "refunded" ? " (refunded)" : ""}
              </p>
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
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
