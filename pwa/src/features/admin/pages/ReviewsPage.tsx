import { useState } from "react";
import type { ReviewView } from "../../../../../sync/schemas/admin.ts";
import { useApi } from "../../../lib/app-deps.tsx";
import { errorMessage } from "../../../lib/api/api-error.ts";
import { Button, DataTable, Select, useSnackbar } from "../../../ui/index.ts";
import { dateOnly, PAGE_SIZE, type QueryOf, useAdminMutation, useReviews } from "../api.ts";
import { PagedList } from "../components/PagedList.tsx";
import { SearchFilters } from "../components/SearchFilters.tsx";
import { useSearchPaging } from "../hooks/use-search-paging.ts";

type Status = NonNullable<QueryOf<"/admin/reviews">["status"]>;
const STATUS_OPTIONS: { value: Status; label: string }[] = [
  { value: "all", label: "All reviews" },
  { value: "visible", label: "Visible" },
  { value: "hidden", label: "Hidden" },
];

/** `/admin/reviews`: patients' reviews of doctors; hiding one takes it out of the doctor's rating. */
export function ReviewsPage() {
  const api = useApi();
  const notify = useSnackbar();
  const [status, setStatus] = useState<Status>("all");
  const paging = useSearchPaging();
  const { search, offset, setOffset } = paging;
  const reviews = useReviews({ status, search: search || undefined, offset, limit: PAGE_SIZE });
  const toggle = useAdminMutation((r: ReviewView) => api.PUT("/admin/reviews/{id}", { path: { id: r.id }, body: { hidden: !r.hidden } }), [["doctors"]]);

  return (
    <div className="stack">
      <title>Reviews · DPC Telehealth</title>
      <h1>Reviews</h1>
      <SearchFilters label="Find reviews" searchLabel="Search doctor, patient or comment" paging={paging}>
        <Select label="Show" value={status} options={STATUS_OPTIONS} onChange={(v) => {
          setStatus(STATUS_OPTIONS.find((o) => o.value === v)?.value ?? "all");
          setOffset(0);
        }} />
      </SearchFilters>
      <PagedList id="reviews-title" title="Reviews" label="reviews" query={reviews} paging={paging} emptyTitle="No reviews here yet">
        <DataTable caption="Reviews" columns={["Doctor", "Patient", "Rating", "Comment", "Date", "Actions"]}>
          {reviews.data?.list.map((r) => (
            <tr key={r.id}>
              <td>{r.doctor.firstName} {r.doctor.lastName}</td>
              <td>{r.patient.firstName} {r.patient.lastName}</td>
              <td><span aria-label={`${r.rating} out of 5`}>{"★".repeat(r.rating)}{"☆".repeat(5 - r.rating)}</span></td>
              <td>{r.comment || <span className="muted">No comment</span>}</td>
              <td>{dateOnly(r.createdAt)}</td>
              <td>
                {r.hidden && <span className="status status--blocked">Hidden</span>}{" "}
                <Button variant="secondary" loading={toggle.isPending && toggle.variables?.id === r.id}
                  aria-label={`${r.hidden ? "Restore" : "Hide"} the review of ${r.patient.firstName} ${r.patient.lastName} for ${r.doctor.firstName} ${r.doctor.lastName}`}
                  onClick={() => toggle.mutate(r, {
                    onSuccess: () => notify(r.hidden ? "The review is visible again" : "The review is hidden", "success"),
                    onError: (e) => notify(errorMessage(e), "error"),
                  })}>
                  {r.hidden ? "Restore" : "Hide"}
                </Button>
              </td>
            </tr>
          ))}
        </DataTable>
      </PagedList>
    </div>
  );
}
