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
import { migrate } from "../src/db/migrate.ts";
import { SOCKET_PATH } from "../../sync/protocol.ts";
import { api, type BenchUser, createBenchDatabase, log, percentile, runBounded, signIn, sleep, startBenchEdge } from "./bench-kit.ts";

const TIMEOUT_MS = Number(Deno.env.get("BENCH_TIMEOUT_MS") ?? 120_000);
const PAIRS = 500;
const RATE_PER_SECOND = 50;
const SEND_SECONDS = Number(Deno.env.get("BENCH_SECONDS") ?? 60);
const DRAIN_MS = 5_000;
const CONNECT_BATCH = 50;
const FD_WANTED = 4096;

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

type Pair = { doctor: BenchUser; patient: BenchUser; chatId: string };

/** 500 approved doctors with one patient each, a live session per user, and their access tokens. */
async function seedUsers(databaseUrl: string): Promise<{ doctors: BenchUser[]; patients: BenchUser[] }> {
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
    return { doctors: await signIn(sql, doctorRows, "doctor"), patients: await signIn(sql, patientRows, "patient") };
  } finally {
    await sql.end();
  }
}

async function inBatches<T, R>(items: T[], size: number, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += size) {
    out.push(...await Promise.all(items.slice(i, i + size).map((item, j) => fn(item, i + j))));
  }
  return out;
}

async function main() {
  await checkFileDescriptors();
  const sockets: Socket[] = [];
  const sentAt = new Map<string, number>();
  const arrivedAt = new Map<string, number>();
  const answeredIn: number[] = [];
  let sent = 0;
  let failed = 0;
  let clients = 0;

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

  const closeClients = () => {
    for (const s of sockets) s.close();
  };

  await runBounded({
    timeoutMs: TIMEOUT_MS,
    closeClients,
    report,
    run: async (cleanups, started) => {
      const db = await createBenchDatabase("chat");
      cleanups.push(() => db.drop());
      const { doctors, patients } = await seedUsers(db.url);
      log(`seeded ${doctors.length + patients.length} users in ${((performance.now() - started) / 1000).toFixed(1)} s`);

      const edge = await startBenchEdge(db.url, cleanups);

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
    },
  });
}

await main();
