/** Configuration: where a browser is sent back to (the payout onboarding's links), with and without PUBLIC_ORIGIN. */
import assert from "node:assert/strict";
import { browserOrigin, loadConfig } from "./config.ts";

Deno.test("browserOrigin: the configured origin, else the loopback origin the browser is on, never another host", () => {
  const demo = loadConfig({ PORT: "8000" });
  // The doctor browsing at 127.0.0.1 comes back to 127.0.0.1 (localhost would be another origin, signed out).
  assert.equal(browserOrigin(demo, "127.0.0.1:8000"), "http://127.0.0.1:8000");
  assert.equal(browserOrigin(demo, "localhost:5173"), "http://localhost:5173");
  assert.equal(browserOrigin(demo, "[::1]:8000"), "http://[::1]:8000");
  // Any other Host header is not trusted.
  assert.equal(browserOrigin(demo, "evil.example"), "http://localhost:8000");
  assert.equal(browserOrigin(demo, "127.0.0.1.evil.example:80"), "http://localhost:8000");
  assert.equal(browserOrigin(demo, undefined), "http://localhost:8000");
  const production = loadConfig({ PORT: "8000", PUBLIC_ORIGIN: "https://care.example.com/" });
  assert.equal(browserOrigin(production, "127.0.0.1:8000"), "https://care.example.com");
});
