/**
 * `npm run bench:pwa`: the first load on a phone. Builds nothing itself (the npm script builds first),
 * starts the real edge on loopback serving `pwa/dist` (the embedded demo database, as `npm start`), and:
 *
 * 1. first-load — the JavaScript the landing page needs before it renders: index.html's module script and
 *    its module preloads, summed as the gzip copies the build wrote (pwa/build/precompress.ts);
 * 2. Lighthouse (the npm package) with its default mobile settings (simulated 4× CPU slowdown, 1.6 Mbps,
 *    150 ms RTT) in Debian's headless Chromium: the landing page, and a signed-in patient's home (signed in
 *    through the API; the session is put in the page's storage before Lighthouse loads /home).
 *
 * Prints, as its last line:
 * `pwa: first-load <KB> KB gzip; landing performance <score> lcp <ms> ms; home performance <score> lcp <ms> ms`
 *
 * Environment: CHROMIUM_PATH (default /usr/bin/chromium), BENCH_PORT (default: a free port).
 */
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import lighthouse from "lighthouse";
import { chromium } from "playwright-core";

const ROOT = resolve(fileURLToPath(new URL("../..", import.meta.url)));
const DIST = join(ROOT, "pwa/dist");
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const PORT = Number(process.env.BENCH_PORT ?? await freePort());
const ORIGIN = `http://127.0.0.1:${PORT}`;
const PATIENT = { email: "patient@demo.test", password: "demo-password" };
const cleanups = [];
const log = (...args) => console.log("[bench]", ...args);

async function main() {
  if (!existsSync(join(DIST, "index.html"))) throw new Error("pwa/dist is not built: run `npm run bench:pwa` (it builds first).");
  const firstLoad = firstLoadKb();
  log(`first-load: ${firstLoad.files.map((f) => `${f.name} ${f.kb.toFixed(1)}`).join(", ")} KB gzip`);
  await startEdge();

  const debugPort = await freePort();
  // A persistent context is the browser's default one: the one Lighthouse opens its tab in, so the
  // session stored below is the one it finds.
  const profile = mkdtempSync(join(tmpdir(), "dpc-bench-pwa-profile-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", `--remote-debugging-port=${debugPort}`],
  });
  cleanups.push(async () => {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  });

  const landing = await audit(debugPort, `${ORIGIN}/`, false);
  log(`landing: performance ${landing.performance} accessibility ${landing.accessibility} best-practices ${landing.bestPractices}; FCP ${landing.fcp} ms LCP ${landing.lcp} ms TBT ${landing.tbt} ms`);

  // A signed-in patient: the tokens the sign-in answers, stored as the app stores them.
  const res = await fetch(`${ORIGIN}/api/v1/users/login`, {
    method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(PATIENT),
  });
  if (!res.ok) throw new Error(`the demo patient could not sign in: ${res.status}`);
  const { accessToken, refreshToken } = (await res.json()).result;
  const page = await context.newPage();
  await page.goto(`${ORIGIN}/`);
  await page.evaluate((auth) => localStorage.setItem("dpc.auth", JSON.stringify(auth)), { accessToken, refreshToken, authorized: true });
  const home = await audit(debugPort, `${ORIGIN}/home`, true);
  if (new URL(home.finalUrl).pathname !== "/home") throw new Error(`the signed-in home was not shown (Lighthouse ended on ${home.finalUrl})`);
  log(`home: performance ${home.performance} accessibility ${home.accessibility} best-practices ${home.bestPractices}; FCP ${home.fcp} ms LCP ${home.lcp} ms TBT ${home.tbt} ms; final address ${home.finalUrl}`);

  console.log(
    `pwa: first-load ${firstLoad.kb.toFixed(1)} KB gzip; landing performance ${landing.performance} lcp ${landing.lcp} ms; ` +
      `home performance ${home.performance} lcp ${home.lcp} ms`,
  );
}

/** index.html's module script and module preloads, as their build-time gzip copies. */
function firstLoadKb() {
  const html = readFileSync(join(DIST, "index.html"), "utf8");
  const refs = [...html.matchAll(/<(?:script[^>]*\bsrc|link[^>]*rel="modulepreload"[^>]*\bhref)="([^"]+\.js)"/g)].map((m) => m[1]);
  const files = refs.map((ref) => {
    const path = join(DIST, ref.replace(/^\//, ""));
    const gz = existsSync(`${path}.gz`) ? `${path}.gz` : path;
    return { name: ref.split("/").pop(), kb: statSync(gz).size / 1000 };
  });
  return { files, kb: files.reduce((sum, f) => sum + f.kb, 0) };
}

async function audit(port, url, keepStorage) {
  const result = await lighthouse(url, {
    port,
    output: "json",
    logLevel: "error",
    onlyCategories: ["performance", "accessibility", "best-practices"],
    disableStorageReset: keepStorage,
  });
  const { categories, audits, finalDisplayedUrl } = result.lhr;
  const ms = (id) => Math.round(audits[id]?.numericValue ?? NaN);
  return {
    performance: categories.performance.score,
    accessibility: categories.accessibility.score,
    bestPractices: categories["best-practices"].score,
    fcp: ms("first-contentful-paint"),
    lcp: ms("largest-contentful-paint"),
    tbt: ms("total-blocking-time"),
    finalUrl: finalDisplayedUrl,
  };
}

/** The real edge on loopback with the embedded demo database, serving pwa/dist. */
async function startEdge() {
  const dataDir = mkdtempSync(join(tmpdir(), "dpc-bench-pwa-"));
  const child = spawn(join(ROOT, "node_modules/.bin/deno"), ["run", "--allow-all", "edge/src/main.ts"], {
    cwd: ROOT,
    env: { ...withoutDatabase(process.env), PORT: String(PORT), HOST: "127.0.0.1", DATA_DIR: dataDir, STATIC_DIR: "./pwa/dist", LOG_LEVEL: "warn" },
    stdio: ["ignore", "inherit", "inherit"],
  });
  let exited = false;
  child.on("exit", () => (exited = true));
  cleanups.push(async () => {
    if (!exited) {
      child.kill("SIGTERM");
      await new Promise((done) => {
        const timer = setTimeout(() => (child.kill("SIGKILL"), done()), 5_000);
        child.on("exit", () => (clearTimeout(timer), done()));
      });
    }
    rmSync(dataDir, { recursive: true, force: true });
  });
  const started = Date.now();
  for (;;) {
    if (exited) throw new Error("the edge exited while starting");
    try {
      if ((await fetch(`${ORIGIN}/api/v1/health`)).ok) break;
    } catch { /* not listening yet */ }
    if (Date.now() - started > 120_000) throw new Error("the edge did not answer /api/v1/health within 120 s");
    await new Promise((r) => setTimeout(r, 300));
  }
  log(`edge listening on ${ORIGIN}`);
}

/** The embedded demo database, whatever the shell's DATABASE_URL says. */
function withoutDatabase(env) {
  const { DATABASE_URL: _ignored, ...rest } = env;
  return rest;
}

function freePort() {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once("error", fail);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => done(port));
    });
  });
}

try {
  await main();
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  for (const cleanup of cleanups.reverse()) await cleanup().catch?.(() => {});
}
