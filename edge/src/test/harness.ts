/** Builds a real app on a throwaway database and helpers to call it like a client would. */
import { createApp, type Services } from "../app.ts";
import { composeDeps } from "../compose.ts";
import { loadConfig } from "../config.ts";
import { DEFAULT_LIMITS, type Deps, type Limits } from "../deps.ts";
import { manualClock } from "../platform/clock.ts";
import { silentLogger } from "../platform/log.ts";
import { createArgon2Hasher } from "../platform/passwords.ts";
import type { Role } from "../../../sync/roles.ts";
import { connectPostgres, type Database } from "../db/connect.ts";
import { createTestDatabase, type TestDatabase } from "./database.ts";
import type { VideoGateway } from "../platform/video/gateway.ts";
import type { Payments } from "../platform/payments/payments.ts";

/** The access-token secret of test apps (a spawned edge process needs the same one). */
export const TEST_JWT_SECRET = "test-secret-test-secret-test-secret-0123";

export type Reply<T = any> = { status: number; body: T; headers: Headers };

export type CallOptions = {
  token?: string;
  body?: unknown;
  form?: FormData;
  headers?: Record<string, string>;
  /** The client's address, as node:http would report it. */
  address?: string;
};

export type TestContext = Awaited<ReturnType<typeof createTestContext>>;

export async function createTestContext(
  opts: { limits?: Partial<Limits>; env?: Record<string, string>; video?: VideoGateway; payments?: Payments } = {},
) {
  const database: TestDatabase = await createTestDatabase();
  const clock = manualClock(new Date());
  const config = loadConfig({ PUBLIC_ORIGIN: "http://app.test", DATA_DIR: "/nonexistent", CHECK_ANSWERS: "true", ...opts.env });
  const passwords = createArgon2Hasher({ memoryCost: 1024, timeCost: 1 });
  const build = async (db: Database) => {
    const deps: Deps = await composeDeps({
      config,
      database: db,
      log: silentLogger,
      jwtSecret: TEST_JWT_SECRET,
      clock,
      limits: { ...DEFAULT_LIMITS, ...opts.limits },
      passwords,
      video: opts.video,
      payments: opts.payments,
    });
    built.push(deps);
    return { deps, ...createApp(deps) };
  };
  /** Every app built (the first and each restart): their job queues are stopped at close. */
  const built: Deps[] = [];
  const first = await build(database);
  const { deps, api, services } = first;
  let app = first.app;
  /** A restarted server's own connection pool (on PostgreSQL), closed with the context. */
  let restartedPool: Database | null = null;

  async function call<T = any>(method: string, path: string, o: CallOptions = {}): Promise<Reply<T>> {
    const headers: Record<string, string> = { ...o.headers };
    if (o.token) headers.authorization = `Bearer ${o.token}`;
    let body: BodyInit | undefined;
    if (o.form) body = o.form;
    else if (o.body !== undefined) {
      body = typeof o.body === "string" ? o.body : JSON.stringify(o.body);
      headers["content-type"] ??= "application/json";
    }
    const env = { incoming: { socket: { remoteAddress: o.address ?? "127.0.0.1" } } };
    const res = await app.request(`/api/v1${path}`, { method, headers, body }, env);
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch { /* not JSON: keep the text */ }
    return { status: res.status, body: parsed as T, headers: res.headers };
  }

  let counter = 0;
  /** Creates an activated user straight in the database and signs them in. */
  async function createUser(role: Role, fields: Record<string, unknown> = {}) {
    counter += 1;
    const email = `${role}${counter}.${crypto.randomUUID().slice(0, 8)}@example.test`;
    const password = `pw-${crypto.randomUUID()}`;
    const values = {
      role, email, password_hash: await deps.passwords.hash(password), first_name: `First${counter}`,
      last_name: `Last${counter}`, is_activated: true, birth_date: "1980-01-01", gender: "Male",
      state: "NV", city: "Reno", zip: "89501", address: "1 Test Way", phone_number: "+17025551234",
      application_status: role === "doctor" ? "approved" : null,
      profile_filled_at: role === "patient" ? new Date() : null,
      licensed_states: role === "doctor" ? ["NV"] : [],
      ...fields,
    };
    const [row] = await deps.sql<{ id: string }[]>`insert into users ${deps.sql(values as unknown as Record<string, never>)} returning id`;
    const login = await call("POST", "/users/login", { body: { email, password } });
    return {
      id: row.id,
      email,
      password,
      token: login.body?.result?.accessToken as string,
      refreshToken: login.body?.result?.refreshToken as string,
    };
  }

  /**
   * "Restarts the server": a new app with new dependencies on a new connection
   * pool to the same database (PGlite: the same embedded database). Later
   * `call`s reach the new app.
   */
  async function restart() {
    const pool = database.url ? connectPostgres(database.url, 5) : null;
    app = (await build(pool ?? database)).app;
    await restartedPool?.close();
    restartedPool = pool;
  }

  return {
    get app() {
      return app;
    },
    api,
    restart,
    deps,
    services: services as Services,
    sql: deps.sql,
    /** The test database's URL for other processes; null on PGlite. */
    databaseUrl: database.url,
    clock,
    call,
    createUser,
    /** The newest message in the dev outbox for a recipient. */
    async lastMessage(to: string) {
      const [row] = await deps.sql<{ subject: string; body: string }[]>`
        select subject, body from outbox where lower(recipient) = lower(${to}) order by id desc limit 1`;
      return row ?? null;
    },
    close: async () => {
      for (const d of built) await d.jobs.stop();
      await restartedPool?.close();
      await database.close();
    },
  };
}

/** One Deno test per file with steps, sharing one database; always cleaned up. */
export function apiTest(name: string, fn: (t: Deno.TestContext, ctx: TestContext) => Promise<void>, opts: Parameters<typeof createTestContext>[0] = {}) {
  Deno.test({ name, sanitizeOps: false, sanitizeResources: false }, async (t) => {
    const ctx = await createTestContext(opts);
    try {
      await fn(t, ctx);
    } finally {
      await ctx.close();
    }
  });
}
