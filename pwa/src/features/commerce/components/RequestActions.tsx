import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ServiceRequestView } from "../../../../../sync/schemas/commerce.ts";
import { useApi } from "../../../lib/app-deps.tsx";
import { errorMessage } from "../../../lib/api/api-error.ts";
import { Button } from "../../../ui/index.ts";
import { MessageLink } from "../../messages/index.ts";
import { commerceKeys } from "../keys.ts";

const day = new Intl.DateTimeFormat("en-US", { dateStyle: "medium" });

/** Where a paid request stands for anyone who sees it: dealt with (when, by whom), or not yet. */
export function RequestState({ request }: { request: ServiceRequestView }) {
  if (request.status === "refunded") return null;
  return (
    <p className="muted" style={{ margin: 0 }}>
      {request.doneAt
        ? `Done on ${day.format(new Date(request.doneAt))}${request.doneBy ? ` by ${request.doneBy}` : ""}`
        : "Not done yet"}
    </p>
  );
}

/**
 * What the care team does with a paid request (issue 32: a paid imaging referral had no actions): message the
 * patient, mark it done or open again (`PUT /paidServices/requests/{id}/done`). Refunds are an admin's
 * (Admin → Transactions): the card says so instead of offering a button that would be refused.
 */
export function RequestActions({ request }: { request: ServiceRequestView }) {
  const api = useApi();
  const client = useQueryClient();
  const mark = useMutation({
    mutationFn: (done: boolean) => api.PUT("/paidServices/requests/{id}/done", { path: { id: request.id }, body: { done } }),
    onSuccess: () => client.invalidateQueries({ queryKey: [...commerceKeys.all, "requests"] }),
  });
  return (
    <div className="stack" style={{ gap: "var(--space-1)" }}>
      <div className="row" style={{ flexWrap: "wrap" }}>
        {request.status === "paid" && (
          <Button variant="secondary" loading={mark.isPending} onClick={() => mark.mutate(!request.doneAt)}>
            {request.doneAt ? "Open again" : "Mark done"}
          </Button>
        )}
        <MessageLink userId={request.patientId} label={`Message ${request.patientName}`} />
      </div>
      {mark.isError && <p className="form-error" role="alert">{errorMessage(mark.error)}</p>}
      {request.status === "paid" && <p className="muted" style={{ margin: 0 }}>A refund is made by an admin, from Transactions.</p>}
    </div>
  );
}
