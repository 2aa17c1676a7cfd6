/**
 * `npm run bench:chat`: chat delivery under load, on loopback only. Not part of `npm test`.
 *
 * 1. A throwaway database on the local PostgreSQL (BENCH_DATABASE_URL, default
 *    postgres://postgres@127.0.0.1:5432/postgres; created and dropped here),
 *    migrated, with 500 approved doctors and one patient each (1,000 real users
 *    with real sessions; their access tokens are signed with the edge's secret).
 * 2. One edge process (`edge/src/main.ts`) started on 127.0.0.1; the 500
 *    doctor–patient chats started through `POST /messages/chat/{userId}`.
 * 3. 1,000 socket.io clients connect (one per user; each waits for its
 *    `online:init`, so its presence is counted).
 * 4. For 60 s, 50 messages a second through `POST /messages/{chatId}`, round
 *    the pairs, alternating who writes. A message is delivered when its
 *    recipient's socket receives `message:received` for it; latency is from
 *    just before the request to that event.
 * 5. Up to 5 s more for late deliveries, then everything is closed and dropped.
 *
 * Bounded: everything stops by itself after BENCH_TIMEOUT_MS (default 120,000).
 * File descriptors: see checkFileDescriptors. BENCH_SECONDS shortens step 4.
 *
 * Prints, as its last line:
 * `chat: clients <n> sent <n> delivered <n> lost <n> p50 <ms> ms p95 <ms> ms`
 */
import postgres from "postgres";
import { io, type Socket } from "socket.io-client";
import { createTokenService } from "../src/access/tokens.ts";
import { migrate } from "../src/db/migrate.ts";
import { type EdgeProcess, startEdgeProcess } from "../src/test/edge-process.ts";
import { SOCKET_PATH } from "../../sync/protocol.ts";

const ADMIN_URL = Deno.env.get("BENCH_DATABASE_URL") ?? "postgres://postgres@127.0.0.1:5432/postgres";
const TIMEOUT_MS = Number(Deno.env.get("BENCH_TIMEOUT_MS") ?? 120_000);
const PAIRS = 500;
const RATE_PER_SECOND = 50;
const SEND_SECONDS = Number(Deno.env.get("BENCH_SECONDS") ?? 60);
const DRAIN_MS = 5_000;
const CONNECT_BATCH = 50;
const FD_WANTED = 4096;
const JWT_SECRET = `bench-${crypto.randomUUID()}-${crypto.randomUUID()}`;

const log = (...args: unknown[]) => console.log("[bench]", ...args);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * 1,000 loopback sockets on each side (this process, the edge) need file descriptors. Deno raises its own
 * soft limit to the hard one when it starts, and the edge process started from
 * here inherits that; so only a low hard limit can get in the way: say so.
 */
async function checkFileDescriptors() {
  const out = await new Deno.Command("sh", { args: ["-c", "ulimit -Sn"], stdout: "piped" }).output();
  const soft = new TextDecoder().decode(out.stdout).trim();
  if (soft !== "unlimited" && Number(soft) < FD_WANTED) {
    log(`warning: open files limited to ${soft} per process (each side holds 1,000 sockets); if connections fail, raise the hard limit (ulimit -Hn)`);
  }
}

type User = { id: string; token: string };
type Pair = { doctor: User; patient: User; chatId: string };

async function createDatabase() {
  const admin = postgres(ADMIN_URL, { max: 1, onnotice: () => {}, connect_timeout: 5 });
  const name = `bench_chat_${crypto.randomUUID().replaceAll("-", "").slice(0, 12)}`;
  try {
    await admin.unsafe(`create database ${name}`);
  } catch (e) {
    await admin.end();
    throw new Error(`No PostgreSQL to create a throwaway database on (${ADMIN_URL}): ${(e as Error).message}. Set BENCH_DATABASE_URL.`);
  }
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      await admin.unsafe(`drop database if exists ${name} with (force)`).catch(() => {});
      await admin.end();
    },
  };
}

/** 500 approved doctors with one patient each, a live session per user, and their access tokens. */
async function seedUsers(databaseUrl: string): Promise<{ doctors: User[]; patients: User[] }> {
  const sql = postgres(databaseUrl, { max: 2, onnotice: () => {} });
  try {
    await migrate(sql);
    const doctorRows = await sql<{ id: string }[]>`
      insert into users (role, email, first_name, last_name, is_activated, application_status, state, licensed_states)
      select 'doctor', 'bench.doctor.' || i || '@example.test', 'Doctor', 'No ' || i, true, 'approved', 'NV', '{NV}'
      from generate_series(1, ${PAIRS}) as i order by i returning id`;
    const patientRows: { id: string }[] = [];
    for (const [i, d] of doctorRows.entries()) {
      const [p] = await sql<{ id: string }[]>`insert into users (role, email, first_name, last_name, is_activated, doctor_id, state, profile_filled_at)
        values ('patient', ${`bench.patient.${i}@example.test`}, 'Patient', ${`No ${i}`}, true, ${d.id}, 'NV', now()) returning id`;
      patientRows.push(p);
    }
    const tokens = createTokenService(JWT_SECRET, 3600, () => new Date());
    const withToken = async (rows: { id: string }[], role: "doctor" | "patient") => {
      const sessions = await sql<{ id: string; user_id: string }[]>`
        insert into sessions (user_id, device, address, expires_at)
        select u, 'bench', '127.0.0.1', now() + interval '1 day' from unnest(${rows.map((r) => r.id)}::uuid[]) as u
        returning id, user_id`;
      const sid = new Map(sessions.map((s) => [s.user_id, s.id]));
      return await Promise.all(rows.map(async (r) => ({ id: r.id, token: await tokens.sign({ sub: r.id, role, sid: sid.get(r.id)! }) })));
    };
    return { doctors: await withToken(doctorRows, "doctor"), patients: await withToken(patientRows, "patient") };
  } finally {
    await sql.end();
  }
}

async function api<T = any>(base: string, token: string, method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
  const res = await fetch(`${base}/api/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { "content-type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: await res.json() };
}

async function inBatches<T, R>(items: T[], size: number, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += size) {
    out.push(...await Promise.all(items.slice(i, i + size).map((item, j) => fn(item, i + j))));
  }
  return out;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function main() {
  await checkFileDescriptors();
  const started = performance.now();
  const cleanups: (() => Promise<void>)[] = [];
  const sockets: Socket[] = [];
  const sentAt = new Map<string, number>();
  const arrivedAt = new Map<string, number>();
  const answeredIn: number[] = [];
  let sent = 0;
  let failed = 0;
  let clients = 0;
  let finished = false;

  const report = () => {
    const latencies = [...sentAt].flatMap(([id, t0]) => (arrivedAt.has(id) ? [arrivedAt.get(id)! - t0] : [])).sort((a, b) => a - b);
    const delivered = latencies.length;
    if (failed) log(`${failed} sends failed`);
    const answers = [...answeredIn].sort((a, b) => a - b);
    log(`POST answered in p50 ${percentile(answers, 50).toFixed(0)} ms, p95 ${percentile(answers, 95).toFixed(0)} ms`);
    console.log(
      `chat: clients ${clients} sent ${sent} delivered ${delivered} lost ${sent - delivered} ` +
        `p50 ${percentile(latencies, 50).toFixed(0)} ms p95 ${percentile(latencies, 95).toFixed(0)} ms`,
    );
  };

  const shutdown = async () => {
    for (const s of sockets) s.close();
    for (const c of cleanups.reverse()) await c().catch((e) => log("cleanup:", (e as Error).message));
  };

  // The bound: whatever is still running stops, the figures so far are printed.
  const deadline = setTimeout(async () => {
    if (finished) return;
    finished = true;
    log(`stopping: ${TIMEOUT_MS} ms reached`);
    await shutdown();
    report();
    Deno.exit(1);
  }, TIMEOUT_MS);

  try {
    const db = await createDatabase();
    cleanups.push(() => db.drop());
    const { doctors, patients } = await seedUsers(db.url);
    log(`seeded ${doctors.length + patients.length} users in ${((performance.now() - started) / 1000).toFixed(1)} s`);

    const edge: EdgeProcess = await startEdgeProcess({
      databaseUrl: db.url,
      jwtSecret: JWT_SECRET,
      env: { ACCESS_TOKEN_TTL_SECONDS: "3600", LOG_LEVEL: "info" },
    });
    cleanups.push(() => edge.stop());
    log(`edge listening at ${edge.url}`);

    const pairs: Pair[] = await inBatches(doctors, 20, async (doctor, i) => {
      const res = await api(edge.url, doctor.token, "POST", `/messages/chat/${patients[i].id}`);
      if (res.status !== 201) throw new Error(`starting chat ${i}: ${res.status} ${JSON.stringify(res.body)}`);
      return { doctor, patient: patients[i], chatId: res.body.result.chatId as string };
    });
    log(`${pairs.length} chats started`);

    const connectStart = performance.now();
    await inBatches([...doctors, ...patients], CONNECT_BATCH, (user) =>
      new Promise<void>((resolve, reject) => {
        const socket = io(edge.url, { path: SOCKET_PATH, auth: { token: user.token }, transports: ["websocket"], reconnection: false });
        sockets.push(socket);
        socket.on("message:received", (event: { messageId: string; authorId: string }) => {
          if (event.authorId !== user.id && !arrivedAt.has(event.messageId)) arrivedAt.set(event.messageId, performance.now());
        });
        socket.once("online:init", () => {
          clients += 1;
          resolve();
        });
        socket.once("connect_error", (err) => reject(new Error(`socket of ${user.id}: ${err.message}`)));
      }));
    log(`${clients} clients connected in ${((performance.now() - connectStart) / 1000).toFixed(1)} s`);

    const total = RATE_PER_SECOND * SEND_SECONDS;
    const interval = 1000 / RATE_PER_SECOND;
    const sendStart = performance.now();
    const inFlight: Promise<void>[] = [];
    for (let k = 0; k < total; k++) {
      const due = sendStart + k * interval;
      const wait = due - performance.now();
      if (wait > 0) await sleep(wait);
      const pair = pairs[k % pairs.length];
      const from = Math.floor(k / pairs.length) % 2 === 0 ? pair.patient : pair.doctor;
      const t0 = performance.now();
      inFlight.push(
        api(edge.url, from.token, "POST", `/messages/${pair.chatId}`, { text: `bench message ${k}` }).then((res) => {
          answeredIn.push(performance.now() - t0);
          if (res.status === 201) {
            sent += 1;
            sentAt.set(res.body.result.id, t0);
          } else if (++failed <= 3) log(`send ${k} answered ${res.status}: ${JSON.stringify(res.body).slice(0, 200)}`);
        }, (e) => {
          if (++failed <= 3) log(`send ${k} failed: ${(e as Error).message}`);
        }),
      );
      if (k % (RATE_PER_SECOND * 10) === 0 && k > 0) {
        const recent = [...sentAt].slice(-RATE_PER_SECOND * 5).flatMap(([id, t]) => (arrivedAt.has(id) ? [arrivedAt.get(id)! - t] : []))
          .sort((a, b) => a - b);
        log(`${k} sent, ${arrivedAt.size} delivered; last 5 s p50 ${percentile(recent, 50).toFixed(0)} ms p95 ${percentile(recent, 95).toFixed(0)} ms`);
      }
    }
    await Promise.all(inFlight);
    log(`sending took ${((performance.now() - sendStart) / 1000).toFixed(1)} s`);

    const drainUntil = performance.now() + DRAIN_MS;
    while (performance.now() < drainUntil && [...sentAt.keys()].some((id) => !arrivedAt.has(id))) await sleep(50);
  } catch (e) {
    log("error:", (e as Error).message);
    exitCode = 1;
  }
  if (finished) return;
  finished = true;
  clearTimeout(deadline);
  await shutdown();
  log(`done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  report();
}

let exitCode = 0;
await main();
Deno.exit(exitCode);
