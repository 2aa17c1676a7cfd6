/** `GET /users/iceServers`: STUN and TURN from configuration, TURN credentials of the TURN REST scheme (coturn). */
import assert from "node:assert/strict";
import { createHmac } from "node:crypto";
import { apiTest } from "../../test/harness.ts";
import { loadConfig } from "../../config.ts";
import { iceServersFor, turnCredential } from "./ice-servers.ts";

const TURN_ENV = {
  STUN_URLS: "stun:stun.example.test:3478, stun:stun2.example.test",
  TURN_URLS: "turn:turn.example.test:3478?transport=udp,turns:turn.example.test:5349",
  TURN_SECRET: "coturn-static-auth-secret",
  TURN_TTL_SECONDS: "3600",
};

Deno.test("TURN REST credential: username <expiry>:<userId>, credential base64(HMAC-SHA1(secret, username))", async () => {
  const expiresAt = new Date("2026-03-02T18:00:00Z");
  const { username, credential } = await turnCredential("s3cret", "user-1", expiresAt);
  assert.equal(username, `${expiresAt.getTime() / 1000}:user-1`);
  assert.equal(credential, createHmac("sha1", "s3cret").update(username).digest("base64"));
});

Deno.test("ICE servers: none configured gives none; STUN without TURN gives STUN only", async () => {
  const now = new Date();
  assert.deepEqual(await iceServersFor({ stunUrls: [], turnUrls: [], turnSecret: null, turnTtlSeconds: 60 }, "u", now), []);
  assert.deepEqual(await iceServersFor({ stunUrls: ["stun:a"], turnUrls: [], turnSecret: null, turnTtlSeconds: 60 }, "u", now), [{ urls: ["stun:a"] }]);
});

Deno.test("configuration: TURN_URLS needs TURN_SECRET; URLs must be stun:/turn:; JANUS_URL needs its secrets", () => {
  assert.throws(() => loadConfig({ TURN_URLS: "turn:a" }), /TURN_URLS needs TURN_SECRET/);
  assert.throws(() => loadConfig({ STUN_URLS: "http://a" }), /STUN_URLS/);
  assert.throws(() => loadConfig({ JANUS_URL: "http://10.0.0.5:8088/janus" }), /JANUS_TOKEN_SECRET/);
  assert.throws(() => loadConfig({ RTP_PORT_RANGE: "30000-20000" }), /RTP_PORT_RANGE/);
  assert.deepEqual(loadConfig({ JANUS_URL: "http://a/janus, http://b/janus", JANUS_TOKEN_SECRET: "x".repeat(16), JANUS_ADMIN_KEY: "y".repeat(16) }).JANUS_URL, [
    "http://a/janus",
    "http://b/janus",
  ]);
});

apiTest("GET /users/iceServers: signed-in users get STUN and time-limited TURN credentials", async (t, ctx) => {
  await t.step("guests are refused", async () => {
    assert.equal((await ctx.call("GET", "/users/iceServers")).status, 401);
  });

  await t.step("a user gets the configured servers, TURN with their own credential for TURN_TTL_SECONDS", async () => {
    const user = await ctx.createUser("patient");
    const res = await ctx.call("GET", "/users/iceServers", { token: user.token });
    assert.equal(res.status, 200);
    const [stun, turn] = res.body.result;
    assert.deepEqual(stun, { urls: ["stun:stun.example.test:3478", "stun:stun2.example.test"] });
    assert.deepEqual(turn.urls, ["turn:turn.example.test:3478?transport=udp", "turns:turn.example.test:5349"]);
    const [expiry, userId] = turn.username.split(":");
    assert.equal(userId, user.id);
    assert.equal(Number(expiry), Math.floor(ctx.clock.now().getTime() / 1000) + 3600);
    assert.equal(turn.credential, createHmac("sha1", TURN_ENV.TURN_SECRET).update(turn.username).digest("base64"));
  });
}, { env: TURN_ENV });
