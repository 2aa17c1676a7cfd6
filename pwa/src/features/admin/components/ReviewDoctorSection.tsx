import { useQuery } from "@tanstack/react-query";
import { reviewSchema } from "../../../../../sync/schemas/admin.ts";
import { useApi } from "../../../lib/app-deps.tsx";
import { useForm } from "../../../lib/forms/use-form.ts";
import { Button, TextField, useSnackbar } from "../../../ui/index.ts";
import { useAdminMutation } from "../api.ts";

type Props = { doctorId: string; doctorName: string; onReviewed: () => void };

/**
 * A patient's review of a doctor (`POST /doctors/review/{id}`): offered after a
 * finished consultation with them, once per doctor; a rating 1–5 and a comment.
 */
export function ReviewDoctorSection({ doctorId, doctorName, onReviewed }: Props) {
  const api = useApi();
  const notify = useSnackbar();
  const mine = useQuery({
    queryKey: ["reviews", "mine", doctorId],
    queryFn: ({ signal }) => api.GET("/doctors/review/{id}", { path: { id: doctorId }, signal }),
  });
  // One message at a time, above the button (the first field's in error, or the failure): not in a snackbar.
  const form = useForm({ schema: reviewSchema, initial: { rating: 0, comment: "" }, idPrefix: "review", announceFailure: false });
  const send = useAdminMutation(
    (input: { rating: number; comment: string }) => api.POST("/doctors/review/{id}", { path: { id: doctorId }, body: input }),
    [["reviews", "mine", doctorId]],
  );

  if (mine.isPending || mine.error || !mine.data) return null;
  if (mine.data.review) {
    const r = mine.data.review;
    return (
      <section className="card stack" aria-labelledby="my-review-title">
        <h2 id="my-review-title">Your review</h2>
        <p><span aria-label={`${r.rating} out of 5`}>{"★".repeat(r.rating)}{"☆".repeat(5 - r.rating)}</span> {r.comment}</p>
      </section>
    );
  }
  if (!mine.data.eligible) return null;

  const submit = form.handleSubmit(async (review) => {
    await send.mutateAsync(review);
    notify("Thank you for your review", "success");
    onReviewed();
  });
  const error = Object.values(form.errors)[0] ?? form.formError;

  return (
    <section className="card stack" aria-labelledby="review-title">
      <h2 id="review-title">Review {doctorName}</h2>
      <form className="stack" onSubmit={submit} noValidate aria-label={`Review ${doctorName}`}>
        <fieldset className="row" style={{ border: 0, padding: 0, margin: 0 }}>
          <legend>Rating</legend>
          {[1, 2, 3, 4, 5].map((n) => (
            <label key={n} className="row" style={{ gap: 4 }}>
              <input type="radio" name="rating" value={n} checked={form.values.rating === n} onChange={() => form.set("rating", n)} />
              {n} {n === 1 ? "star" : "stars"}
            </label>
          ))}
        </fieldset>
        <TextField label="Comment (optional)" multiline value={form.values.comment} onChange={(v) => form.set("comment", v)} maxLength={2000} />
        {error && <p className="form-error" role="alert">{error}</p>}
        <div><Button type="submit" loading={form.submitting}>Send review</Button></div>
      </form>
    </section>
  );
}
