import { type FormEvent, useState } from "react";
import type { ReviewView } from "../../../../../sync/schemas/admin.ts";
import { useApi } from "../../../lib/app-deps.tsx";
import { errorMessage } from "../../../lib/api/api-error.ts";
import { Button, Pager, QueryState, Select, TextField, useSnackbar } from "../../../ui/index.ts";
import { dateOnly, PAGE_SIZE, type QueryOf, useAdminMutation, useReviews } from "../api.ts";

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
  const [searchInput, setSearchInput] = useState("");
  const [search, setSearch] = useState("");
  const [offset, setOffset] = useState(0);
  const reviews = useReviews({ status, search: search || undefined, offset, limit: PAGE_SIZE });
  const toggle = useAdminMutation((r: ReviewView) => api.PUT("/admin/reviews/{id}", { path: { id: r.id }, body: { hidden: !r.hidden } }), [["doctors"]]);

  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    setOffset(0);
    setSearch(searchInput.trim());
  };

  return (
    <div className="stack">
      <title>Reviews · DPC Telehealth</title>
      <h1>Reviews</h1>
      <form className="form-grid form-grid--two admin-filters" onSubmit={onSearch} role="search" aria-label="Find reviews">
        <Select label="Show" value={status} options={STATUS_OPTIONS} onChange={(v) => {
          setStatus(STATUS_OPTIONS.find((o) => o.value === v)?.value ?? "all");
          setOffset(0);
        }} />
        <div className="row" style={{ alignItems: "flex-end" }}>
          <TextField label="Search doctor, patient or comment" type="search" value={searchInput} onChange={setSearchInput}
            className="admin-filters__search" />
          <Button type="submit" variant="secondary">Search</Button>
        </div>
      </form>
      <section className="stack" aria-labelledby="reviews-title" aria-busy={reviews.isFetching}>
        <h2 id="reviews-title">Reviews{reviews.data ? ` (${reviews.data.totalCount})` : ""}</h2>
        <QueryState label="reviews" isPending={reviews.isPending} error={reviews.error} refetch={() => void reviews.refetch()}
          empty={reviews.data?.list.length === 0} emptyTitle="No reviews here yet">
          <div className="table-scroll" tabIndex={0} role="region" aria-label="Table (scrolls sideways)">
            <table className="data-table">
              <caption className="visually-hidden">Reviews</caption>
              <thead>
                <tr>
                  <th scope="col">Doctor</th>
                  <th scope="col">Patient</th>
                  <th scope="col">Rating</th>
                  <th scope="col">Comment</th>
                  <th scope="col">Date</th>
                  <th scope="col">Actions</th>
                </tr>
              </thead>
              <tbody>
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
              </tbody>
            </table>
          </div>
        </QueryState>
        <Pager offset={offset} limit={PAGE_SIZE} total={reviews.data?.totalCount ?? 0} busy={reviews.isPlaceholderData} onChange={setOffset} />
      </section>
    </div>
  );
}
