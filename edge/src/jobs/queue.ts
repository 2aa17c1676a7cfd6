/**
 * The one durable job queue (PostgreSQL; edge/docs/jobs.md).
 * Background work of every domain — webhook processing, retries, renewals,
 * reminders, fax and e-prescribing status — is a job declared once with
 * `defineJob(name, payloadSchema, retryOptions)` in its domain's `jobs.ts`, and
 * handled by an idempotent handler keyed by the event or object id. Callers pass
 * the definition, never its name: `define(job, handler)`, `send(job, payload)`,
 * `schedule(job, cron)`, so payloads are typed by the job's zod schema (and
 * checked against it at send and again before the handler runs). Jobs survive
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

/** A job: its queue name, its payload's schema and how it is retried. */
export type JobDefinition<S extends z.ZodType = z.ZodType> = {
  readonly name: string;
  readonly schema: S;
  readonly options: JobOptions;
};

/** Declares a job (once, in its domain's `jobs.ts`); the queue takes this definition wherever the job is used. */
export function defineJob<S extends z.ZodType>(name: string, schema: S, options: JobOptions = {}): JobDefinition<S> {
  return Object.freeze({ name, schema, options: Object.freeze({ ...options }) });
}

/**
 * A job where only its name matters (schedule, drain). Not `JobDefinition` with its default: comparing each
 * job's zod schema with `z.ZodType` made TypeScript give up on the whole program (TS2589).
 */
export type JobName = { readonly name: string };

/** What a job's handler receives: its payload as its schema produces it. */
export type JobPayload<J extends JobDefinition> = z.output<J["schema"]>;

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
  /** Registers a job's handler before `start()`, once per job. The handler must be idempotent. */
  define<S extends z.ZodType>(job: JobDefinition<S>, handler: (payload: z.output<S>, context: JobContext) => Promise<void>): void;
  /**
   * Sends the job (empty payload: its schema must accept `{}`) on a cron schedule (UTC, minute
   * granularity), once per tick across every edge process. Call after `define` and before `start()`.
   */
  schedule(job: JobName, cron: string): void;
  /** Enqueues a job (payload checked against its schema first); null when a singleton was already queued. */
  send<S extends z.ZodType>(job: JobDefinition<S>, payload: z.input<S>, options?: SendOptions): Promise<string | null>;
  /** Tests and tools: runs every due job now (retries included once due), returns how many ran. */
  drain(options?: {
    /** Only these jobs (default: every defined job). */
    jobs?: JobName[];
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
