import assert from "node:assert/strict";
import { apiTest } from "../test/harness.ts";
import { isAccessGuard } from "./router.ts";
import { JSON_LIMIT_BYTES } from "./body-size.ts";

apiTest("http: envelope, limits, content types, errors, deny by default", async (t, ctx) => {
  const { call } = ctx;

  await t.step("every /api/v1 route declares its access (deny by default)", () => {
    // The API app, before it is mounted (mounting wraps handlers in its error handler).
    const routes = ctx.api.routes.filter((r) => r.method !== "ALL");
    assert.ok(routes.length > 25, `expected the API's routes, got ${routes.length}`);
    const key = (r: { method: string; path: string }) => `${r.method} ${r.path}`;
    const guarded = new Set(routes.filter((r) => isAccessGuard(r.handler)).map(key));
    const unguarded = [...new Set(routes.map(key))].filter((k) => !guarded.has(k));
    assert.deepEqual(unguarded, []);
  });

  await t.step("health answers the envelope with the database state", async () => {
    const res = await call("GET", "/health");
    assert.equal(res.status, 200);
    assert.equal(res.body.status, "success");
    assert.equal(res.body.result.database.status, "up");
    // The public answer names no database kind.
    assert.deepEqual(Object.keys(res.body.result.database).sort(), ["latencyMs", "status"]);
    const ready = await call("GET", "/health/ready");
    assert.equal(ready.status, 200);
    assert.equal(ready.body.result.database.status, "up");
    const live = await call("GET", "/health/live");
    assert.deepEqual([live.status, live.body.result], [200, { status: "ok" }]);
  });

  await t.step("unknown route: 404 envelope", async () => {
    for (const [method, path] of [["GET", "/nope"], ["POST", "/users/login/extra/x"], ["DELETE", "/health"]]) {
      const res = await call(method, path);
      assert.equal(res.status, 404, `${method} ${path}`);
      assert.deepEqual(
        { status: res.body.status, code: res.body.code, message: res.body.message },
        { status: "error", code: 404, message: "Not found" },
      );
    }
  });

  await t.step("wrong content type: 415; broken JSON: 400; nothing changes", async () => {
    const form = await call("POST", "/users/login", { body: "email=a@b.c", headers: { "content-type": "text/plain" } });
    assert.equal(form.status, 415);
    assert.equal(form.body.code, 415);
    const broken = await call("POST", "/users", { body: "{not json" });
    assert.equal(broken.status, 400);
    assert.equal(broken.body.details.reason, "INVALID_JSON");
  });

  await t.step("oversized body: 413 and no account created", async () => {
    const email = "big@example.test";
    const body = JSON.stringify({ role: "patient", email, address: "x".repeat(JSON_LIMIT_BYTES) });
    const res = await call("POST", "/users", { body, headers: { "content-length": String(body.length) } });
    assert.equal(res.status, 413);
    assert.equal(res.body.status, "error");
    const [row] = await ctx.sql`select count(*)::int as n from users where email = ${email}`;
    assert.equal(row.n, 0);
  });

  await t.step("validation names each bad field and changes nothing", async () => {
    const res = await call("POST", "/users", { body: { role: "patient", email: "bad", zip: "12" } });
    assert.equal(res.status, 400);
    assert.equal(res.body.details.reason, "VALIDATION_FAILED");
    for (const field of ["email", "password", "firstName", "lastName", "birthDate", "zip", "agreements"]) {
      assert.ok(res.body.details.fields[field], `missing error for ${field}`);
    }
    const [row] = await ctx.sql`select count(*)::int as n from users`;
    assert.equal(row.n, 0);
  });

  await t.step("text PostgreSQL cannot store (NUL, a lone surrogate) answers 400 naming it, whatever the route's schema", async () => {
    // GET /doctors' search has no rule of its own against NUL: PostgreSQL refused it (a 500) before this check.
    const search = await call("GET", "/doctors?search=a%00b");
    assert.equal(search.status, 400);
    assert.equal(search.body.details.reason, "VALIDATION_FAILED");
    assert.deepEqual(search.body.details.fields, { search: "The text holds a character that cannot be stored" });
    const email = "surrogate@example.test";
    const body = { role: "patient", email, address: "1 Main St \ud83d", tags: [{ ["k\u0000"]: "x" }] };
    const res = await call("POST", "/users", { body });
    assert.equal(res.status, 400);
    assert.deepEqual(Object.keys(res.body.details.fields).sort(), ["address", "tags.0.k\u0000"]);
    const [row] = await ctx.sql`select count(*)::int as n from users where email = ${email}`;
    assert.equal(row.n, 0);
    // Nesting deeper than any call stack is walked, not recursed: a 400 (the schema's), not a 500.
    const deep = await call("POST", "/users", { body: `{"a":${"[".repeat(20_000)}"\\u0000"${"]".repeat(20_000)}}` });
    assert.equal(deep.status, 400);
  });

  await t.step("API answers are not cached and carry security headers", async () => {
    const res = await call("GET", "/health");
    assert.equal(res.headers.get("cache-control"), "no-store");
    assert.equal(res.headers.get("x-content-type-options"), "nosniff");
  });

  await t.step("unexpected error: 500 with a request id, no SQL or stack", async () => {
    const u = await ctx.createUser("patient");
    await ctx.sql`drop trigger audit_log_no_update on audit_log`;
    await ctx.sql`drop table audit_log`;
    const res = await call("POST", "/users/login", { body: { email: u.email, password: "wrong" } });
    assert.equal(res.status, 500);
    assert.equal(res.body.code, 500);
    assert.match(res.body.details.requestId, /^[0-9a-f-]{36}$/);
    const text = JSON.stringify(res.body);
    assert.doesNotMatch(text, /audit_log|relation|insert|stack|at /i);
  });
});
