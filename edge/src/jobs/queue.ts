/**
 * The one durable job queue (PostgreSQL; see edge/docs/jobs.md once it lands).
 * Background work of every domain — webhook processing, retries, renewals,
 * reminders, fax and e-prescribing status — is a named job with a zod-validated
 * payload and an idempotent handler keyed by the event or object id. Jobs survive
 * restarts and are shared by every edge process on the database; a job that fails
 * is retried with backoff and, after its last retry, kept in the dead-letter list
 * (`failed()`, shown to admins).
 *
 * This file is the contract; the implementation (pg-boss over the edge's own
 * postgres.js connection, so it runs on PostgreSQL and embedded PGlite alike) is
 * `createJobQueue` in ./pg-queue.ts.
 */
import type { z } from "zod";
import type { Queryable } from "../db/connect.ts";

export type JobOptions = {
  /** Attempts after the first failure (default 5). */
  retryLimit?: number;
  /** Seconds before the first retry (default 10); doubled each time when `retryBackoff` (default true). */
  retryDelaySeconds?: number;
  retryBackoff?: boolean;
};

export type SendOptions = {
  /** Not queued again (send answers null) while a job of this name with the same key waits to start. */
  singletonKey?: string;
  /** Run no earlier than this (a Date, or seconds from now). */
  startAfter?: Date | number;
  /**
   * Enqueue inside this transaction: the job exists only if it commits (store a webhook event
   * and its job together). Required when called inside `sql.begin` on embedded PGlite, whose
   * single connection the transaction holds.
   */
  tx?: Queryable;
};

export type JobContext = { id: string; name: string; attempt: number };

export type DeadJob = { id: string; name: string; payload: unknown; error: string; failedAt: Date; attempts: number };

export interface JobQueue {
  /** Registers a named job before `start()`. The handler must be idempotent. */
  define<S extends z.ZodType>(
    name: string,
    schema: S,
    handler: (payload: z.infer<S>, job: JobContext) => Promise<void>,
    options?: JobOptions,
  ): void;
  /**
   * Sends the named job (empty payload) on a cron schedule (UTC, minute granularity), once per
   * tick across every edge process. Call after `define` and before `start()`.
   */
  schedule(name: string, cron: string): void;
  /** Enqueues a job (payload checked against its schema first); null when a singleton was already queued. */
  send(name: string, payload: unknown, options?: SendOptions): Promise<string | null>;
  /** Tests and tools: runs every due job now (retries included once due), returns how many ran. */
  drain(options?: {
    names?: string[];
    max?: number;
    /** Make waiting retries and delayed jobs due now first (tests that move time). */
    dueNow?: boolean;
  }): Promise<number>;
  /** Jobs that exhausted their retries (the dead-letter list). */
  failed(options?: { limit?: number }): Promise<DeadJob[]>;
  /** Starts polling workers (main.ts); tests usually call `drain()` instead. */
  start(): Promise<void>;
  /** Stops the workers, waiting for running handlers. */
  stop(): Promise<void>;
}
