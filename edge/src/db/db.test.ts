/** Contract: migrations and the SQL the repos use behave the same on PostgreSQL and PGlite. */
import assert from "node:assert/strict";
import { DATABASE_BACKENDS } from "../test/database.ts";
import { migrate } from "./migrate.ts";
import { createRateLimiter } from "../platform/rate-limit.ts";
import { manualClock } from "../platform/clock.ts";
import { createUsersRepo } from "../domains/users/repo.ts";
import { seedDemo } from "../seed/demo.ts";
import { createArgon2Hasher } from "../platform/passwords.ts";
import { silentLogger } from "../platform/log.ts";

for (const [name, open] of DATABASE_BACKENDS) {
  Deno.test({ name: `database contract: ${name}`, sanitizeOps: false, sanitizeResources: false }, async (t) => {
    const db = await open();
    try {
      await t.step("migrations are recorded and applying again does nothing", async () => {
        assert.deepEqual(await migrate(db.sql), []);
        const rows = await db.sql`select name from schema_migrations`;
        assert.ok(rows.some((r) => r.name === "0001_accounts.sql"));
      });
      await t.step("the audit log refuses updates and deletes", async () => {
        await db.sql`insert into audit_log (event) values ('login.success')`;
        await assert.rejects(() => db.sql`update audit_log set event = 'x'`);
        await assert.rejects(() => db.sql`delete from audit_log`);
      });
      await t.step("emails are unique regardless of case", async () => {
        await db.sql`insert into users (role, email, first_name, last_name) values ('patient', 'Case@Example.test', 'A', 'B')`;
        await assert.rejects(() => db.sql`insert into users (role, email, first_name, last_name) values ('patient', 'case@example.TEST', 'A', 'B')`);
        const users = createUsersRepo(db.sql);
        assert.equal((await users.byEmail("CASE@example.test"))?.email, "Case@Example.test");
      });
      await t.step("rate limiter windows", async () => {
        const clock = manualClock(new Date("2026-01-01T00:00:00Z"));
        const limiter = createRateLimiter(db.sql, clock);
        const rule = { limit: 2, windowSeconds: 60 };
        await limiter.hit("k", rule);
        await limiter.hit("k", rule);
        await assert.rejects(() => limiter.hit("k", rule), (e: any) => e.status === 429);
        clock.advance(61_000);
        await limiter.hit("k", rule);
      });
      await t.step("the demo seed creates four accounts once", async () => {
        const deps = { sql: db.sql, passwords: createArgon2Hasher({ memoryCost: 1024, timeCost: 1 }), log: silentLogger };
        assert.equal(await seedDemo(deps), true);
        assert.equal(await seedDemo(deps), false);
        const rows = await db.sql`select role, email from users where email like '%@demo.test' order by role`;
        assert.deepEqual(rows.map((r) => r.role), ["admin", "doctor", "patient", "vma"]);
      });
      await t.step("the demo doctor has weekday hours and an intake form; a missing part is recreated alone", async () => {
        const deps = { sql: db.sql, passwords: createArgon2Hasher({ memoryCost: 1024, timeCost: 1 }), log: silentLogger };
        const [hours] = await db.sql`select a.slot_minutes, a.weekly, u.timezone from availability a join users u on u.id = a.doctor_id
          where u.email = 'doctor@demo.test'`;
        assert.deepEqual([hours.slot_minutes, hours.timezone, hours.weekly.monday, hours.weekly.saturday],
          [30, "America/Los_Angeles", [{ start: "09:00", end: "17:00" }], []]);
        await db.sql`delete from availability`;
        await db.sql`update intake_form_settings set vitals_required = false`;
        const users = await db.sql`select id, password_hash from users order by id`;
        assert.equal(await seedDemo(deps), true);
        assert.equal((await db.sql`select count(*)::int as n from availability`)[0].n, 1);
        assert.deepEqual(await db.sql`select id, password_hash from users order by id`, users, "nothing else recreated");
        assert.equal(await seedDemo(deps), false);
      });
      await t.step("one active booking per doctor and start; declined and canceled ones free it", async () => {
        const [doctor] = await db.sql`select id from users where email = 'doctor@demo.test'`;
        const [patient] = await db.sql`select id from users where email = 'patient@demo.test'`;
        const insert = (status: string, reason: string | null = null) => db.sql`
          insert into consultations (id, doctor_id, patient_id, type, status, start_at, end_at, reason, cancel_reason, seq)
          values (${crypto.randomUUID()}, ${doctor.id}, ${patient.id}, 'video', ${status}, '2030-01-07T17:00:00Z',
                  '2030-01-07T17:30:00Z', 'x', ${reason}, nextval('sync_seq'))`;
        await insert("canceled", "changed plans");
        await insert("requested");
        await assert.rejects(() => insert("accepted"), (e: any) => e.code === "23505" && e.constraint_name === "consultations_one_per_slot");
        await assert.rejects(() => insert("finished"), (e: any) => e.code === "23505");
        await insert("canceled", "again");
      });
    } finally {
      await db.close();
    }
  });
}
