/**
 * `npm run bench:sync`: the sync engine measured in headless Chromium (Debian's,
 * through playwright-core) against a local edge this script starts on loopback,
 * on a throwaway database of the local PostgreSQL. Not part of `npm test`.
 *
 * 1. initial — a doctor's panel of 20,000 note drafts (400 patients × 50), seeded
 *    with SQL, pulled into an empty device database by the real data layer; and a
 *    raw Dexie bulkPut of the same documents in the same page (ratio = initial / bulkPut; the bulkPut
 *    is the median of three, each into a fresh database);
 * 2. push — 1,000 draft edits made offline, from reconnect until the server acknowledged all;
 * 3. latency — a message written on device A (the doctor) until visible on device B
 *    (the VMA), 200 times one after another;
 * 4. chart — the doctor's chart on a new device (devices A and B closed first): each of the 400 patients gets,
 *    with SQL in one transaction, a chart of 20 encounters (each with one ICD-10 diagnosis), 40 vitals,
 *    10 problems, 10 prescriptions (real medications of the shipped list; current and sent, some drafts, some
 *    discontinued) and 5 orders (3 labs with LOINC codes, 1 imaging request, 1 referral), and a medical card with
 *    a few allergies and medications (`seedCharts`); the tables' triggers mark
 *    the entries and the edge gives them a seq (at the device's sign-in, a POST, and before each pull). Then
 *    - initial: from the new device's local data open until `chart_entries` and `patients` hold every document
 *      of the practice, and a raw Dexie bulkPut of the same (decrypted) documents, median of three, as in 1.
 *      The note drafts of 1–3 are deleted on the server first (their phases are over), so this device pulls
 *      the chart and the panel as the device of 1 pulled the drafts: the ratio compares the chart's pull with
 *      the chart's own bulkPut, not with 20,000 drafts arriving at the same time;
 *    - open chart offline: with the network cut (`context.setOffline`), 50 patients across the panel opened
 *      one after another, each from the render of the chart until a commit where the panel doc and the patient's
 *      entries of every kind are read and decrypted by the hooks the chart page uses (`usePanelPatient`,
 *      `useChartEntries`: `{patientId, kind}` on the index) and the chart page's own components (`ChartHeader`,
 *      `MedicalCardSection` with `deviceChart`) show the name, allergies and medications (bench.tsx,
 *      `openChartsOffline`; one patient opened first, untimed, as the patient list would have been rendered).
 *
 * Each timed phase starts on a quiet machine (`settle`: less than a tenth of a core busy in four
 * quarter seconds in a row): what an earlier phase left running (IndexedDB compacting 20,000 rows, PostgreSQL's
 * and the edge's background work) slowed the next one by up to a quarter. The seeded panel is vacuumed
 * and analyzed as autovacuum would do soon after such an insert.
 *
 * Prints, before its last line:
 * `chart: patients 400 docs <N> initial <ms> ms (bulkPut <ms> ms, ratio <r>); open chart offline p95 <ms> ms`
 * and, as its last line:
 * `sync: initial <N> docs <ms> ms (bulkPut <ms> ms, ratio <r>); edits 1000 <ms> ms; push 1000 <ms> ms; latency p50 <ms> ms p95 <ms> ms`
 *
 * Environment: BENCH_DATABASE_URL (a PostgreSQL where this may create and drop a
 * database; default postgres://postgres@127.0.0.1:5432/postgres), CHROMIUM_PATH,
 * BENCH_PORT (default: a free port), BENCH_TIMEOUT_MS (default 600000), BENCH_PROFILE (1: a CPU
 * profile of the initial sync; edit, push, chart, open: of those phases), BENCH_ONLY=initial (the initial sync and
 * bulkPut only, for working on them; no last line), BENCH_ONLY=chart (phase 4 only, its line only),
 * BENCH_SKIP_BREAKDOWN=1 (no breakdown line).
 */
import { spawn } from "node:child_process";
import { createServer } from "node:net";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import postgres from "postgres";
import { chromium } from "playwright-core";

const ROOT = resolve(fileURLToPath(new URL("../..", import.meta.url)));
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const PORT = Number(process.env.BENCH_PORT ?? await freePort());
const TIMEOUT_MS = Number(process.env.BENCH_TIMEOUT_MS ?? 600_000);
/** BENCH_PROFILE: a CPU profile (of the initial sync, or `edit`, `push`), summarised by self time (built unminified). */
const PROFILE = Boolean(process.env.BENCH_PROFILE);
const ONLY_INITIAL = process.env.BENCH_ONLY === "initial";
const ONLY_CHART = process.env.BENCH_ONLY === "chart";
/** The bulkPut is taken this many times; the run's figure is the median. */
const BULK_PUTS = 3;
const ORIGIN = `http://127.0.0.1:${PORT}`;
const PASSWORD = "demo-password";
const CARE_TEAM_CHAT = "0d3c0c1e-5f6a-4c8e-9a11-000000000001";

const PATIENTS = 400;
const DRAFTS_PER_PATIENT = 50;
const PUSH_CHANGES = 1000;
const LATENCY_WRITES = 200;
/** Each bench patient's chart (phase 4). */
const CHART = { encounters: 20, vitals: 40, problems: 10, prescriptions: 10, labs: 3, imaging: 1, referrals: 1 };
/** The charts opened offline, spread over the panel. */
const CHARTS_OPENED = 50;

const cleanups = [];
const log = (...args) => console.log("[bench]", ...args);

async function main() {
  const dist = join(ROOT, "pwa/bench/dist/index.html");
  if (!existsSync(dist)) throw new Error("The bench page is not built: run `npm run bench:sync` (it builds first).");
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM}: apt-get install chromium, or set CHROMIUM_PATH.`);

  const db = await createDatabase();
  const edge = await startEdge(db.url);
  await seedPanel(db.url);

  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking",
      "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"],
  });
  cleanups.push(() => browser.close());
  // Both timed phases start on a quiet machine (the seeding, the edge's start, Chromium's).
  log(await settle());
  if (ONLY_CHART) {
    console.log(await chartPhase(browser, db.url));
    return;
  }
  const deviceA = await openDevice(browser, "doctor@demo.test");
  await deviceA.page.evaluate(() => globalThis.bench.waitReady());
  const pullCpu = cpuTimes();

  // 1. Initial replication into an empty device database, then the raw Dexie baseline.
  const profiler = PROFILE && !["edit", "push", "chart", "open"].includes(process.env.BENCH_PROFILE) ? await startProfile(deviceA, "the initial sync") : null;
  const initial = await deviceA.page.evaluate((expected) => globalThis.bench.initialSync(expected), {
    chats: 2, note_drafts: PATIENTS * DRAFTS_PER_PATIENT,
  });
  if (profiler) await profiler.stop();
  const pullCpuUsed = cpuTimes(pullCpu);
  log(`initial: ${initial.docs} documents (${initial.byCollection}) in ${initial.ms.toFixed(0)} ms; note-draft pages (ms from the start: asked → first byte → last byte) ${initial.timeline}`);
  const kb = (bytes) => `${(bytes / 1024).toFixed(0)} KB`;
  log(`note drafts pulled in ${initial.pages} pages: ${kb(initial.wireBytes)} on the wire for ${kb(initial.jsonBytes)} of JSON (${(initial.jsonBytes / Math.max(1, initial.wireBytes)).toFixed(1)}×)`);
  // The bulkPut three times, each into a fresh database on a quiet machine; the median is the run's
  // bulkPut (one bulkPut alone varied by a quarter from run to run on this machine).
  const bulks = [];
  let bulkCpuUsed = null;
  for (let i = 0; i < BULK_PUTS; i++) {
    await deviceA.page.evaluate(() => globalThis.bench.prepareRawBulkPut(["note_drafts"]));
    log(await settle());
    const bulkCpu = cpuTimes();
    bulks.push(await deviceA.page.evaluate(() => globalThis.bench.rawBulkPut()));
    if (i === 0) bulkCpuUsed = cpuTimes(bulkCpu);
  }
  const bulk = { ...bulks.toSorted((a, b) => a.ms - b.ms)[Math.floor(BULK_PUTS / 2)] };
  log(`raw Dexie bulkPut: ${bulk.docs} documents in ${bulk.ms.toFixed(0)} ms (median of ${bulks.map((b) => b.ms.toFixed(0)).join(", ")} ms)`);
  if (pullCpuUsed && bulkCpuUsed) {
    log(`CPU time (both cores) of the initial sync, from the local data open: ${pullCpuUsed}`);
    log(`CPU time of the first bulkPut: ${bulkCpuUsed}`);
  }
  Object.assign(bulk, await deviceA.page.evaluate(() => globalThis.bench.editFloors()));
  log(
    `the floor of 1000 awaited edits: 1000 single-document read-and-write transactions one after another ` +
      `${bulk.serialMs.toFixed(0)} ms through Dexie (${(bulk.serialMs / bulk.ms).toFixed(2)}× the bulkPut), ` +
      `${bulk.serialIdbMs.toFixed(0)} ms through IndexedDB itself (${(bulk.serialIdbMs / bulk.ms).toFixed(2)}×)`,
  );
  const floorCpu = cpuTimes();
  const floor = await deviceA.page.evaluate(() => globalThis.bench.storedShapeFloor());
  const floorCpuUsed = cpuTimes(floorCpu);
  log(
    `the floor of the first pull's storage: the ${floor.rows} stored (sealed) rows into a fresh store with the same ${floor.indexes} indexes, ` +
      `20 transactions of 1000: ${floor.serialMs.toFixed(0)} ms one after another (${(floor.serialMs / bulk.ms).toFixed(2)}× the bulkPut), ` +
      `${floor.queuedMs.toFixed(0)} ms all queued at once (${(floor.queuedMs / bulk.ms).toFixed(2)}×)`,
  );
  if (floorCpuUsed) log(`CPU time of those two copies (reading the rows once, then storing them twice): ${floorCpuUsed}`);
  if (ONLY_INITIAL) {
    log(`initial ${initial.ms.toFixed(0)} ms, bulkPut ${bulk.ms.toFixed(0)} ms, ratio ${(initial.ms / bulk.ms).toFixed(2)}`);
    return;
  }

  const parts = process.env.BENCH_SKIP_BREAKDOWN ? { pages: 0, fetchMs: 0, validateMs: 0, plainMs: 0, plainDocs: 0 } : await deviceA.page.evaluate(() => globalThis.bench.breakdown());
  log(
    `breakdown: the ${parts.pages} pull pages alone (HTTP + JSON) ${parts.fetchMs.toFixed(0)} ms, validation ` +
      `${parts.validateMs.toFixed(0)} ms; RxDB's per-document replication of them without field encryption (the path before the bulk first pull) ${parts.plainMs.toFixed(0)} ms ` +
      `(${parts.plainDocs} drafts)`,
  );

  // 2. Changes made offline, measured from reconnect until the server acknowledged them all. Each timed
  // phase starts on a quiet machine: the breakdown's 20,000 writes leave IndexedDB compacting for a while.
  await deviceA.context.setOffline(true);
  log(await settle());
  const editProfiler = process.env.BENCH_PROFILE === "edit" ? await startProfile(deviceA, "the offline edits") : null;
  const made = await deviceA.page.evaluate((n) => globalThis.bench.editOffline(n), PUSH_CHANGES);
  if (editProfiler) await editProfiler.stop();
  log(
    `offline: ${made.changes} draft edits written locally in ${made.ms.toFixed(0)} ms (one edit p50 ${made.p50.toFixed(1)} ms, ` +
      `p95 ${made.p95.toFixed(1)} ms; ${(made.ms / bulk.ms).toFixed(2)}× the bulkPut), ${made.pending} waiting`,
  );
  log(`edit breakdown: ${editBreakdown(made.trace, made.ms)}`);
  log(await settle());
  const pushProfiler = process.env.BENCH_PROFILE === "push" ? await startProfile(deviceA, "the push") : null;
  const pushed = deviceA.page.evaluate(() => globalThis.bench.awaitPushedAfterOnline());
  await deviceA.context.setOffline(false);
  const push = await pushed;
  if (pushProfiler) await pushProfiler.stop();
  log(`push: acknowledged ${PUSH_CHANGES} changes ${push.ms.toFixed(0)} ms after reconnect (${(push.ms / bulk.ms).toFixed(2)}× the bulkPut)`);
  const server = await countEdited(db.url, made.marker);
  if (server !== PUSH_CHANGES) throw new Error(`the server holds ${server} of ${PUSH_CHANGES} offline edits`);

  // 3. Latency: a write on A until visible on B, one after another.
  log(await settle());
  const deviceB = await openDevice(browser, "vma@demo.test");
  await deviceB.page.evaluate(() => globalThis.bench.waitReady());
  const pullCpuB = cpuTimes();
  const initialB = await deviceB.page.evaluate((expected) => globalThis.bench.initialSync(expected), {
    chats: 1, note_drafts: PATIENTS * DRAFTS_PER_PATIENT,
  });
  log(`device B CPU: ${cpuTimes(pullCpuB)}; note-draft pages ${initialB.timeline}`);
  log(`device B (VMA) catching up: ${initialB.docs} documents in ${initialB.ms.toFixed(0)} ms (${(initialB.ms / bulk.ms).toFixed(2)}× the bulkPut)`);
  await deviceB.page.evaluate((chatId) => globalThis.bench.watchMessages(chatId), CARE_TEAM_CHAT);
  const latencies = [];
  for (let i = 0; i < LATENCY_WRITES; i++) {
    const sent = await deviceA.page.evaluate(([chatId, text]) => globalThis.bench.sendMessage(chatId, text), [CARE_TEAM_CHAT, `latency ${i}`]);
    const seenAt = await deviceB.page.evaluate((id) => globalThis.bench.seenAt(id, 10_000), sent.id);
    latencies.push(seenAt - sent.at);
  }
  const p50 = percentile(latencies, 50);
  const p95 = percentile(latencies, 95);
  log(`latency over ${latencies.length} writes: min ${Math.min(...latencies).toFixed(0)} ms, max ${Math.max(...latencies).toFixed(0)} ms`);

  // 4. The chart on a new device; A and B are closed first (they would pull the new chart beside it).
  await deviceA.context.close();
  await deviceB.context.close();
  const chartLine = await chartPhase(browser, db.url);

  await edge.stop();
  console.log(chartLine);
  const ratio = initial.ms / bulk.ms;
  console.log(
    `sync: initial ${initial.docs} docs ${initial.ms.toFixed(0)} ms (bulkPut ${bulk.ms.toFixed(0)} ms, ratio ${ratio.toFixed(2)}); ` +
      `edits ${PUSH_CHANGES} ${made.ms.toFixed(0)} ms; push ${PUSH_CHANGES} ${push.ms.toFixed(0)} ms; latency p50 ${p50.toFixed(0)} ms p95 ${p95.toFixed(0)} ms`,
  );
}

/**
 * CPU time (user + system, from Linux's /proc) of the processes taking part, by role: Chromium's
 * renderers, its browser process (IndexedDB's backend runs there), its other processes (the network
 * service, the GPU and zygote processes), the edge and PostgreSQL. With `since`: the time used since that reading, as a line; null where /proc is not there.
 */
function cpuTimes(since) {
  if (!existsSync("/proc/self/stat")) return null;
  const tick = 100; // USER_HZ on Linux
  const roles = { renderer: 0, "browser process": 0, "other Chromium": 0, edge: 0, postgres: 0 };
  for (const pid of readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
    let stat, cmdline;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      cmdline = readFileSync(`/proc/${pid}/cmdline`, "utf8").replaceAll("\0", " ");
    } catch {
      continue; // gone
    }
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const seconds = (Number(fields[11]) + Number(fields[12])) / tick;
    const program = cmdline.split(" ")[0].split("/").pop();
    const role = /^chrom/.test(program)
      ? (cmdline.includes("--type=renderer") ? "renderer" : cmdline.includes("--type=") ? "other Chromium" : "browser process")
      : cmdline.includes("edge/src/main.ts") ? "edge" : /^postgres[: ]/.test(cmdline) ? "postgres" : null;
    if (role) roles[role] += seconds;
  }
  const at = { time: performance.now(), roles };
  if (!since) return at;
  const wall = (at.time - since.time) / 1000;
  const used = Object.entries(roles).map(([role, s]) => [role, s - since.roles[role]]);
  const total = used.reduce((sum, [, s]) => sum + s, 0);
  return `${used.map(([role, s]) => `${role} ${s.toFixed(2)} s`).join(", ")}; total ${total.toFixed(2)} s in ${wall.toFixed(2)} s (${(total / wall).toFixed(2)} cores busy)`;
}

/**
 * Waits until the machine is quiet: less than a tenth of a core busy in each of four quarter seconds in a
 * row, from /proc/stat (IndexedDB compacts in bursts: one quiet quarter second can fall between two), at
 * most 10 s: what the last phase left running (IndexedDB's compaction in the browser process, the edge's
 * and PostgreSQL's background work) would otherwise slow the next measurement. Says how long it waited.
 */
async function settle() {
  if (!existsSync("/proc/stat")) return "no /proc/stat: not waited";
  const busy = () => {
    const [, ...ticks] = readFileSync("/proc/stat", "utf8").split("\n")[0].trim().split(/\s+/).map(Number);
    const idle = ticks[3] + ticks[4];
    return { busy: ticks.slice(0, 8).reduce((a, b) => a + b, 0) - idle, at: performance.now() };
  };
  const start = performance.now();
  let quiet = 0;
  while (quiet < 4) {
    if (performance.now() - start > 10_000) return `still busy after ${Math.round(performance.now() - start)} ms: went on`;
    const before = busy();
    await new Promise((resolve) => setTimeout(resolve, 250));
    const after = busy();
    // Ticks are hundredths of a second (USER_HZ); a core busy throughout a quarter second is 25.
    quiet = (after.busy - before.busy) / ((after.at - before.at) / 10) < 0.1 ? quiet + 1 : 0;
  }
  return `quiet after ${Math.round(performance.now() - start)} ms`;
}

/** A port nobody listens on now, on loopback. */
function freePort() {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once("error", fail);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => done(port));
    });
  });
}

/** A throwaway database on the local PostgreSQL, dropped at the end. */
async function createDatabase() {
  const admin = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
  const name = `dpc_bench_${process.pid}_${Date.now()}`;
  try {
    await admin.unsafe(`create database ${name}`);
  } catch (error) {
    await admin.end();
    throw new Error(`Cannot create a database on ${ADMIN_URL} (is PostgreSQL running? set BENCH_DATABASE_URL): ${error.message}`);
  }
  cleanups.push(async () => {
    await admin.unsafe(`drop database if exists ${name} with (force)`).catch(() => {});
    await admin.end();
  });
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  log(`database ${name} on ${url.host}`);
  return { url: url.toString() };
}

/** The real edge (`deno run edge/src/main.ts`) on loopback, serving the bench page as its PWA. */
async function startEdge(databaseUrl) {
  const dataDir = mkdtempSync(join(tmpdir(), "dpc-bench-"));
  const child = spawn(join(ROOT, "node_modules/.bin/deno"), ["run", "--allow-all", "edge/src/main.ts"], {
    cwd: ROOT,
    env: {
      ...process.env, PORT: String(PORT), HOST: "127.0.0.1", DATABASE_URL: databaseUrl, DEMO_SEED: "true",
      DATA_DIR: dataDir, STATIC_DIR: "./pwa/bench/dist", LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  let exited = false;
  child.on("exit", () => (exited = true));
  const stop = async () => {
    if (!exited) {
      child.kill("SIGTERM");
      await new Promise((done) => {
        const timer = setTimeout(() => (child.kill("SIGKILL"), done()), 5_000);
        child.on("exit", () => (clearTimeout(timer), done()));
      });
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  cleanups.push(stop);
  const started = Date.now();
  for (;;) {
    if (exited) throw new Error("the edge exited while starting");
    try {
      if ((await fetch(`${ORIGIN}/api/v1/health`)).ok) break;
    } catch { /* not listening yet */ }
    if (Date.now() - started > 60_000) throw new Error("the edge did not answer /api/v1/health within 60 s");
    await new Promise((r) => setTimeout(r, 200));
  }
  log(`edge listening on ${ORIGIN}`);
  return { stop };
}

/**
 * 400 patients of the demo doctor with 50 note drafts each, written in one
 * transaction under the collection's sync lock with seq from sync_seq, as the
 * sync writer does (edge/src/domains/sync/writer.ts); no client is connected yet.
 */
async function seedPanel(databaseUrl) {
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  const started = Date.now();
  try {
    await sql.begin(async (tx) => {
      const [doctor] = await tx`select id from users where email = 'doctor@demo.test'`;
      if (!doctor) throw new Error("the demo doctor is missing (DEMO_SEED)");
      await tx`
        insert into users (role, email, first_name, last_name, birth_date, gender, state, city, zip, address,
          is_activated, doctor_id, profile_filled_at)
        select 'patient', 'bench.patient.' || i || '@bench.test', 'Bench', 'Patient ' || lpad(i::text, 3, '0'),
          date '1950-01-01' + (i * 37 % 20000), case when i % 2 = 0 then 'Female' else 'Male' end,
          'NV', 'Reno', '89501', i || ' Bench Street', true, ${doctor.id}, now()
        from generate_series(1, ${PATIENTS}) as i`;
      await tx`select pg_advisory_xact_lock(7310, 3)`;
      await tx`
        insert into note_drafts (id, patient_id, title, fields, author_id, updated_by, seq)
        select gen_random_uuid(), p.id, 'Visit note ' || n,
          jsonb_build_object(
            'text', 'Subjective: patient reports feeling well, sleeping better, no chest pain or shortness of breath. '
              || 'Objective: BP 128/82, HR 72, afebrile. Assessment: hypertension, controlled. Visit ' || n || '.',
            'plan', 'Continue lisinopril 10 mg daily; recheck labs in ' || (n % 12 + 1) || ' weeks.'),
          ${doctor.id}, ${doctor.id}, nextval('sync_seq')
        from (select id from users where email like 'bench.patient.%@bench.test' order by email) as p
        cross join generate_series(1, ${DRAFTS_PER_PATIENT}) as n`;
    });
    // What autovacuum would do within a minute of such an insert, done now rather than during a
    // measurement: statistics (without them PostgreSQL plans each pull page as if the tables were empty,
    // every visible draft read and sorted per page: 8 ms instead of 0.5 ms a page here) and the
    // visibility map.
    await sql`vacuum analyze users, note_drafts`;
    const [{ count }] = await sql`select count(*)::int as count from note_drafts`;
    log(`seeded ${PATIENTS} patients and ${count} note drafts in ${Date.now() - started} ms`);
  } finally {
    await sql.end();
  }
}

/**
 * Phase 4: the chart's first pull on a new device of the doctor, its raw bulkPut, then the chart opened offline
 * (see the header). Answers the `chart:` line.
 */
async function chartPhase(browser, databaseUrl) {
  const seeded = await seedCharts(databaseUrl);
  log(await settle());
  const device = await openDevice(browser, "doctor@demo.test");
  try {
    await device.page.evaluate(() => globalThis.bench.waitReady());
    const cpu = cpuTimes();
    const profiler = process.env.BENCH_PROFILE === "chart" ? await startProfile(device, "the chart's first pull") : null;
    const initial = await device.page.evaluate(
      ([expected, timeoutMs]) => globalThis.bench.initialSync(expected, "chart_entries", timeoutMs),
      [seeded.expected, 180_000],
    );
    if (profiler) await profiler.stop();
    const cpuUsed = cpuTimes(cpu);
    log(`chart initial: ${initial.docs} documents (${initial.byCollection}) in ${initial.ms.toFixed(0)} ms; chart-entry pages (ms from the start: asked → first byte → last byte) ${initial.timeline}`);
    log(`chart entries pulled in ${initial.pages} pages: ${(initial.wireBytes / 1024).toFixed(0)} KB on the wire for ${(initial.jsonBytes / 1024).toFixed(0)} KB of JSON`);
    if (cpuUsed) log(`CPU time of the chart's first pull, from the local data open: ${cpuUsed}`);

    const bulks = [];
    for (let i = 0; i < BULK_PUTS; i++) {
      await device.page.evaluate(() => globalThis.bench.prepareRawBulkPut(["chart_entries", "patients"]));
      log(await settle());
      bulks.push(await device.page.evaluate(() => globalThis.bench.rawBulkPut()));
    }
    await device.page.evaluate(() => globalThis.bench.dropRawBulkPut());
    const bulk = bulks.toSorted((a, b) => a.ms - b.ms)[Math.floor(BULK_PUTS / 2)];
    log(`chart raw Dexie bulkPut: ${bulk.docs} documents in ${bulk.ms.toFixed(0)} ms (median of ${bulks.map((b) => b.ms.toFixed(0)).join(", ")} ms)`);
    if (bulk.docs !== initial.docs) throw new Error(`the chart's bulkPut stored ${bulk.docs} documents, the pull ${initial.docs}`);

    // Offline: 50 patients spread over the panel (every 8th of 400), one opened first untimed.
    await device.context.setOffline(true);
    log(await settle());
    const step = Math.max(1, Math.floor(seeded.patientIds.length / CHARTS_OPENED));
    const chosen = Array.from({ length: Math.min(CHARTS_OPENED, seeded.patientIds.length) }, (_, k) => seeded.patientIds[k * step + Math.floor(step / 2)]);
    const openProfiler = process.env.BENCH_PROFILE === "open" ? await startProfile(device, "the charts opened offline") : null;
    const opened = await device.page.evaluate(([ids, warmup]) => globalThis.bench.openChartsOffline(ids, warmup), [chosen, seeded.patientIds[0]]);
    if (openProfiler) await openProfiler.stop();
    for (const chart of opened) {
      const { encounter, diagnosis, problem, vitals, prescription, lab, imaging, referral } = chart.entries;
      const wrong = encounter !== CHART.encounters || diagnosis !== CHART.encounters || problem !== CHART.problems || vitals !== CHART.vitals ||
        prescription !== CHART.prescriptions || lab !== CHART.labs || imaging !== CHART.imaging || referral !== CHART.referrals ||
        !chart.name.startsWith("Bench Patient") || chart.allergies.shown !== chart.allergies.expected || chart.allergies.expected === 0 ||
        chart.medications.shown !== chart.medications.expected || chart.medications.expected === 0;
      if (wrong) throw new Error(`the chart of ${chart.patientId} read or showed the wrong data: ${JSON.stringify(chart)}`);
    }
    const times = opened.map((c) => c.ms);
    const p95 = percentile(times, 95);
    log(
      `open chart offline over ${times.length} patients: p50 ${percentile(times, 50).toFixed(0)} ms, p95 ${p95.toFixed(0)} ms, ` +
        `max ${Math.max(...times).toFixed(0)} ms (each: the panel doc, ${Object.values(CHART).reduce((a, b) => a + b, 0) + CHART.encounters} entries, ` +
        `${Math.min(...opened.map((c) => c.allergies.expected))}–${Math.max(...opened.map((c) => c.allergies.expected))} allergies and ` +
        `${Math.min(...opened.map((c) => c.medications.expected))}–${Math.max(...opened.map((c) => c.medications.expected))} medications shown)`,
    );
    return `chart: patients ${PATIENTS} docs ${initial.docs} initial ${initial.ms.toFixed(0)} ms (bulkPut ${bulk.ms.toFixed(0)} ms, ` +
      `ratio ${(initial.ms / bulk.ms).toFixed(2)}); open chart offline p95 ${p95.toFixed(0)} ms`;
  } finally {
    await device.context.close();
  }
}

const ALLERGIES = [
  { name: "Penicillin", reaction: "Hives", comment: "As a child; avoid all penicillins" },
  { name: "Sulfa drugs", reaction: "Rash", comment: "" },
  { name: "Peanuts", reaction: "Anaphylaxis", comment: "Carries an epinephrine auto-injector" },
  { name: "Latex", reaction: "Contact dermatitis", comment: "" },
  { name: "Codeine", reaction: "Nausea and vomiting", comment: "" },
  { name: "Shellfish", reaction: "Swelling of the lips", comment: "Reported 2018" },
];
const MEDICATIONS = [
  { name: "Lisinopril", dose: "10 mg", frequency: "Once daily" },
  { name: "Metformin", dose: "500 mg", frequency: "Twice daily with meals" },
  { name: "Atorvastatin", dose: "20 mg", frequency: "Once daily at bedtime" },
  { name: "Levothyroxine", dose: "75 mcg", frequency: "Once daily before breakfast" },
  { name: "Omeprazole", dose: "20 mg", frequency: "Once daily" },
  { name: "Albuterol HFA", dose: "90 mcg, 2 puffs", frequency: "Every 4-6 hours as needed" },
  { name: "Sertraline", dose: "50 mg", frequency: "Once daily" },
  { name: "Vitamin D3", dose: "2000 IU", frequency: "Once daily" },
];

/**
 * Phase 4's data, in one transaction: for each of the 400 bench patients 20 encounters, each with one diagnosis
 * (a real ICD-10 code), 40 vitals (the first 20 taken at the encounters), 10 problems, 10 prescriptions and 5
 * orders on the encounters, all written by the demo doctor; and a medical card (2–4 allergies, 3–5 medications, histories). The tables' triggers mark each entry
 * (edge/migrations/0093_chart_entries.sql, 0095_chart_orders.sql); the edge gives them their seq. The note drafts of phases 1–3 are
 * deleted (see the header). Answers the bench patients' ids in order and what the doctor's device must hold.
 */
async function seedCharts(databaseUrl) {
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  const started = Date.now();
  try {
    const result = await sql.begin(async (tx) => {
      const [doctor] = await tx`select id from users where email = 'doctor@demo.test'`;
      await tx`delete from note_drafts`;
      await tx`create temp table bench_patients on commit drop as
        select id, (row_number() over (order by email))::int as i from users where email like 'bench.patient.%@bench.test'`;
      const patients = await tx`select id from bench_patients order by i`;
      await tx`create temp table bench_encounters on commit drop as
        select gen_random_uuid() as id, p.id as patient_id, p.i, n,
          date_trunc('minute', now()) - (n * 30 + p.i % 7) * interval '1 day' + (p.i % 16) * interval '30 minutes' as at
        from bench_patients p cross join generate_series(1, ${CHART.encounters}) as n`;
      await tx`
        insert into encounters (id, patient_id, doctor_id, type, reason, encounter_datetime, details, is_shared, created_by,
          created_at, updated_at)
        select e.id, e.patient_id, ${doctor.id}, (array['office', 'video', 'phone', 'chat', 'async'])[1 + (e.i + e.n) % 5],
          (array['Follow-up: blood pressure', 'Annual physical', 'Medication review', 'Cough and congestion', 'Low back pain',
            'Diabetes follow-up', 'Anxiety follow-up', 'Lab results review', 'Heartburn', 'Fatigue'])[1 + (e.i * 7 + e.n) % 10],
          e.at,
          'Patient seen for the reason above. History reviewed, vitals taken, medications reconciled. ' ||
            'Exam unremarkable apart from the findings noted. Plan discussed; patient agrees. Follow up in ' || (e.n % 6 + 1) || ' weeks.',
          e.n % 4 = 0, ${doctor.id}, e.at, e.at
        from bench_encounters e`;
      await tx`
        with codes (k, code, description) as (values
          (0, 'I10', 'Essential (primary) hypertension'),
          (1, 'E11.9', 'Type 2 diabetes mellitus without complications'),
          (2, 'E78.5', 'Hyperlipidemia, unspecified'),
          (3, 'J06.9', 'Acute upper respiratory infection, unspecified'),
          (4, 'M54.50', 'Low back pain, unspecified'),
          (5, 'F41.1', 'Generalized anxiety disorder'),
          (6, 'K21.9', 'Gastro-esophageal reflux disease without esophagitis'),
          (7, 'E03.9', 'Hypothyroidism, unspecified'),
          (8, 'J45.909', 'Unspecified asthma, uncomplicated'),
          (9, 'Z00.00', 'Encounter for general adult medical examination without abnormal findings'))
        insert into diagnoses (encounter_id, patient_id, code, description, comment, is_shared, created_by, created_at, updated_at)
        select e.id, e.patient_id, c.code, c.description, case when e.n % 3 = 0 then 'Stable on current treatment.' else '' end,
          e.n % 4 = 0, ${doctor.id}, e.at, e.at
        from bench_encounters e join codes c on c.k = (e.i * 7 + e.n) % 10`;
      await tx`
        with list (k, name, code) as (values
          (0, 'Essential hypertension', 'I10'), (1, 'Type 2 diabetes mellitus', 'E11.9'), (2, 'Hyperlipidemia', 'E78.5'),
          (3, 'Obesity', 'E66.9'), (4, 'Generalized anxiety disorder', 'F41.1'), (5, 'Gastro-esophageal reflux disease', 'K21.9'),
          (6, 'Hypothyroidism', 'E03.9'), (7, 'Asthma', 'J45.909'), (8, 'Chronic low back pain', 'M54.50'),
          (9, 'Vitamin D deficiency', 'E55.9'))
        insert into problems (patient_id, name, code, status, onset, comment, is_shared, created_by, created_at, updated_at)
        select p.id, l.name, l.code, case when (p.i + l.k) % 4 = 0 then 'resolved' else 'active' end,
          (2008 + (p.i + l.k) % 17) || '-' || lpad((1 + (p.i * 5 + l.k) % 12)::text, 2, '0'),
          case when l.k % 3 = 0 then 'Managed in primary care; reviewed at each visit.' else '' end,
          l.k % 2 = 0, ${doctor.id}, now() - (l.k * 90 + p.i % 30) * interval '1 day', now() - (l.k * 90 + p.i % 30) * interval '1 day'
        from bench_patients p cross join list l where l.k < ${CHART.problems}`;
      await tx`
        insert into vitals (patient_id, encounter_id, systolic, diastolic, heart_rate, weight_lbs, height_in, bmi, temperature_f,
          respiratory_rate, source, recorded_by, recorded_at)
        select m.patient_id, m.encounter_id, m.systolic, m.diastolic, m.heart_rate, m.weight, m.height,
          round(m.weight * 703 / (m.height * m.height), 1), m.temperature, m.respiratory_rate, 'manual', ${doctor.id}, m.at
        from (
          select p.id as patient_id, e.id as encounter_id, 108 + (p.i * 3 + v.n * 7) % 45 as systolic, 66 + (p.i + v.n * 3) % 24 as diastolic,
            (58 + (p.i + v.n * 5) % 40)::numeric as heart_rate, (120 + p.i % 110 + (v.n % 5) * 0.4)::numeric as weight,
            (60 + p.i % 16)::numeric as height, (97.4 + (v.n % 10) * 0.15)::numeric as temperature, (12 + v.n % 7)::numeric as respiratory_rate,
            coalesce(e.at, now() - (v.n * 11 + p.i % 5) * interval '1 day') as at
          from bench_patients p cross join generate_series(1, ${CHART.vitals}) as v(n)
            left join bench_encounters e on e.patient_id = p.id and e.n = v.n
        ) m`;
      await tx`
        with meds (k, id, display, unit) as (values
          (0, '95849777', 'lisinopril 10 mg oral tablet', 'tablet'), (1, '91956997', 'metformin 1000 mg extended release oral tablet', 'tablet'),
          (2, '94351066', 'atorvastatin 10 mg oral tablet', 'tablet'), (3, '99085544', 'amlodipine 10 mg oral tablet', 'tablet'),
          (4, '97641068', 'omeprazole 10 mg delayed release oral capsule', 'capsule'), (5, '92946003', 'levothyroxine 100 mcg oral tablet', 'tablet'),
          (6, '99844758', 'sertraline 100 mg oral tablet', 'tablet'), (7, '91619534', 'losartan 100 mg oral tablet', 'tablet'),
          (8, '94530739', 'amoxicillin 125 mg chewable tablet', 'tablet'), (9, '99068988', 'albuterol 0.63 mg/3 mL inhalation solution for nebulizer', 'mL'))
        insert into prescriptions (encounter_id, patient_id, doctor_id, medication_id, medication, instructions, quantity, unit, days, refills,
          substitution_allowed, daw, pharmacy_id, status, erx_status, archived, transmission, sent_at, transmitted_at, created_by, updated_by,
          created_at, updated_at)
        select e.id, e.patient_id, ${doctor.id}, m.id, m.display, 'Take 1 by mouth once daily', 30, m.unit, 30, 0, true, false, null,
          case when e.n % 5 = 0 then 'draft' when e.n % 7 = 0 then 'discontinued' else 'current' end,
          case when e.n % 5 = 0 then 0 else 3 end, case when e.n % 7 = 0 and e.n % 5 <> 0 then 'Y' else 'N' end,
          case when e.n % 5 = 0 then 'none' else 'transmitted' end,
          case when e.n % 5 = 0 then null else e.at end, case when e.n % 5 = 0 then null else e.at end, ${doctor.id}, ${doctor.id}, e.at, e.at
        from bench_encounters e join meds m on m.k = (e.i + e.n) % 10 where e.n <= ${CHART.prescriptions}`;
      await tx`
        with tests (k, code, name) as (values (0, '24323-8', 'Comprehensive metabolic panel (CMP)'), (1, '57021-8', 'Complete blood count with differential (CBC w/ diff)'),
          (2, '24331-1', 'Lipid panel'))
        insert into labs (encounter_id, patient_id, code, name, comment, is_shared, created_by, updated_by, created_at, updated_at)
        select e.id, e.patient_id, t.code, t.name, case when t.k = 0 then 'Fasting' else '' end, e.n % 2 = 0, ${doctor.id}, ${doctor.id}, e.at, e.at
        from bench_encounters e join tests t on t.k = e.n - 1 where e.n <= ${CHART.labs}`;
      await tx`
        insert into imagings (encounter_id, patient_id, type, body_part, laterality, contrast, clinical_history, imaging_center, is_shared,
          created_by, updated_by, created_at, updated_at)
        select e.id, e.patient_id, 'X-Ray', 'knee', 'left', 'no', 'Knee pain after a fall', 'Reno Imaging', false, ${doctor.id}, ${doctor.id}, e.at, e.at
        from bench_encounters e where e.n = 4`;
      await tx`
        insert into referrals (encounter_id, patient_id, specialty, reason, urgency, contact_name, status, is_shared, created_by, updated_by,
          created_at, updated_at)
        select e.id, e.patient_id, 'Cardiology', 'Murmur heard on exam', 'routine', 'Dr. Heart, Reno Cardiology', 'sent', true, ${doctor.id},
          ${doctor.id}, e.at, e.at
        from bench_encounters e where e.n = 5`;
      const cards = patients.map(({ id }, i) => ({
        patientId: id,
        card: {
          allergies: Array.from({ length: 2 + (i % 3) }, (_, k) => ALLERGIES[(i + k) % ALLERGIES.length]),
          allergiesNoSignificant: false,
          medications: Array.from({ length: 3 + (i % 3) }, (_, k) => MEDICATIONS[(i * 3 + k) % MEDICATIONS.length]),
          pastMedicalHistory: [{ disease: "Hypertension", date: "2015" }, { disease: "Seasonal allergies", date: "" }],
          surgicalHistory: i % 2 ? [{ surgery: "Appendectomy", date: "2009-06" }] : [],
          familyHistory: [{ member: "Mother", condition: "Type 2 diabetes", status: "living" }],
          familyHistoryNoSignificant: false,
          socialHistory: { tobacco: i % 5 ? "never" : "former", alcohol: "occasionally", drugs: "never" },
        },
      }));
      await tx`
        insert into medical_cards (patient_id, card)
        select (x->>'patientId')::uuid, x->'card' from jsonb_array_elements(${tx.json(cards)}) as x
        on conflict (patient_id) do update set card = excluded.card, updated_at = now()`;
      // What the doctor's device must hold: the practice's patients, and their entries that read as not deleted
      // (edge/src/domains/chart/entries-sql.ts), the demo patient's included.
      const [expected] = await tx`
        with team as (select id from users where role = 'patient' and doctor_id = ${doctor.id})
        select (select count(*) from team)::int as patients,
          ((select count(*) from encounters where patient_id in (select id from team) and deleted_at is null)
            + (select count(*) from diagnoses d join encounters e on e.id = d.encounter_id
                where d.patient_id in (select id from team) and d.deleted_at is null and e.deleted_at is null)
            + (select count(*) from problems where patient_id in (select id from team) and deleted_at is null)
            + (select count(*) from vitals v join users u on u.id = v.recorded_by where v.patient_id in (select id from team))
            + (select count(*) from prescriptions r join encounters e on e.id = r.encounter_id
                where r.patient_id in (select id from team) and r.deleted_at is null and e.deleted_at is null)
            + (select count(*) from labs r join encounters e on e.id = r.encounter_id
                where r.patient_id in (select id from team) and r.deleted_at is null and e.deleted_at is null)
            + (select count(*) from imagings r join encounters e on e.id = r.encounter_id
                where r.patient_id in (select id from team) and r.deleted_at is null and e.deleted_at is null)
            + (select count(*) from referrals r join encounters e on e.id = r.encounter_id
                where r.patient_id in (select id from team) and r.deleted_at is null and e.deleted_at is null)
            + (select count(*) from consultations where patient_id in (select id from team) and intake_form ? 'answers'
                and not deleted))::int as chart_entries`;
      return { patientIds: patients.map((p) => p.id), expected: { chart_entries: expected.chart_entries, patients: expected.patients } };
    });
    // As after the panel's seeding: statistics and the visibility map, as autovacuum would soon make them.
    await sql`vacuum analyze note_drafts, encounters, diagnoses, problems, vitals, prescriptions, labs, imagings, referrals, medical_cards, chart_entries`;
    const [{ marked }] = await sql`select count(*)::int as marked from chart_entries where dirty`;
    log(`seeded the charts of ${result.patientIds.length} patients in ${Date.now() - started} ms: ${marked} chart entries marked; ` +
      `the doctor's device must hold ${result.expected.chart_entries} chart entries and ${result.expected.patients} patients`);
    return result;
  } finally {
    await sql.end();
  }
}

async function countEdited(databaseUrl, marker) {
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    const [{ count }] = await sql`select count(*)::int as count from note_drafts where fields->>'text' like ${`%${marker}%`}`;
    return count;
  } finally {
    await sql.end();
  }
}

/** A browser context (a device) on the bench page, signed in. */
async function openDevice(browser, email) {
  const context = await browser.newContext({ baseURL: ORIGIN });
  const page = await context.newPage();
  page.on("console", (msg) => {
    if (msg.type() === "error" || msg.type() === "warning") log(`[${email}] ${msg.type()}: ${msg.text().slice(0, 300)}`);
  });
  page.on("pageerror", (error) => log(`[${email}] page error: ${error.message}`));
  await page.goto("/");
  await page.waitForFunction(() => Boolean(globalThis.bench));
  await page.evaluate(([e, p]) => globalThis.bench.signIn(e, p), [email, PASSWORD]);
  return { context, page };
}

/** Chrome's sampling profiler on a device's page; `stop()` prints where the time went, by self time. */
async function startProfile(device, label) {
  const cdp = await device.context.newCDPSession(device.page);
  await cdp.send("Profiler.enable");
  await cdp.send("Profiler.setSamplingInterval", { interval: 500 });
  await cdp.send("Profiler.start");
  return {
    async stop() {
      const { profile } = await cdp.send("Profiler.stop");
      if (process.env.BENCH_PROFILE_FILE) await writeFile(process.env.BENCH_PROFILE_FILE, JSON.stringify(profile));
      const self = new Map();
      const byId = new Map(profile.nodes.map((n) => [n.id, n]));
      const gaps = profile.timeDeltas;
      profile.samples.forEach((id, i) => {
        const { functionName, url, lineNumber } = byId.get(id).callFrame;
        const key = `${functionName || "(anonymous)"} ${url.split("/").pop()}:${lineNumber + 1}`;
        self.set(key, (self.get(key) ?? 0) + (gaps[i] ?? 0) / 1000);
      });
      const total = [...self.values()].reduce((a, b) => a + b, 0);
      log(`profile of ${label}: ${total.toFixed(0)} ms sampled; top self time:`);
      for (const [key, ms] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 25)) {
        log(`  ${ms.toFixed(0).padStart(6)} ms ${(100 * ms / total).toFixed(1).padStart(5)}%  ${key}`);
      }
    },
  };
}

/**
 * Where the edits' time went, from the page's write trace (pwa/src/features/sync/lib/write-trace.ts):
 * total ms (count) per phase; "change events and caches" is RxDB's write minus its storage write,
 * "UI hook" the hook minus what it awaited, "bench loop" the rest of the measured time. Meta rows:
 * none is written while editing (a pulled document's server copy is kept in its own write).
 */
function editBreakdown(trace, totalMs) {
  const ms = (phase) => trace[phase]?.ms ?? 0;
  const n = (phase) => trace[phase]?.count ?? 0;
  const parts = [
    ["hook read", ms("read"), n("read")],
    ["validation", ms("validate"), n("validate")],
    ["mark set and document written", ms("write"), n("write")],
    ["  mark pending (in memory; before the write-behind marks, the blobs database)", ms("pending"), n("pending")],
    ["  RxDB write", ms("rxdb"), n("rxdb")],
    ["    storage write (server copy kept in the same write, sealing, Dexie)", ms("store"), n("store")],
    ["      of which sealing", ms("seal"), n("seal")],
    ["      of which the IndexedDB transaction", ms("idb"), n("idb")],
    ["      of which the change event emitted (listeners, other tabs)", ms("emit"), n("emit")],
    ["    change events and caches", ms("rxdb") - ms("store"), n("rxdb")],
    ["marks written behind (blobs database, beside the edits, not awaited by them)", ms("pendingFlush"), n("pendingFlush")],
    ["UI hook (the rest of the hook)", ms("hook") - ms("read") - ms("validate") - ms("write"), n("hook")],
    ["bench loop", totalMs - ms("hook"), 0],
  ];
  return parts.map(([name, t, count]) => `${name} ${t.toFixed(0)} ms${count ? ` (${count})` : ""}`).join("; ");
}

function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length) - 1;
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank))];
}

async function cleanup() {
  for (const fn of cleanups.reverse()) {
    try {
      await fn();
    } catch (error) {
      console.error("[bench] cleanup:", error.message);
    }
  }
}

const deadline = setTimeout(() => {
  console.error(`[bench] stopped after ${TIMEOUT_MS} ms`);
  void cleanup().finally(() => process.exit(2));
}, TIMEOUT_MS);

main()
  .then(cleanup, async (error) => {
    console.error("[bench] failed:", error?.stack ?? error);
    await cleanup();
    process.exitCode = 1;
  })
  .finally(() => clearTimeout(deadline));
