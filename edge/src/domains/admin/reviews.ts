/**
 * Reviews of doctors (01 §6, §7 `POST /doctors/review/{id}`, 02 §3: rating,
 * comment). A patient who had a finished consultation with a doctor leaves one
 * review of that doctor. The doctor's `rating` (the average of visible
 * reviews, 2 decimals; null with none) orders the doctors list; admins hide
 * and restore reviews, and hidden ones stop counting.
 */
import type { Actor } from "../../access/actor.ts";
import type { Deps, RequestMeta } from "../../deps.ts";
import type { Queryable } from "../../db/connect.ts";
import { listOf } from "../../http/envelope.ts";
import { AppError, forbidden, notFound } from "../../http/errors.ts";
import type { PublicReview, ReviewInput, ReviewsQuery, ReviewView } from "../../../../sync/schemas/admin.ts";
import { listedDoctor } from "../doctors/reads.ts";

export const NOT_ELIGIBLE = "You can review a doctor after a finished consultation with them";
export const ALREADY_REVIEWED = "You have already reviewed this doctor";

type Row = {
  id: string; doctor_id: string; d_first: string; d_last: string; patient_id: string; p_first: string; p_last: string;
  rating: number; comment: string; hidden_at: Date | null; created_at: Date;
};
const toView = (r: Row): ReviewView => ({
  id: r.id,
  doctor: { id: r.doctor_id, firstName: r.d_first, lastName: r.d_last },
  patient: { id: r.patient_id, firstName: r.p_first, lastName: r.p_last },
  rating: r.rating,
  comment: r.comment,
  hidden: !!r.hidden_at,
  createdAt: r.created_at.toISOString(),
});
const select = (q: Queryable) => q`select r.id, r.doctor_id, d.first_name as d_first, d.last_name as d_last, r.patient_id,
    p.first_name as p_first, p.last_name as p_last, r.rating, r.comment, r.hidden_at, r.created_at
  from reviews r join users d on d.id = r.doctor_id join users p on p.id = r.patient_id`;

/** Recomputes a doctor's rating from their visible reviews. */
export async function recomputeRating(q: Queryable, doctorId: string) {
  await q`update users set rating = (select round(avg(rating)::numeric, 2) from reviews
    where doctor_id = ${doctorId} and hidden_at is null) where id = ${doctorId}`;
}

export function createReviewsService(deps: Pick<Deps, "sql" | "clock" | "audit">) {
  const { sql, clock, audit } = deps;

  async function eligible(patientId: string, doctorId: string): Promise<boolean> {
    const [row] = await sql<{ ok: boolean }[]>`select exists(select 1 from consultations where patient_id = ${patientId}
      and doctor_id = ${doctorId} and status = 'finished' and not deleted) as ok`;
    return row.ok;
  }

  return {
    /** Whether the patient may review this doctor, and their review if any. */
    async mine(actor: Actor, doctorId: string) {
      const [row] = await sql<Row[]>`${select(sql)} where r.doctor_id = ${doctorId} and r.patient_id = ${actor.userId}`;
      return { eligible: !row && (await eligible(actor.userId, doctorId)), review: row ? toView(row) : null };
    },

    async create(actor: Actor, doctorId: string, input: ReviewInput, meta: RequestMeta): Promise<ReviewView> {
      const [doctor] = await sql<{ id: string }[]>`select id from users where id = ${doctorId} and role = 'doctor'`;
      if (!doctor) throw notFound("No such doctor");
      if (!(await eligible(actor.userId, doctorId))) throw forbidden(NOT_ELIGIBLE, "NOT_ELIGIBLE");
      const id = await sql.begin(async (tx) => {
        const [row] = await tx<{ id: string }[]>`insert into reviews (doctor_id, patient_id, rating, comment, created_at, updated_at)
          values (${doctorId}, ${actor.userId}, ${input.rating}, ${input.comment}, ${clock.now()}, ${clock.now()})
          on conflict (doctor_id, patient_id) do nothing returning id`;
        if (!row) return null;
        await recomputeRating(tx, doctorId);
        return row.id;
      });
      if (!id) throw new AppError(409, ALREADY_REVIEWED, { reason: "ALREADY_REVIEWED" });
      await audit.record({
        event: "review.created", actorId: actor.userId, subjectId: doctorId, address: meta.address,
        details: { reviewId: id, rating: input.rating },
      });
      const [row] = await sql<Row[]>`${select(sql)} where r.id = ${id}`;
      return toView(row);
    },

    /** A listed doctor's visible reviews for their public profile; the reviewer as "Ruth R.". */
    async publicList(doctorId: string, q: { offset: number; limit: number }) {
      await listedDoctor(sql, doctorId);
      const rows = await sql<Row[]>`${select(sql)} where r.doctor_id = ${doctorId} and r.hidden_at is null
        order by r.created_at desc, r.id offset ${q.offset} limit ${q.limit}`;
      const [{ count }] = await sql<{ count: number }[]>`select count(*)::int as count from reviews
        where doctor_id = ${doctorId} and hidden_at is null`;
      const list: PublicReview[] = rows.map((r) => ({
        id: r.id, rating: r.rating, comment: r.comment, createdAt: r.created_at.toISOString(),
        reviewer: `${r.p_first} ${r.p_last.slice(0, 1)}.`.trim(),
      }));
      return listOf(list, q.offset, q.limit, count);
    },

    async list(query: ReviewsQuery) {
      const pattern = query.search ? `%${query.search.replace(/[\\%_]/g, (m) => `\\${m}`)}%` : null;
      const where = sql`where (${query.status} = 'all' or (r.hidden_at is not null) = (${query.status} = 'hidden'))
        and (${query.doctorId ?? null}::uuid is null or r.doctor_id = ${query.doctorId ?? null})
        and (${pattern}::text is null or r.comment ilike ${pattern} or (d.first_name || ' ' || d.last_name) ilike ${pattern}
          or (p.first_name || ' ' || p.last_name) ilike ${pattern})`;
      const rows = await sql<Row[]>`${select(sql)} ${where} order by r.created_at desc, r.id
        offset ${query.offset} limit ${query.limit}`;
      const [{ count }] = await sql<{ count: number }[]>`select count(*)::int as count
        from reviews r join users d on d.id = r.doctor_id join users p on p.id = r.patient_id ${where}`;
      return listOf(rows.map(toView), query.offset, query.limit, count);
    },

    async setHidden(actor: Actor, id: string, hidden: boolean, meta: RequestMeta): Promise<ReviewView> {
      const result = await sql.begin(async (tx) => {
        const [before] = await tx<{ doctor_id: string; hidden_at: Date | null }[]>`select doctor_id, hidden_at from reviews
          where id = ${id} for update`;
        if (!before) return null;
        await tx`update reviews set hidden_at = ${hidden ? (before.hidden_at ?? clock.now()) : null},
          hidden_by = ${hidden ? actor.userId : null}, updated_at = ${clock.now()} where id = ${id}`;
        await recomputeRating(tx, before.doctor_id);
        return before;
      });
      if (!result) throw notFound("No such review");
      await audit.record({
        event: hidden ? "review.hidden" : "review.restored", actorId: actor.userId, subjectId: result.doctor_id, address: meta.address,
        details: { reviewId: id, before: { hidden: !!result.hidden_at }, after: { hidden } },
      });
      const [row] = await sql<Row[]>`${select(sql)} where r.id = ${id}`;
      return toView(row);
    },
  };
}
export type ReviewsService = ReturnType<typeof createReviewsService>;
