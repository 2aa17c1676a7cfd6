/**
 * `npm run bench:video` (not part of npm test): the time from pressing "Join"
 * until the first frame of the other party's video, over 20 joins.
 *
 * Runs inside the video test's network namespace (pwa/e2e/video/run.sh, which
 * also prepares the database): the edge with its Janus child, Debian's
 * Chromium with a fake camera and microphone. The demo doctor is in the room
 * already, publishing; the demo patient presses Join, the clock stops when
 * their page has decoded the doctor's first frame, then they leave; 20 times.
 * Stops itself after BENCH_TIMEOUT_MS (5 minutes). Last line:
 *   video: joins <n> first-frame p50 <ms> ms p95 <ms> ms
 */
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

const ROOT = resolve(fileURLToPath(new URL("../..", import.meta.url)));
const JOINS = Number(process.env.BENCH_JOINS ?? 20);
const PORT = Number(process.env.BENCH_PORT ?? 8630);
const ORIGIN = `http://localhost:${PORT}`;
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const TIMEOUT_MS = Number(process.env.BENCH_TIMEOUT_MS ?? 5 * 60_000);
const dataDir = process.env.VIDEO_E2E_DATA_DIR;
const log = (line) => console.error(`bench:video: ${line}`);

if (!dataDir) {
  console.error("bench:video: run it with `npm run bench:video` (it needs the network namespace and database of pwa/e2e/video/run.sh)");
  process.exit(1);
}
const { visit } = JSON.parse(readFileSync(join(dataDir, "video-seed.json"), "utf8"));
const cleanups = [];
const deadline = setTimeout(() => {
  log(`stopped after ${TIMEOUT_MS} ms`);
  void cleanup().then(() => process.exit(1));
}, TIMEOUT_MS);

async function cleanup() {
  for (const fn of cleanups.reverse()) await fn().catch(() => {});
}

async function startEdge() {
  const child = spawn(join(ROOT, "node_modules/.bin/deno"), ["run", "--allow-all", "edge/src/main.ts"], {
    cwd: ROOT,
    env: {
      ...process.env, PORT: String(PORT), HOST: "127.0.0.1", DATA_DIR: dataDir, STATIC_DIR: "./pwa/dist", LOG_LEVEL: "error",
      JANUS_ICE_ENFORCE_LIST: "veth", RTP_PORT_RANGE: "42200-42399",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  let exited = false;
  child.on("exit", () => (exited = true));
  cleanups.push(async () => {
    if (exited) return;
    child.kill("SIGTERM");
    await new Promise((done) => {
      const timer = setTimeout(() => (child.kill("SIGKILL"), done()), 5_000);
      child.on("exit", () => (clearTimeout(timer), done()));
    });
  });
  const started = Date.now();
  for (;;) {
    if (exited) throw new Error("the edge exited while starting");
    if (await fetch(`${ORIGIN}/api/v1/health`).then((r) => r.ok, () => false)) return;
    if (Date.now() - started > 60_000) throw new Error("the edge did not answer /api/v1/health within 60 s");
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function openAs(browser, email) {
  const context = await browser.newContext({ permissions: ["camera", "microphone"] });
  const page = await context.newPage();
  await page.goto(`${ORIGIN}/`);
  await page.getByRole("banner").getByRole("button", { name: "Log in" }).click();
  const form = page.getByRole("form", { name: "Sign in" });
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Password").fill("demo-password");
  await form.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL((url) => url.pathname !== "/");
  await page.goto(`${ORIGIN}/consultation/${visit}`);
  const unlock = page.getByRole("dialog", { name: "Unlock your data" });
  await unlock.getByRole("button", { name: "Later" }).click({ timeout: 5000 }).catch(() => {});
  return page;
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

try {
  await startEdge();
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run", "--disable-background-networking",
      "--use-fake-ui-for-media-stream", "--use-fake-device-for-media-stream", "--autoplay-policy=no-user-gesture-required",
    ],
  });
  cleanups.push(() => browser.close());
  const doctor = await openAs(browser, "doctor@demo.test");
  const patient = await openAs(browser, "patient@demo.test");
  await doctor.getByRole("button", { name: "Join", exact: true }).click();
  await doctor.getByLabel("Your camera").waitFor();
  log("the doctor is in the room");

  const times = [];
  for (let i = 0; i < JOINS; i++) {
    const join = patient.getByRole("button", { name: "Join", exact: true });
    await join.waitFor();
    await patient.waitForFunction(() => [...document.querySelectorAll("button")].some((b) => b.textContent === "Join" && !b.disabled));
    // Measured in the page: the click, then the first decoded frame of the other party's video.
    const ms = await patient.evaluate(() =>
      new Promise((resolvePromise, reject) => {
        const button = [...document.querySelectorAll("button")].find((b) => b.textContent === "Join" && !b.disabled);
        const t0 = performance.now();
        button.click();
        const timer = setTimeout(() => reject(new Error("no remote frame within 20 s")), 20_000);
        const check = () => {
          const video = document.querySelector('video[aria-label^="Video of"]');
          if (video && video.getVideoPlaybackQuality().totalVideoFrames > 0 && video.videoWidth > 0) {
            clearTimeout(timer);
            resolvePromise(performance.now() - t0);
          } else requestAnimationFrame(check);
        };
        check();
      })
    );
    times.push(ms);
    log(`join ${i + 1}: ${Math.round(ms)} ms`);
    await patient.getByRole("button", { name: "Leave" }).click();
    await patient.locator(".video-room").waitFor({ state: "detached" });
  }
  const sorted = [...times].sort((a, b) => a - b);
  await cleanup();
  clearTimeout(deadline);
  console.log(`video: joins ${times.length} first-frame p50 ${Math.round(percentile(sorted, 50))} ms p95 ${Math.round(percentile(sorted, 95))} ms`);
} catch (e) {
  log(`failed: ${e instanceof Error ? e.message : e}`);
  await cleanup();
  clearTimeout(deadline);
  process.exit(1);
}
