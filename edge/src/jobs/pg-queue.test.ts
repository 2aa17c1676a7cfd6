/** The job queue on PostgreSQL and on embedded PGlite: durable, retried, deduplicated, dead-lettered. */
import assert from "node:assert/strict";
import { z } from "zod";
import { DATABASE_BACKENDS } from "../test/database.ts";
import { silentLogger } from "../platform/log.ts";
import { bossAdapter, createJobQueue } from "./pg-queue.ts";
import { defineJob } from "./queue.ts";

const APPLY_JOB = defineJob("test.apply", z.object({ eventId: z.string().min(1), amountCents: z.number().int() }), {
  retryLimit: 2,
  retryDelaySeconds: 60,
});
const BROKEN_JOB = defineJob("test.broken", z.object({ n: z.number() }), { retryLimit: 1, retryDelaySeconds: 60 });
const UNDEFINED_JOB = defineJob("test.unknown", z.object({}));

for (const [kind, open] of DATABASE_BACKENDS) {
  Deno.test({ name: `job queue: ${kind}`, sanitizeOps: false, sanitizeResources: false }, async (t) => {
    const db = await open();
    const seen: string[] = [];
    let failuresLeft = 0;
    const make = () => {
      const queue = createJobQueue({ sql: db.sql, log: silentLogger, pollingIntervalSeconds: 0.5 });
      queue.define(APPLY_JOB, (p, job) => {
        if (failuresLeft > 0) {
          failuresLeft--;
          return Promise.reject(new Error(`transient failure ${job.attempt}`));
        }
        seen.push(`${p.eventId}:${p.amountCents}:${job.attempt}`);
        return Promise.resolve();
      });
      queue.define(BROKEN_JOB, () => Promise.reject(new Error("always fails")));
      return queue;
    };
    try {
      await t.step("pg-boss's batch insert (its cron schedules' path) reads the jobs' JSON as records", async () => {
        // pg-boss passes JSON.stringify(jobs) for json_to_recordset($1); postgres.js once encoded it again.
        const jobs = [{ name: "a", data: { n: 1 } }, { name: "b", data: { n: 2 } }];
        const { rows } = await bossAdapter(db.sql).executeSql(
          "select name, (data->>'n')::int as n from json_to_recordset($1) as x (name text, data jsonb) order by name",
          [JSON.stringify(jobs)],
        );
        assert.deepEqual(rows.map((r) => ({ ...(r as object) })), [{ name: "a", n: 1 }, { name: "b", n: 2 }]);
      });

      await t.step("a sent job runs once and its payload arrives validated", async () => {
        const queue = make();
        assert.ok(await queue.send(APPLY_JOB, { eventId: "evt_1", amountCents: 5900 }));
        assert.equal(await queue.drain(), 1);
        assert.equal(await queue.drain(), 0);
        assert.deepEqual(seen, ["evt_1:5900:1"]);
        await queue.stop();
      });

      await t.step("a bad payload is refused at send and nothing is queued", async () => {
        const queue = make();
        await assert.rejects(() => queue.send(APPLY_JOB, { eventId: "", amountCents: 1.5 }));
        await assert.rejects(() => queue.send(UNDEFINED_JOB, {}), /unknown job/);
        // A schedule sends `{}`: a job whose schema refuses it is not scheduled.
        assert.throws(() => queue.schedule(APPLY_JOB, "* * * * *"), /cannot be scheduled/);
        assert.equal(await queue.drain(), 0);
        await queue.stop();
      });

      await t.step("a singleton key queues one job while it waits", async () => {
        seen.length = 0;
        const queue = make();
        const first = await queue.send(APPLY_JOB, { eventId: "evt_2", amountCents: 1 }, { singletonKey: "evt_2" });
        const again = await queue.send(APPLY_JOB, { eventId: "evt_2", amountCents: 1 }, { singletonKey: "evt_2" });
        assert.ok(first);
        assert.equal(again, null);
        assert.equal(await queue.drain(), 1);
        assert.deepEqual(seen, ["evt_2:1:1"]);
        await queue.stop();
      });

      await t.step("a failing job is retried after its delay, not before", async () => {
        seen.length = 0;
        failuresLeft = 1;
        const queue = make();
        await queue.send(APPLY_JOB, { eventId: "evt_3", amountCents: 2 });
        assert.equal(await queue.drain(), 1); // fails, waits 60 s
        assert.deepEqual(seen, []);
        assert.equal(await queue.drain(), 0);
        assert.equal(await queue.drain({ dueNow: true }), 1);
        // The handler is told which attempt this is (the fax send gives up after its last one).
        assert.deepEqual(seen, ["evt_3:2:2"]);
        await queue.stop();
      });

      await t.step("a job that exhausts its retries lands in the dead-letter list", async () => {
        const queue = make();
        await queue.send(BROKEN_JOB, { n: 7 });
        assert.equal(await queue.drain({ jobs: [BROKEN_JOB] }), 1);
        assert.equal(await queue.drain({ jobs: [BROKEN_JOB], dueNow: true }), 1);
        assert.equal(await queue.drain({ jobs: [BROKEN_JOB], dueNow: true }), 0);
        const dead = await queue.failed();
        assert.equal(dead.length, 1);
        assert.equal(dead[0].name, "test.broken");
        assert.deepEqual(dead[0].payload, { n: 7 });
        assert.match(dead[0].error, /always fails/);
        await queue.stop();
      });

      await t.step("a job sent in a transaction exists only if it commits", async () => {
        seen.length = 0;
        const queue = make();
        await queue.drain();
        await db.sql.begin(async (tx) => {
          await queue.send(APPLY_JOB, { eventId: "evt_kept", amountCents: 3 }, { tx });
        });
        await assert.rejects(() =>
          db.sql.begin(async (tx) => {
            await queue.send(APPLY_JOB, { eventId: "evt_rolled_back", amountCents: 4 }, { tx });
            throw new Error("rollback");
          })
        );
        await queue.drain();
        assert.deepEqual(seen, ["evt_kept:3:1"]);
        await queue.stop();
      });

      await t.step("jobs survive a restart and a started worker runs them", async () => {
        seen.length = 0;
        const before = make();
        await before.send(APPLY_JOB, { eventId: "evt_restart", amountCents: 5 });
        await before.stop();
        const after = make();
        await after.start();
        const deadline = Date.now() + 15_000;
        while (!seen.length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
        await after.stop();
        assert.deepEqual(seen, ["evt_restart:5:1"]);
      });
    } finally {
      await db.close();
    }
  });
}
