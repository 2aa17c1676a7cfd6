/**
 * The 15-minute notice, driven by the manual clock: it fires once at T−15 for
 * both parties, never twice (a second run, a restarted scheduler, two schedulers
 * on separate connections racing), never for canceled or unaccepted ones, and
 * again after a reschedule.
 */
import assert from "node:assert/strict";
import { apiTest, type TestContext } from "../../test/harness.ts";
import { accepted, booked, createBookableDoctor, createPatient, LONG_TOKENS, MONDAY_MORNING } from "../../test/consultation-fixtures.ts";
import { connectPostgres } from "../../db/connect.ts";
import { silentLogger } from "../../platform/log.ts";
import { createPeriodicWork } from "../../jobs/scheduler.ts";
import { STARTS_SOON } from "./notices.ts";

const at = (iso: string, minutes = 0) => new Date(new Date(iso).getTime() + minutes * 60_000);

/** The periodic work as a (re)started edge process would run it: its own pool (on PostgreSQL); runs only when called here. */
function startScheduler(ctx: TestContext, own = false) {
  const pool = own && ctx.databaseUrl ? connectPostgres(ctx.databaseUrl, 2) : null;
  const work = createPeriodicWork({ deps: { sql: pool?.sql ?? ctx.sql, log: silentLogger, clock: ctx.clock } });
  return {
    ...work,
    async stop() {
      await pool?.close();
    },
  };
}
type Scheduler = ReturnType<typeof startScheduler>;

async function notices(ctx: TestContext, consultationId: string) {
  return await ctx.sql<{ user_id: string; kind: string; payload: any; created_at: Date; read_at: Date | null }[]>`
    select user_id, kind, payload, created_at, read_at from site_notifications
    where payload->>'consultationId' = ${consultationId} order by user_id`;
}

apiTest("15-minute notices", async (t, ctx) => {
  ctx.clock.set(MONDAY_MORNING);
  const doctor = await createBookableDoctor(ctx);
  const patient = await createPatient(ctx, doctor);
  const nine = await accepted(ctx, patient, doctor, "2026-03-02T17:00:00.000Z");
  const request = await booked(ctx, patient, doctor.id, "2026-03-02T17:30:00.000Z");
  const canceled = await accepted(ctx, patient, doctor, "2026-03-02T18:00:00.000Z");
  await ctx.call("POST", `/consultations/${canceled.id}`, { token: patient.token, body: { reason: "Better" } });
  const schedulers: Scheduler[] = [];
  const scheduler = startScheduler(ctx);
  schedulers.push(scheduler);

  try {
    await t.step("16 minutes before: nothing", async () => {
      ctx.clock.set(at(nine.startAt, -16));
      assert.deepEqual(await scheduler.runOnce(), { consultationsNoticed: 0 });
      assert.equal((await notices(ctx, nine.id)).length, 0);
    });

    await t.step("15 minutes before: one notification for each party, naming the other", async () => {
      ctx.clock.set(at(nine.startAt, -15));
      assert.deepEqual(await scheduler.runOnce(), { consultationsNoticed: 1 });
      const rows = await notices(ctx, nine.id);
      assert.deepEqual(rows.map((r) => r.user_id).sort(), [doctor.id, patient.id].sort());
      for (const row of rows) {
        const other = row.user_id === patient.id ? doctor.id : patient.id;
        assert.equal(row.kind, STARTS_SOON);
        assert.equal(row.read_at, null);
        assert.equal(row.created_at.toISOString(), at(nine.startAt, -15).toISOString());
        assert.deepEqual({ ...row.payload, withUser: row.payload.withUser.id }, {
          consultationId: nine.id, type: "video", startAt: nine.startAt, endAt: nine.endAt, withUser: other,
        });
        assert.ok(row.payload.withUser.firstName);
      }
    });

    await t.step("never twice: the next run, and a restarted scheduler on a new connection", async () => {
      ctx.clock.set(at(nine.startAt, -14));
      assert.deepEqual(await scheduler.runOnce(), { consultationsNoticed: 0 });
      await scheduler.stop();
      const restarted = startScheduler(ctx, true);
      schedulers.push(restarted);
      ctx.clock.set(at(nine.startAt, 5));
      assert.deepEqual(await restarted.runOnce(), { consultationsNoticed: 0 });
      assert.equal((await notices(ctx, nine.id)).length, 2);
    });

    await t.step("not for a canceled one, nor for a request nobody accepted", async () => {
      ctx.clock.set(at(canceled.startAt, -10));
      await schedulers.at(-1)!.runOnce();
      assert.equal((await notices(ctx, canceled.id)).length, 0);
      assert.equal((await notices(ctx, request.id)).length, 0);
    });

    await t.step("accepted late (after T−15, before the end): noticed at the next run", async () => {
      ctx.clock.set(at(request.startAt, -5));
      const res = await ctx.call("PUT", `/consultations/accept/${request.id}`, { token: doctor.token });
      assert.equal(res.status, 200);
      assert.deepEqual(await schedulers.at(-1)!.runOnce(), { consultationsNoticed: 1 });
      assert.equal((await notices(ctx, request.id)).length, 2);
    });

    await t.step("a process down through the whole slot sends nothing stale afterwards", async () => {
      ctx.clock.set(MONDAY_MORNING);
      const missed = await accepted(ctx, patient, doctor, "2026-03-02T19:00:00.000Z");
      ctx.clock.set(at(missed.endAt, 1));
      assert.deepEqual(await schedulers.at(-1)!.runOnce(), { consultationsNoticed: 0 });
    });

    await t.step("rescheduled after its notice: noticed again for the new time", async () => {
      ctx.clock.set(MONDAY_MORNING);
      const moved = await accepted(ctx, patient, doctor, "2026-03-02T21:00:00.000Z");
      ctx.clock.set(at(moved.startAt, -15));
      await schedulers.at(-1)!.runOnce();
      const res = await ctx.call("PUT", `/consultations/reschedule/${moved.id}?startAt=2026-03-02T23:00:00.000Z`, { token: doctor.token });
      assert.equal(res.status, 200);
      ctx.clock.set(at("2026-03-02T23:00:00.000Z", -15));
      assert.deepEqual(await schedulers.at(-1)!.runOnce(), { consultationsNoticed: 1 });
      const rows = await notices(ctx, moved.id);
      assert.deepEqual(rows.map((r) => r.payload.startAt).sort(), [
        "2026-03-02T21:00:00.000Z", "2026-03-02T21:00:00.000Z", "2026-03-02T23:00:00.000Z", "2026-03-02T23:00:00.000Z",
      ]);
    });

    await t.step("a party who turned the notice off for the site gets none; the other still does", async () => {
      ctx.clock.set(MONDAY_MORNING);
      const quiet = await createPatient(ctx, doctor);
      const res = await ctx.call("PUT", "/settings/notifications", {
        token: quiet.token, body: { settings: { "consultation.startsSoon": { site: false } } },
      });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      const c = await accepted(ctx, quiet, doctor, "2026-03-02T22:00:00.000Z");
      ctx.clock.set(at(c.startAt, -15));
      assert.deepEqual(await schedulers.at(-1)!.runOnce(), { consultationsNoticed: 1 });
      assert.deepEqual((await notices(ctx, c.id)).map((r) => r.user_id), [doctor.id]);
    });

    await t.step("two schedulers (two edge processes) racing over many due consultations: each noticed once", async () => {
      ctx.clock.set(MONDAY_MORNING);
      const due = [];
      for (let i = 0; i < 8; i++) {
        const d = await createBookableDoctor(ctx);
        due.push(await accepted(ctx, await createPatient(ctx, d), d, "2026-03-03T17:00:00.000Z"));
      }
      const [one, two] = [startScheduler(ctx, true), startScheduler(ctx, true)];
      schedulers.push(one, two);
      ctx.clock.set(at("2026-03-03T17:00:00.000Z", -15));
      const results = await Promise.all([one.runOnce(), two.runOnce(), one.runOnce(), two.runOnce()]);
      assert.equal(results.reduce((n, r) => n + r.consultationsNoticed, 0), due.length);
      for (const c of due) assert.equal((await notices(ctx, c.id)).length, 2, c.id);
    });
  } finally {
    for (const s of schedulers) await s.stop();
  }
}, LONG_TOKENS);
