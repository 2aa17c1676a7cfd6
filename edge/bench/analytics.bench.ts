/**
 * `npm run bench:analytics`: the admin analytics, dashboard and report queries on
 * a platform-sized database. Not part of `npm test`.
 *
 * A throwaway database on the local PostgreSQL (BENCH_DATABASE_URL, default
 * postgres://postgres@127.0.0.1:5432/postgres; created and dropped here),
 * migrated, seeded with 200 doctors, 10,000 patients, 200,000 consultations and
 * 200,000 chat messages spread over two years, then analysed. Each query runs
 * once to warm up and then 5 times; the median is printed. Target: < 500 ms.
 *
 * Prints one line per query: `analytics: <name> median <ms> ms (max <ms> ms)`.
 */
import postgres from "postgres";
import { migrate } from "../src/db/migrate.ts";
import { createAnalyticsService } from "../src/domains/admin/analytics.ts";
import { createDashboardService } from "../src/domains/admin/dashboard.ts";
import { createReportsService } from "../src/domains/admin/reports.ts";
import { createAuditLog } from "../src/domains/audit/repo.ts";
import { systemClock } from "../src/platform/clock.ts";
import { reportQuerySchema } from "../../sync/schemas/admin.ts";
import { createBenchDatabase, log } from "./bench-kit.ts";

const DOCTORS = 200;
const PATIENTS = 10_000;
const CONSULTATIONS = 200_000;
const MESSAGES = 200_000;
const RUNS = 5;

async function seed(sql: postgres.Sql) {
  await migrate(sql);
  const t0 = performance.now();
  // Sign-ups spread over the last two years.
  await sql`insert into users (role, email, first_name, last_name, is_activated, application_status, state, licensed_states, created_at)
    select 'doctor', 'd' || g || '@bench.test', 'Doc', 'Tor' || g, true, 'approved', 'NV', '{NV}',
      now() - (random() * interval '730 days') from generate_series(1, ${DOCTORS}) g`;
  await sql`create temporary table bench_doctors as select row_number() over (order by id) as n, id from users where role = 'doctor'`;
  await sql`insert into users (role, email, first_name, last_name, is_activated, state, gender, birth_date, doctor_id, created_at)
    select 'patient', 'p' || g || '@bench.test', 'Pat', 'Ient' || g, true, 'NV', case when g % 2 = 0 then 'Male' else 'Female' end,
      date '1950-01-01' + (g % 18000), d.id, now() - (random() * interval '730 days')
    from generate_series(1, ${PATIENTS}) g join bench_doctors d on d.n = 1 + g % ${DOCTORS}`;
  await sql`create temporary table bench_patients as select row_number() over (order by id) as n, id, doctor_id from users where role = 'patient'`;
  await sql`insert into consultations (id, doctor_id, patient_id, type, status, start_at, end_at, reason, cancel_reason, decline_reason, created_at, seq)
    select gen_random_uuid(), p.doctor_id, p.id, (array['video', 'chat', 'async'])[1 + g % 3],
      (array['requested', 'accepted', 'finished', 'canceled', 'declined'])[1 + g % 5],
      s.start_at, s.start_at + interval '30 minutes', 'Bench', case when g % 5 = 3 then 'x' end, case when g % 5 = 4 then 'x' end,
      s.start_at - interval '2 days', nextval('sync_seq')
    from generate_series(1, ${CONSULTATIONS}) g
    join bench_patients p on p.n = 1 + g % ${PATIENTS}
    cross join lateral (select date_trunc('minute', now() - interval '730 days') + (g * interval '5 minutes') as start_at) s`;
  await sql`insert into chats (id, kind, seq) values ('00000000-0000-4000-8000-00000000be1c', 'direct', nextval('sync_seq'))`;
  await sql`insert into chat_messages (id, chat_id, author_id, text, created_at, seq)
    select gen_random_uuid(), '00000000-0000-4000-8000-00000000be1c', p.id, 'hello', now() - (random() * interval '730 days'), nextval('sync_seq')
    from generate_series(1, ${MESSAGES}) g join bench_patients p on p.n = 1 + g % ${PATIENTS}`;
  await sql`analyze`;
  log(`seeded in ${Math.round(performance.now() - t0)} ms`);
}

async function measure(name: string, run: () => Promise<unknown>) {
  await run();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    await run();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  console.log(`analytics: ${name} median ${times[Math.floor(RUNS / 2)].toFixed(1)} ms (max ${times[RUNS - 1].toFixed(1)} ms)`);
}

const db = await createBenchDatabase("analytics");
const sql = postgres(db.url, { max: 4, onnotice: () => {} });
try {
  await seed(sql);
  const analytics = createAnalyticsService({ sql });
  const dashboard = createDashboardService({ sql, clock: systemClock });
  const reports = createReportsService({ sql, audit: createAuditLog(sql) });
  const today = new Date().toISOString().slice(0, 10);
  const ago = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
  await measure("two years by week (UTC)", () => analytics.compute({ from: ago(730), to: today, granularity: "week", timezone: "UTC" }));
  await measure("two years by month (Los Angeles)", () =>
    analytics.compute({ from: ago(730), to: today, granularity: "month", timezone: "America/Los_Angeles" }));
  await measure("90 days by day (UTC)", () => analytics.compute({ from: ago(90), to: today, granularity: "day", timezone: "UTC" }));
  await measure("dashboard", () => dashboard.figures());
  const admin = { userId: crypto.randomUUID(), role: "admin" as const, sessionId: "b", isSuperAdmin: true, fullAccess: true, doctorId: null, impersonatorSessionId: null };
  const query = reportQuerySchema.parse({ fields: "name,gender,age,doctor,vmas" });
  await measure("report preview, first page of 10,000 patients", () => reports.preview(admin, query));
} finally {
  await sql.end();
  await db.drop();
}
