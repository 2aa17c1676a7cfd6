/**
 * The table behind the Idempotency-Key rule (idempotency.ts, edge/docs/api.md "Exactly once for every create"):
 * a key is claimed by inserting its row (no answer yet), finished with the 2xx answer, or released when the
 * request did not succeed. A key is honoured for KEY_TTL_MS: an older row counts as absent (claimed again over
 * it) and the hourly sweep job deletes it. A claim with no answer after ABANDONED_AFTER_MS is taken to be a
 * crashed request and may be claimed again.
 */
import { z } from "zod";
import type { Fragment, Sql } from "../db/connect.ts";
import { defineJob, type JobQueue } from "../jobs/queue.ts";
import type { Clock } from "../platform/clock.ts";
import type { Logger } from "../platform/log.ts";

/** 24 hours, as Stripe keeps its keys. */
export const KEY_TTL_MS = 24 * 60 * 60 * 1000;
/** A create that has not answered within a minute has crashed (or its process did). */
export const ABANDONED_AFTER_MS = 60 * 1000;

/** Whose key: a user's (keys never cross users), or null for a caller without a token on a public route. */
export type KeyScope = { userId: string | null; key: string };
/** The request a key was first used for. */
export type KeyedRequest = { route: string; hash: string };
export type StoredAnswer = { status: number; body: unknown };

export type Claim =
  /** This request holds the key: run it, then `finish` or `release`. */
  | { kind: "claimed"; claimedAt: Date }
  /** The same request already answered: send this again. */
  | { kind: "replay"; answer: StoredAnswer }
  /** The same request is running now. */
  | { kind: "inUse" }
  /** The key was used for another request. */
  | { kind: "reused" };

type Row = { request_hash: string; status: number | null; answer: unknown };

export function createIdempotencyStore(deps: { sql: Sql; clock: Clock; log: Logger }) {
  const { sql, clock, log } = deps;
  const scoped = (s: KeyScope): Fragment =>
    s.userId === null ? sql`user_id is null and key = ${s.key}` : sql`user_id = ${s.userId} and key = ${s.key}`;

  async function tryClaim(s: KeyScope, r: KeyedRequest, now: Date): Promise<boolean> {
    const expired = new Date(now.getTime() - KEY_TTL_MS);
    const abandoned = new Date(now.getTime() - ABANDONED_AFTER_MS);
    const rows = await sql`insert into idempotency_keys (user_id, key, route, request_hash, created_at)
      values (${s.userId}, ${s.key}, ${r.route}, ${r.hash}, ${now})
      on conflict on constraint idempotency_keys_scope do update
        set route = excluded.route, request_hash = excluded.request_hash, status = null, answer = null,
            created_at = excluded.created_at
        where idempotency_keys.created_at < ${expired}
           or (idempotency_keys.status is null and idempotency_keys.created_at < ${abandoned})
      returning 1`;
    return rows.length === 1;
  }

  return {
    /** Claims the key for this request, or says why not (the other request's answer when it is this one's). */
    async claim(s: KeyScope, r: KeyedRequest): Promise<Claim> {
      // Twice: a row released between the failed insert and the read is claimed on the second round.
      for (let round = 0; round < 2; round++) {
        const now = clock.now();
        if (await tryClaim(s, r, now)) return { kind: "claimed", claimedAt: now };
        const [row] = await sql<Row[]>`select request_hash, status, answer from idempotency_keys where ${scoped(s)}`;
        if (!row) continue;
        if (row.request_hash !== r.hash) return { kind: "reused" };
        if (row.status === null) return { kind: "inUse" };
        return { kind: "replay", answer: { status: row.status, body: row.answer } };
      }
      return { kind: "inUse" };
    },

    /**
     * Keeps the answer of the claim made at `claimedAt` (not of a later claim over an abandoned one). A failure
     * here is logged, not thrown: the create is done and its answer must still reach the caller.
     */
    async finish(s: KeyScope, claimedAt: Date, answer: StoredAnswer): Promise<void> {
      try {
        await sql`update idempotency_keys set status = ${answer.status}, answer = ${sql.json(answer.body as never)}
          where ${scoped(s)} and created_at = ${claimedAt} and status is null`;
      } catch (e) {
        log.error("an idempotent answer was not kept", { error: e instanceof Error ? e.message : String(e) });
      }
    },

    /** Frees the key of a request that did not succeed, so the same key may be sent again. */
    async release(s: KeyScope, claimedAt: Date): Promise<void> {
      await sql`delete from idempotency_keys where ${scoped(s)} and created_at = ${claimedAt} and status is null`;
    },

    /** Deletes keys past their 24 hours; returns how many. */
    async sweep(): Promise<number> {
      const rows = await sql`delete from idempotency_keys where created_at < ${new Date(clock.now().getTime() - KEY_TTL_MS)} returning 1`;
      return rows.length;
    },
  };
}
export type IdempotencyStore = ReturnType<typeof createIdempotencyStore>;

/** A missed tick is covered by the next one: no retries. */
export const IDEMPOTENCY_SWEEP_JOB = defineJob("http.idempotency-sweep", z.object({}).passthrough(), { retryLimit: 0 });

/** Defines the hourly sweep of expired keys (called by app.ts when the API is built). */
export function registerIdempotencySweep(jobs: JobQueue, store: IdempotencyStore, log: Logger) {
  jobs.define(IDEMPOTENCY_SWEEP_JOB, async () => {
    const deleted = await store.sweep();
    if (deleted) log.info("expired idempotency keys deleted", { deleted });
  });
  jobs.schedule(IDEMPOTENCY_SWEEP_JOB, "23 * * * *");
}
