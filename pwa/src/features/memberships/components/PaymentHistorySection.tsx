import { useInfiniteQuery } from "@tanstack/react-query";
import { useApi } from "../../../lib/app-deps.tsx";
import { errorMessage } from "../../../lib/api/api-error.ts";
import { Button, EmptyState, LoadError, Spinner } from "../../../ui/index.ts";
import type { Transaction } from "../../../../../sync/schemas/membership.ts";
import { membershipKeys } from "../../payments/index.ts";
import { formatDate } from "../membership-words.ts";
import { formatUsd } from "../../../../../sync/rules/money.ts";

export const PAYMENTS_PAGE_SIZE = 20;

const STATUS_WORDS: Record<Transaction["status"], string> = {
  succeeded: "Paid",
  pending: "Pending",
  refunded: "Refunded",
  failed: "Failed",
};

/** "Paid", "Refunded", or for a partial refund "Paid, $20.00 refunded". */
export const statusText = (t: Pick<Transaction, "status" | "refundedCents" | "amountCents">) =>
  t.status === "succeeded" && t.refundedCents > 0 && t.refundedCents < t.amountCents
    ? `Paid, ${formatUsd(t.refundedCents)} refunded`
    : STATUS_WORDS[t.status];

/** Settings → Payment history (patient): `GET /payments/transactions`, newest first, "Load more" pages on. */
export function PaymentHistorySection() {
  const api = useApi();
  const pages = useInfiniteQuery({
    queryKey: membershipKeys.transactions(),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) =>
      api.GET("/payments/transactions", { query: { limit: PAYMENTS_PAGE_SIZE, startingAfter: pageParam ?? undefined } }),
    getNextPageParam: (last) => (last.hasMore ? last.startingAfter : null),
  });

  if (pages.isPending) return <Spinner label="Loading your payments" />;
  // A failed "Load more" keeps the pages already shown (the query's status is then error too).
  if (!pages.data) return <LoadError what="Your payments" error={pages.error} onRetry={() => void pages.refetch()} />;
  const rows = pages.data.pages.flatMap((p) => p.list);
  if (rows.length === 0) return <EmptyState title="No payments yet">Membership fees and paid services appear here.</EmptyState>;
  return (
    <div className="stack">
      <div style={{ overflowX: "auto" }} tabIndex={0} role="region" aria-label="Payments table">
        {/* At phone width each payment is a card (data-label names its cells): no sideways scrolling. */}
        <table className="data-table data-table--cards">
          <caption className="visually-hidden">Your payments, newest first</caption>
          <thead>
            <tr><th scope="col">Date</th><th scope="col">For</th><th scope="col">Amount</th><th scope="col">Status</th></tr>
          </thead>
          <tbody>
            {rows.map((t) => (
              <tr key={t.id}>
                <td data-label="Date">{formatDate(t.createdAt)}</td>
                <td data-label="For">{t.description}</td>
                <td data-label="Amount">{formatUsd(t.amountCents)}</td>
                <td data-label="Status">{statusText(t)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {pages.isFetchNextPageError && <p className="form-error" role="alert">More payments could not be loaded: {errorMessage(pages.error)}</p>}
      {pages.hasNextPage && (
        <div className="row">
          <Button variant="secondary" loading={pages.isFetchingNextPage} onClick={() => void pages.fetchNextPage()}>Load more</Button>
        </div>
      )}
      <p className="muted" role="status">{pages.hasNextPage ? `Showing the latest ${rows.length} payments` : `${rows.length} ${rows.length === 1 ? "payment" : "payments"} in all`}</p>
    </div>
  );
}
