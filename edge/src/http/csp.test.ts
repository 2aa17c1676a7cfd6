import assert from "node:assert/strict";
import { apiTest } from "../test/harness.ts";
import { mountPwa } from "../static.ts";
import { buildCsp, cspDirectives, cspOptionsFrom } from "./csp.ts";
import { loadConfig } from "../config.ts";

const directive = (policy: string, name: string) =>
  policy.split("; ").find((d) => d === name || d.startsWith(`${name} `));

Deno.test("csp: the policy from the configuration", () => {
  const demo = buildCsp({ publicOrigin: "http://localhost:8000" });
  assert.equal(directive(demo, "default-src"), "default-src 'self'");
  assert.equal(directive(demo, "script-src"), "script-src 'self'", "no inline script, no eval, no other host");
  assert.equal(directive(demo, "connect-src"), "connect-src 'self' ws://localhost:8000");
  for (const fixed of ["frame-ancestors 'none'", "object-src 'none'", "base-uri 'none'", "form-action 'self'"]) {
    assert.ok(demo.includes(fixed), fixed);
  }
  assert.equal(directive(demo, "upgrade-insecure-requests"), undefined, "not on the plain-HTTP loopback demo");
  assert.equal(directive(demo, "report-uri"), "report-uri /api/v1/csp-report");
  assert.doesNotMatch(demo, /unsafe-inline|unsafe-eval|stripe/);

  const prod = buildCsp({ publicOrigin: "https://care.example.org", mediaHosts: ["https://media.example.org"] });
  assert.equal(directive(prod, "upgrade-insecure-requests"), "upgrade-insecure-requests");
  assert.equal(directive(prod, "connect-src"), "connect-src 'self' wss://care.example.org https://media.example.org");

  // The payment provider's hosts come only with a real publishable key.
  const emulated = buildCsp({ publicOrigin: "https://care.example.org", stripePublishableKey: "pk_emulator" });
  assert.doesNotMatch(emulated, /stripe/);
  const stripe = cspDirectives({ publicOrigin: "https://care.example.org", stripePublishableKey: "pk_test_51AbcdefGhijklmnop" });
  const get = (name: string) => stripe.find(([n]) => n === name)![1];
  assert.ok(get("script-src").includes("https://js.stripe.com"));
  assert.ok(get("frame-src").includes("https://hooks.stripe.com"));
  assert.ok(get("connect-src").includes("https://api.stripe.com"));
  assert.equal(cspOptionsFrom(loadConfig({ PORT: "8123" })).publicOrigin, "http://localhost:8123");
});

Deno.test("csp: on the Stripe-API emulator, its origin for card tokenization and the 3-D Secure frame, nothing else", () => {
  const config = loadConfig({ PORT: "8123" });
  assert.equal(cspOptionsFrom(config, { emulatorUrl: null }).paymentEmulatorOrigin, null);
  const options = cspOptionsFrom(config, { emulatorUrl: "http://127.0.0.1:41234" });
  assert.equal(options.paymentEmulatorOrigin, "http://127.0.0.1:41234");
  const policy = buildCsp(options);
  assert.equal(directive(policy, "connect-src"), "connect-src 'self' ws://localhost:8123 http://127.0.0.1:41234");
  assert.equal(directive(policy, "frame-src"), "frame-src http://127.0.0.1:41234");
  assert.equal(directive(policy, "script-src"), "script-src 'self'", "the emulator serves no script");
  assert.equal(directive(policy, "frame-ancestors"), "frame-ancestors 'none'");
  // Without it, no frame at all.
  assert.equal(directive(buildCsp(cspOptionsFrom(config)), "frame-src"), "frame-src 'none'");
});

apiTest("csp: every HTML answer carries the one policy; reports are validated and rate-limited", async (t, ctx) => {
  const root = await Deno.makeTempDir();
  await Deno.writeTextFile(`${root}/index.html`, "<!doctype html><title>app</title>");
  await mountPwa(ctx.app, root);
  const policy = buildCsp(cspOptionsFrom(ctx.deps.config, ctx.deps.payments));

  await t.step("the app's pages, the not-found page and index.html itself", async () => {
    for (const [path, status] of [["/", 200], ["/doctors", 200], ["/definitely/not/here", 404], ["/index.html", 200]] as const) {
      const res = await ctx.app.request(path);
      await res.body?.cancel();
      assert.equal(res.status, status, path);
      assert.match(res.headers.get("content-type") ?? "", /^text\/html/, path);
      assert.equal(res.headers.get("content-security-policy"), policy, path);
      assert.equal(res.headers.get("reporting-endpoints"), 'csp="/api/v1/csp-report"');
      assert.equal(res.headers.get("x-content-type-options"), "nosniff");
      assert.equal(res.headers.get("referrer-policy"), "no-referrer");
      assert.match(res.headers.get("permissions-policy") ?? "", /camera=\(self\), microphone=\(self\)/);
    }
    // upgrade-insecure-requests is off on the loopback demo only; the test app's origin is http://app.test.
    assert.match(policy, /upgrade-insecure-requests/);
  });

  await t.step("JSON answers carry the companions but no page policy", async () => {
    const res = await ctx.call("GET", "/health");
    assert.equal(res.headers.get("content-security-policy"), null);
    assert.equal(res.headers.get("x-content-type-options"), "nosniff");
  });

  const legacy = {
    "csp-report": {
      "document-uri": "http://app.test/messages?token=secret-token",
      "violated-directive": "script-src-elem",
      "effective-directive": "script-src-elem",
      "blocked-uri": "inline",
      "line-number": 3,
    },
  };
  const modern = [{ type: "csp-violation", url: "http://app.test/", body: { documentURL: "http://app.test/", effectiveDirective: "connect-src", blockedURL: "https://evil.example/x?y=1" } }];
  const report = (body: unknown, type = "application/csp-report", address = "10.1.1.1") =>
    ctx.call("POST", "/csp-report", { body: JSON.stringify(body), headers: { "content-type": type }, address });

  await t.step("both report formats are accepted (204)", async () => {
    assert.equal((await report(legacy)).status, 204);
    assert.equal((await report(modern, "application/reports+json")).status, 204);
  });

  await t.step("anything else is refused: not a report, NUL, wrong type, broken JSON", async () => {
    assert.equal((await report({ hello: "world" })).status, 400);
    assert.equal((await report({ "csp-report": { "document-uri": "http://app.test/\u0000" } })).status, 400);
    assert.equal((await report(legacy, "text/plain")).status, 415);
    const broken = await ctx.call("POST", "/csp-report", { body: "{not json", headers: { "content-type": "application/csp-report" }, address: "10.1.1.1" });
    assert.equal(broken.status, 400);
  });

  await t.step("one address is rate-limited; another is not", async () => {
    const limit = ctx.deps.limits.cspReportsPerAddress.limit;
    const statuses = [];
    for (let i = 0; i < limit + 1; i++) statuses.push((await report(legacy, "application/csp-report", "10.9.9.9")).status);
    assert.equal(statuses.at(-1), 429);
    assert.equal((await report(legacy, "application/csp-report", "10.9.9.10")).status, 204);
  });
  await Deno.remove(root, { recursive: true });
});
