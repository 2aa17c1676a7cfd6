/**
 * The edge survives its database: a connection whose server process is killed fails the queries on it
 * with an error callers can catch (and the stray one postgres.js rejects with no caller is contained),
 * instead of the `TypeError … reading 'write'` thrown from a timer that ended the process (issue 34).
 */
import assert from "node:assert/strict";
import postgres from "postgres";
import { createTestDatabase } from "../test/database.ts";
import { Hono } from "hono";
import { containDriverFaults, isDatabaseUnavailable } from "./faults.ts";
import { createErrorHandler } from "../http/on-error.ts";
import { silentLogger } from "../platform/log.ts";
import { healthRoutes, READY_TIMEOUT_MS } from "../domains/health/routes.ts";

Deno.test({ name: "a query on a connection whose backend was killed fails catchably; the process goes on", sanitizeOps: false, sanitizeResources: false }, async () => {
  const db = await createTestDatabase();
  if (!db.url) return db.close(); // Needs a server to kill a backend of (PGlite has none).
  const warned: string[] = [];
  const uncontain = containDriverFaults({ warn: (_message, fields) => warned.push(String(fields?.code)) });
  const sql = postgres(db.url, { max: 2, onnotice: () => {} });
  try {
    const reserved = await sql.reserve();
    const [{ pid }] = await reserved`select pg_backend_pid() as pid`;
    await db.sql`select pg_terminate_backend(${pid})`;
    const codes: string[] = [];
    // The first query meets either the reset socket (ECONNRESET; the next one then meets the closed
    // connection) or the closed connection itself; either way the second fails at once.
    for (let i = 0; i < 2; i++) {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const error = await Promise.race([
        reserved`select ${i}::int as n`.then(() => null, (e: unknown) => e),
        new Promise((resolve) => timer = setTimeout(() => resolve(new Error("no answer in 5 s")), 5_000)),
      ]);
      clearTimeout(timer);
      assert.ok(isDatabaseUnavailable(error), `query ${i} failed with a connection error, got ${String(error)}`);
      codes.push((error as { code: string }).code);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    // The write buffered when the socket closed was failed, not thrown from its timer (which ended Deno).
    assert.ok(codes.includes("CONNECTION_CLOSED"), codes.join());
    // Given back to the pool, the dead connection is not handed the next query (which then waited for ever).
    reserved.release();
    const next = await Promise.race([
      sql`select 1 as one`.then((rows) => rows[0]?.one, (e: unknown) => e),
      new Promise((resolve) => setTimeout(() => resolve("no answer in 5 s"), 5_000)),
    ]);
    assert.equal(next, 1);
  } finally {
    uncontain();
    await sql.end({ timeout: 1 });
    await db.close();
  }
  // Whatever postgres.js rejected with no caller was a connection error, logged as such.
  assert.ok(warned.every((code) => code === "CONNECTION_CLOSED"), warned.join());
});

Deno.test("connection failures and PostgreSQL's shutdown codes count as the database being unavailable; others do not", () => {
  for (const code of ["CONNECTION_CLOSED", "CONNECT_TIMEOUT", "ECONNREFUSED", "57P01", "57P03"]) {
    assert.ok(isDatabaseUnavailable(Object.assign(new Error("x"), { code })), code);
  }
  for (const error of [new Error("x"), Object.assign(new Error("x"), { code: "23505" }), null, "CONNECTION_CLOSED"]) {
    assert.equal(isDatabaseUnavailable(error), false, String(error));
  }
});

Deno.test("a request that meets the database away is answered 503 with Retry-After, not 500", async () => {
  const app = new Hono();
  app.onError(createErrorHandler(silentLogger));
  app.get("/write", () => {
    throw Object.assign(new Error("write CONNECTION_CLOSED 127.0.0.1:5432"), { code: "CONNECTION_CLOSED", query: "insert into messages …" });
  });
  const res = await app.request("/write");
  assert.equal(res.status, 503);
  assert.equal(res.headers.get("retry-after"), "5");
  const body = await res.json();
  assert.equal(body.details.reason, "DATABASE_UNAVAILABLE");
  assert.doesNotMatch(JSON.stringify(body), /insert|127\.0\.0\.1|CONNECTION_CLOSED/);
});

Deno.test({ name: "readiness says 503 within its bound when the database cannot be reached; liveness still answers", sanitizeOps: false, sanitizeResources: false }, async () => {
  // Nothing listens on port 9 of loopback: every connection is refused.
  const sql = postgres("postgres://postgres@127.0.0.1:9/none", { max: 1, onnotice: () => {}, connect_timeout: 5 });
  try {
    const app = healthRoutes({ sql });
    const started = performance.now();
    const ready = await app.request("/health/ready");
    assert.equal(ready.status, 503);
    assert.equal(ready.headers.get("retry-after"), "5");
    assert.ok(performance.now() - started < READY_TIMEOUT_MS + 1_000);
    assert.equal((await app.request("/health/live")).status, 200);
  } finally {
    await sql.end({ timeout: 1 });
  }
});
