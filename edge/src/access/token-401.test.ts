import assert from "node:assert/strict";
import { apiTest } from "../test/harness.ts";
import { accessOf } from "../http/router.ts";
import { createTokenService } from "./tokens.ts";
import { TEST_JWT_SECRET } from "../test/harness.ts";

const SAMPLE_ID = "00000000-0000-4000-8000-000000000000";

apiTest("401 means 401: a refused token is never a guest, on every public route", async (t, ctx) => {
  const publicRoutes = [...new Map(
    ctx.api.routes
      .filter((r) => r.method !== "ALL" && accessOf(r.handler)?.kind === "public")
      .map((r) => [`${r.method} ${r.path}`, r] as const),
  ).values()];
  // The walk must reach the public routes the product has (sign-in, doctors' profiles, health...).
  assert.ok(publicRoutes.length >= 10, `expected the public routes, got ${publicRoutes.length}`);
  assert.ok(publicRoutes.some((r) => r.path === "/users/login"));
  const pathOf = (path: string) => path.replace(/:[A-Za-z]+(\{[^}]*\})?/g, SAMPLE_ID).replace(/\*$/, "x");

  const patient = await ctx.createUser("patient");
  const [h, p, s] = patient.token.split(".");
  const tampered = `${h}.${p}.${s.slice(0, -2)}${s.endsWith("AA") ? "BB" : "AA"}`;
  const past = createTokenService(TEST_JWT_SECRET, 60, () => new Date(ctx.clock.now().getTime() - 3_600_000));
  const [{ sid }] = await ctx.sql<{ sid: string }[]>`select id as sid from sessions where user_id = ${patient.id}`;
  const expired = await past.sign({ sub: patient.id, role: "patient", sid });
  const revokedUser = await ctx.createUser("patient");
  assert.equal((await ctx.call("POST", "/users/logout", { token: revokedUser.token })).status, 200);
  const blockedUser = await ctx.createUser("patient");
  await ctx.sql`update users set is_blocked = true where id = ${blockedUser.id}`;

  const bad = { tampered, expired, revoked: revokedUser.token, blocked: blockedUser.token, "not a bearer": null };
  for (const [kind, token] of Object.entries(bad)) {
    await t.step(`${kind} token → 401 with the invalid_token challenge on ${publicRoutes.length} public routes`, async () => {
      for (const route of publicRoutes) {
        const headers = { authorization: token ? `Bearer ${token}` : "Basic dXNlcjpwYXNz" };
        const res = await ctx.call(route.method, pathOf(route.path), { headers });
        assert.equal(res.status, 401, `${route.method} ${route.path}`);
        assert.equal(res.headers.get("www-authenticate"), 'Bearer error="invalid_token"', `${route.method} ${route.path}`);
        assert.match(res.body.details.reason, /^TOKEN_/);
      }
    });
  }

  await t.step("a bad token in the query (download links) is refused the same way", async () => {
    const res = await ctx.call("GET", `/health?token=${encodeURIComponent(tampered)}`);
    assert.equal(res.status, 401);
    assert.equal(res.headers.get("www-authenticate"), 'Bearer error="invalid_token"');
  });

  await t.step("a route that declares its ?token= foreign (the Janus proxy) is not refused for it; a header token still is", async () => {
    // No gateway in tests: the proxy itself answers 404, which proves the resolver let the request through.
    const janus = await ctx.call("GET", `/video/gateway/0/janus/info?token=${encodeURIComponent(tampered)}`);
    assert.equal(janus.status, 404, JSON.stringify(janus.body));
    assert.equal(janus.body.details.reason, "NO_SUCH_GATEWAY");
    const longPoll = await ctx.call("GET", "/video/gateway/0/janus/123?token=janus-own-token&maxev=1");
    assert.equal(longPoll.status, 404);
    const header = await ctx.call("GET", "/video/gateway/0/janus/info", { headers: { authorization: `Bearer ${tampered}` } });
    assert.equal(header.status, 401);
  });

  await t.step("no token at all is a guest: no public route answers 401", async () => {
    for (const route of publicRoutes) {
      const res = await ctx.call(route.method, pathOf(route.path));
      assert.notEqual(res.status, 401, `${route.method} ${route.path}: ${JSON.stringify(res.body)}`);
    }
  });

  await t.step("a valid token still works on a public route; a protected route without one gets the bare challenge", async () => {
    assert.equal((await ctx.call("GET", "/health", { token: patient.token })).status, 200);
    const res = await ctx.call("POST", "/users/loginByToken");
    assert.equal(res.status, 401);
    assert.equal(res.headers.get("www-authenticate"), "Bearer");
  });
});
