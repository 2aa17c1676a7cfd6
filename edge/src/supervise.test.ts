/**
 * `npm start`'s supervisor: a real edge process (embedded PGlite) killed with SIGKILL is started again and
 * serves, and stopping the supervisor ends the edge without a restart (issue 34).
 */
import assert from "node:assert/strict";
import { FIRST_DELAY_MS, MAX_DELAY_MS, HEALTHY_RUN_MS, nextDelay, supervise } from "./supervise.ts";
import { freePort } from "./platform/video/janus-process.ts";
import { TEST_JWT_SECRET } from "./test/harness.ts";

Deno.test("the back-off doubles while the edge keeps crashing, up to 30 s, and starts again after a healthy run", () => {
  const waits: number[] = [];
  let delay: number | null = null;
  for (let i = 0; i < 7; i++) waits.push(delay = nextDelay(delay, 500));
  assert.deepEqual(waits, [1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000]);
  assert.equal(nextDelay(MAX_DELAY_MS, HEALTHY_RUN_MS), FIRST_DELAY_MS);
});

async function live(url: string): Promise<boolean> {
  try {
    const res = await fetch(`${url}/api/v1/health/live`, { signal: AbortSignal.timeout(1_000) });
    await res.body?.cancel();
    return res.ok;
  } catch {
    return false;
  }
}

async function until(check: () => Promise<boolean>, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

Deno.test({ name: "a killed edge is started again and serves; stopping the supervisor ends it for good", sanitizeOps: false, sanitizeResources: false }, async () => {
  const dataDir = await Deno.makeTempDir({ prefix: "supervised-" });
  const port = freePort("127.0.0.1");
  const url = `http://127.0.0.1:${port}`;
  const lines: string[] = [];
  const supervisor = supervise({
    command: [Deno.execPath(), "run", "--allow-all", new URL("./main.ts", import.meta.url).pathname],
    log: { debug() {}, info: (m) => lines.push(m), warn: (m) => lines.push(m), error: (m, f) => lines.push(`${m} ${JSON.stringify(f)}`) },
    env: {
      PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, STATIC_DIR: `${dataDir}/no-pwa`, JWT_SECRET: TEST_JWT_SECRET,
      DEMO_SEED: "false", VIDEO_GATEWAY: "off", LOG_LEVEL: "warn",
    },
  });
  try {
    await until(() => live(url), 90_000, "the edge answers");
    const first = supervisor.pid();
    assert.ok(first);
    const killedAt = Date.now();
    process.kill(first, "SIGKILL");
    await until(async () => supervisor.pid() !== null && supervisor.pid() !== first && await live(url), 90_000, "the edge answers again");
    console.log(`supervised restart: serving again ${Date.now() - killedAt} ms after SIGKILL`);
    assert.ok(lines.some((line) => line.startsWith("edge exited; starting it again") && line.includes('"signal":"SIGKILL"')), lines.join("\n"));
    const second = supervisor.pid()!;
    await supervisor.stop();
    assert.equal(supervisor.pid(), null);
    assert.equal(await live(url), false);
    // No restart after a stop.
    await new Promise((resolve) => setTimeout(resolve, FIRST_DELAY_MS + 500));
    assert.equal(supervisor.pid(), null);
    assert.throws(() => process.kill(second, 0));
  } finally {
    await supervisor.stop("SIGKILL");
    await Deno.remove(dataDir, { recursive: true }).catch(() => {});
  }
});
