/**
 * The job queue on pg-boss (a maintained PostgreSQL queue: SKIP LOCKED fetches, retries with
 * backoff, retention), driven through the edge's own postgres.js connection (pg-boss's `db`
 * option) so it runs on PostgreSQL and on embedded PGlite alike and opens no pool of its own.
 * pg-boss keeps its tables in the `pgboss` schema, created and migrated by `start()`/`init()`.
 *
 * Every queue uses pg-boss's "short" policy: at most one waiting job per singleton key. Jobs
 * sent without a key get a random one, so only keyed sends are deduplicated.
 */
import PgBoss from "pg-boss";
import type { Queryable, Sql } from "../db/connect.ts";
import type { Logger } from "../platform/log.ts";
import type { DeadJob, JobContext, JobOptions, JobQueue, SendOptions } from "./queue.ts";
import type { z } from "zod";

type Definition = {
  schema: z.ZodType;
  handler: (payload: unknown, job: JobContext) => Promise<void>;
  options: Required<JobOptions>;
};

type BossJob = { id: string; name: string; data: unknown; retryCount?: number; retry_count?: number };

const DEFAULTS: Required<JobOptions> = { retryLimit: 5, retryDelaySeconds: 10, retryBackoff: true };
const SCHEMA = "pgboss";

/**
 * pg-boss hands its batch insert (`insert`, what its cron schedules enqueue through) the jobs as one JSON
 * text for `json_to_recordset($1)`. PostgreSQL types that parameter `json`, and postgres.js (and the
 * PGlite connection) encode a string for a `json` parameter as JSON again: a JSON string, "cannot call
 * json_to_recordset on a scalar", and no scheduled job was ever enqueued. Typed as text first, the JSON
 * goes as it is.
 */
const JSON_RECORDSET_PARAM = /json_to_recordset\(\$1\)/g;

/** pg-boss's `db` adapter over postgres.js (a pool or a transaction). */
export function bossAdapter(sql: Queryable) {
  return {
    async executeSql(text: string, values?: unknown[]) {
      // Statements pg-boss sends without parameters may hold several commands (its locked
      // BEGIN … COMMIT blocks): the simple protocol runs them as one round trip.
      let rows: unknown;
      if (values && values.length) {
        rows = await sql.unsafe(text.replace(JSON_RECORDSET_PARAM, "json_to_recordset($1::text::json)"), values as never[]);
      } else if ("reserve" in sql && /\bBEGIN\b/i.test(text)) {
        // postgres.js allows BEGIN … COMMIT only on a connection of its own.
        const reserved = await (sql as Sql).reserve();
        try {
          rows = await reserved.unsafe(text, [], { prepare: false }).simple();
        } finally {
          reserved.release();
        }
      } else rows = await sql.unsafe(text, [], { prepare: false }).simple();
      const list = Array.isArray(rows) ? rows : [];
      return { rows: list as unknown[], rowCount: list.length };
    },
  };
}

function short(e: unknown): string {
  return (e instanceof Error ? e.message : String(e)).slice(0, 300);
}

export function createJobQueue(opts: {
  sql: Sql;
  log: Logger;
  /** Seconds between polls of each queue by the started workers. */
  pollingIntervalSeconds?: number;
}): JobQueue & { init(): Promise<void> } {
  const { sql, log } = opts;
  const boss = new PgBoss({
    db: bossAdapter(sql),
    schema: SCHEMA,
    // Maintenance (expiry, retention) and cron schedules run once the queue has started.
    supervise: true,
    schedule: true,
    migrate: true,
  } as unknown as PgBoss.ConstructorOptions);
  boss.on("error", (e: unknown) => log.error("job queue error", { error: short(e) }));

  const definitions = new Map<string, Definition>();
  const schedules = new Map<string, string>();
  let initialised: Promise<void> | undefined;
  let started = false;

  async function ensureQueues() {
    for (const [name, def] of definitions) {
      const existing = await boss.getQueue(name);
      const queueOptions = {
        policy: "short",
        retryLimit: def.options.retryLimit,
        retryDelay: def.options.retryDelaySeconds,
        retryBackoff: def.options.retryBackoff,
      } as PgBoss.Queue;
      if (existing) await boss.updateQueue(name, queueOptions);
      else await boss.createQueue(name, queueOptions);
    }
  }

  /** Creates or migrates pg-boss's schema and the defined queues (once). */
  function init(): Promise<void> {
    initialised ??= (async () => {
      // Several edge processes may start at once on a new database: pg-boss's own create step
      // still raced on CREATE SCHEMA here, so start-ups are serialised by a session advisory
      // lock held on a connection of its own. A single-connection database (embedded PGlite)
      // has one process and no second connection to hold it.
      const lockHolder = (sql.options?.max ?? 1) > 1 ? await sql.reserve() : null;
      try {
        if (lockHolder) await lockHolder`select pg_advisory_lock(hashtext('dpc.jobs.init'))`;
        await boss.start();
        await ensureQueues();
      } finally {
        if (lockHolder) {
          await lockHolder`select pg_advisory_unlock(hashtext('dpc.jobs.init'))`.catch(() => {});
          lockHolder.release();
        }
      }
    })();
    return initialised;
  }

  async function run(def: Definition, name: string, job: BossJob) {
    // pg-boss returns a job's retry count only when asked (`includeMetadata`, in `fetch` and `work`). Without it
    // every run would be the first attempt, and a handler that gives up after its last one (the fax send) never would.
    const retries = job.retryCount ?? job.retry_count;
    if (typeof retries !== "number") throw new Error(`job ${name} came without its retry count`);
    const attempt = retries + 1;
    const parsed = def.schema.safeParse(job.data);
    if (!parsed.success) throw new Error(`invalid payload for job ${name}`);
    await def.handler(parsed.data, { id: job.id, name, attempt });
  }

  return {
    init,

    define(job, handler) {
      const { name } = job;
      if (started || initialised) throw new Error(`job ${name} defined after the queue started`);
      if (definitions.has(name)) throw new Error(`job ${name} defined twice`);
      definitions.set(name, {
        schema: job.schema,
        handler: handler as Definition["handler"],
        options: { ...DEFAULTS, ...job.options },
      });
    },

    schedule(job, cron) {
      const def = definitions.get(job.name);
      if (!def) throw new Error(`unknown job ${job.name}`);
      // A schedule sends an empty payload: a job that needs one would fail every tick.
      if (!def.schema.safeParse({}).success) throw new Error(`job ${job.name} needs a payload and cannot be scheduled`);
      schedules.set(job.name, cron);
    },

    async send(job, payload, options: SendOptions = {}) {
      const { name } = job;
      const def = definitions.get(name);
      if (!def) throw new Error(`unknown job ${name}`);
      const data = def.schema.parse(payload);
      await init();
      const sendOptions: PgBoss.SendOptions & { db?: unknown } = {
        singletonKey: options.singletonKey ?? crypto.randomUUID(),
      };
      if (options.startAfter !== undefined) {
        sendOptions.startAfter = typeof options.startAfter === "number"
          ? Math.max(0, Math.round(options.startAfter))
          : options.startAfter;
      }
      if (options.tx) sendOptions.db = bossAdapter(options.tx);
      return await boss.send(name, data as object, sendOptions);
    },

    async drain(options = {}) {
      await init();
      const names = options.jobs?.map((job) => job.name) ?? [...definitions.keys()];
      const max = options.max ?? 1000;
      if (options.dueNow) {
        // A second in the past: pg-boss fetches `start_after < now()`, and PGlite's clock may not have moved
        // on between this statement and the fetch (the dead-letter test failed now and then on PGlite).
        await sql`update pgboss.job set start_after = now() - interval '1 second'
          where name = any(${names}) and state in ('created', 'retry') and start_after > now()`;
      }
      let ran = 0;
      for (let progressed = true; progressed && ran < max;) {
        progressed = false;
        for (const name of names) {
          const def = definitions.get(name);
          if (!def) continue;
          const [job] = await boss.fetch(name, { batchSize: 1, includeMetadata: true }) as BossJob[];
          if (!job) continue;
          progressed = true;
          ran++;
          try {
            await run(def, name, job);
            await boss.complete(name, job.id);
          } catch (e) {
            await boss.fail(name, job.id, { message: short(e) });
          }
          if (ran >= max) break;
        }
      }
      return ran;
    },

    async failed(options = {}) {
      await init();
      const rows = await sql<
        { id: string; name: string; data: unknown; output: { message?: string } | null; completed_on: Date; retry_count: number }[]
      >`
        select id, name, data, output, completed_on, retry_count from pgboss.job
        where state = 'failed' order by completed_on desc limit ${options.limit ?? 100}`;
      return rows.map((r): DeadJob => ({
        id: r.id,
        name: r.name,
        payload: r.data,
        error: r.output?.message ?? "failed",
        failedAt: r.completed_on,
        attempts: r.retry_count + 1,
      }));
    },

    async start() {
      await init();
      if (started) return;
      started = true;
      for (const [name, cron] of schedules) await boss.schedule(name, cron, {}, { tz: "UTC" });
      for (const [name, def] of definitions) {
        await boss.work(
          name,
          { pollingIntervalSeconds: opts.pollingIntervalSeconds ?? 2, batchSize: 1, includeMetadata: true },
          async (jobs: BossJob[]) => {
            for (const job of jobs) await run(def, name, job);
          },
        );
      }
    },

    async stop() {
      if (!initialised) return;
      await initialised.catch(() => {});
      await boss.stop({ graceful: true, close: false, wait: true, timeout: 10_000 });
      started = false;
    },
  };
}
export type PgJobQueue = ReturnType<typeof createJobQueue>;
