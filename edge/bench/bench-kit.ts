/**
 * What the edge benches share: a throwaway database on the local PostgreSQL, signed-in users, one edge process,
 * the JSON API, percentiles, and the bound that stops a bench by itself. Loopback only; not part of `npm test`.
 */
import postgres from "postgres";
import { type AccessClaims, createTokenService } from "../src/access/tokens.ts";
import { type EdgeProcess, startEdgeProcess } from "../src/test/edge-process.ts";

/** Where throwaway databases are created: BENCH_DATABASE_URL, else the local PostgreSQL. */
const ADMIN_URL = Deno.env.get("BENCH_DATABASE_URL") ?? "postgres://postgres@127.0.0.1:5432/postgres";
/** The edge process's secret, so the bench can sign its users' access tokens itself. */
const JWT_SECRET = `bench-${crypto.randomUUID()}-${crypto.randomUUID()}`;

export type BenchUser = { id: string; token: string };
export type Cleanup = () => Promise<void>;

export const log = (...args: unknown[]) => console.log("[bench]", ...args);
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** A new empty database `bench_<prefix>_…` beside ADMIN_URL's; `drop()` removes it. */
export async function createBenchDatabase(prefix: string) {
  const admin = postgres(ADMIN_URL, { max: 1, onnotice: () => {}, connect_timeout: 5 });
  const name = `bench_${prefix}_${crypto.randomUUID().replaceAll("-", "").slice(0, 12)}`;
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

/** A live session for each of the users (all of one role) and an access token for it, valid for an hour. */
export async function signIn(sql: postgres.Sql, rows: { id: string }[], role: AccessClaims["role"]): Promise<BenchUser[]> {
  const tokens = createTokenService(JWT_SECRET, 3600, () => new Date());
  const sessions = await sql<{ id: string; user_id: string }[]>`
    insert into sessions (user_id, device, address, expires_at)
    select u, 'bench', '127.0.0.1', now() + interval '1 day' from unnest(${rows.map((r) => r.id)}::uuid[]) as u
    returning id, user_id`;
  const sid = new Map(sessions.map((s) => [s.user_id, s.id]));
  return await Promise.all(rows.map(async (r) => ({ id: r.id, token: await tokens.sign({ sub: r.id, role, sid: sid.get(r.id)! }) })));
}

/** One edge process on the database, trusting the tokens `signIn` makes; stopped with the other cleanups. */
export async function startBenchEdge(databaseUrl: string, cleanups: Cleanup[]): Promise<EdgeProcess> {
  const edge = await startEdgeProcess({
    databaseUrl,
    jwtSecret: JWT_SECRET,
    env: { ACCESS_TOKEN_TTL_SECONDS: "3600", LOG_LEVEL: "info" },
  });
  cleanups.push(() => edge.stop());
  log(`edge listening at ${edge.url}`);
  return edge;
}

/** A JSON call to the edge's `/api/v1` as the token's user: the status and the parsed answer. */
export async function api<T = any>(base: string, token: string, method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
  const res = await fetch(`${base}/api/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { "content-type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: await res.json() };
}

/**
 * Runs a bench and exits: `run` pushes what it starts onto `cleanups`; when it ends (an error is logged, exit 1)
 * or after `timeoutMs` (exit 1), the clients are closed, the cleanups undone in reverse and the figures so far
 * printed by `report`.
 */
export async function runBounded(o: {
  timeoutMs: number;
  run: (cleanups: Cleanup[], started: number) => Promise<void>;
  closeClients: () => void | Promise<void>;
  report: () => void;
}): Promise<never> {
  const started = performance.now();
  const cleanups: Cleanup[] = [];
  let finished = false;
  let exitCode = 0;
  const shutdown = async () => {
    await o.closeClients();
    for (const c of cleanups.reverse()) await c().catch((e) => log("cleanup:", (e as Error).message));
  };
  const deadline = setTimeout(async () => {
    if (finished) return;
    finished = true;
    log(`stopping: ${o.timeoutMs} ms reached`);
    await shutdown();
    o.report();
    Deno.exit(1);
  }, o.timeoutMs);

  try {
    await o.run(cleanups, started);
  } catch (e) {
    log("error:", (e as Error).message);
    exitCode = 1;
  }
  if (!finished) {
    finished = true;
    clearTimeout(deadline);
    await shutdown();
    log(`done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    o.report();
  }
  Deno.exit(exitCode);
}
