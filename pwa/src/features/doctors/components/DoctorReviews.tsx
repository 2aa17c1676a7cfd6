import { useInfiniteQuery } from "@tanstack/react-query";
import { useApi } from "../../../lib/app-deps.tsx";
import { Button, LoadError, Spinner } from "../../../ui/index.ts";
import { ratingText } from "../lib/doctor-filter.ts";
import { doctorKeys } from "../keys.ts";

const PAGE = 5;
const day = new Intl.DateTimeFormat("en-US", { dateStyle: "medium" });

/** "★★★★☆" for people who see it; the words for screen readers. */
function Stars({ rating }: { rating: number }) {
  return (
    <span role="img" aria-label={`${rating} of 5 stars`} className="doctor-reviews__stars">
      {"★".repeat(rating)}{"☆".repeat(5 - rating)}
    </span>
  );
}

/**
 * A doctor's reviews on their public profile (issue 32; `GET /doctors/{id}/reviews`): what patients said,
 * newest first, by first name and initial; hidden ones (an admin's decision) are not shown.
 */
export function DoctorReviews({ doctorId, rating }: { doctorId: string; rating: number | null }) {
  const api = useApi();
  const reviews = useInfiniteQuery({
    queryKey: doctorKeys.reviews(doctorId),
    initialPageParam: 0,
    queryFn: ({ pageParam }) => api.GET("/doctors/{id}/reviews", { path: { id: doctorId }, query: { offset: pageParam, limit: PAGE } }),
    getNextPageParam: (last, pages) => {
      const shown = pages.reduce((n, p) => n + p.list.length, 0);
      return shown < last.totalCount ? shown : undefined;
    },
  });
  const list = reviews.data?.pages.flatMap((p) => p.list) ?? [];
  const total = reviews.data?.pages[0]?.totalCount ?? 0;
  return (
    <section className="stack" aria-labelledby="doctor-reviews-title">
      <h2 id="doctor-reviews-title">Reviews</h2>
      {reviews.isPending && <Spinner label="Loading reviews" />}
      {reviews.isError && <LoadError what="Reviews" error={reviews.error} onRetry={() => void reviews.refetch()} />}
      {reviews.isSuccess && total === 0 && <p className="muted">No reviews yet. Patients can review a doctor after a finished consultation.</p>}
      {total > 0 && (
        <>
          <p>{ratingText(rating)} · {total} {total === 1 ? "review" : "reviews"}</p>
          <ul className="stack doctor-reviews">
            {list.map((r) => (
              <li key={r.id} className="card stack">
                <p className="row" style={{ margin: 0 }}>
                  <Stars rating={r.rating} /> <strong>{r.reviewer}</strong>{" "}
                  <span className="muted">{day.format(new Date(r.createdAt))}</span>
                </p>
                {r.comment && <p style={{ margin: 0, whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>{r.comment}</p>}
              </li>
            ))}
          </ul>
          {reviews.hasNextPage && (
            <div>
              <Button variant="secondary" loading={reviews.isFetchingNextPage} onClick={() => void reviews.fetchNextPage()}>
                More reviews
              </Button>
            </div>
          )}
        </>
      )}
    </section>
  );
}
