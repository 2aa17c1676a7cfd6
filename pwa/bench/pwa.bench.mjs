/**
 * `npm run bench:pwa`: the first load on a phone. Builds nothing itself (the npm script builds first),
 * starts the real edge on loopback serving `pwa/dist` (the embedded demo database, as `npm start`), and:
 *
 * 1. first-load — the JavaScript the landing page needs before it renders: index.html's module script and
 *    its module preloads, summed as the gzip copies the build wrote (pwa/build/precompress.ts);
 * 2. Lighthouse (the npm package) with its default mobile settings (simulated 4× CPU slowdown, 1.6 Mbps,
 *    150 ms RTT) in Debian's headless Chromium: the landing page, and a signed-in patient's home (signed in
 *    through the app's dialog; the HTTP cache and the service worker are emptied before Lighthouse loads
 *    /home, the cookie and the session flag kept).
 *
 * 3. the same phone profile applied for real (Chromium's network and CPU throttling, a fresh context each): the
 *    landing page's and the signed-in home's largest contentful paint, printed on the line before the last.
 *
 * Prints, as its last line:
 * `pwa: first-load <KB> KB gzip; landing performance <score> lcp <ms> ms; home performance <score> lcp <ms> ms`
 *
 * Environment: CHROMIUM_PATH (default /usr/bin/chromium), BENCH_PORT (default: a free port), BENCH_REPORT_DIR
 * (when set, each Lighthouse report is written there as `<page>.json`, to see where the time goes).
 */
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
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

  const landing = await audit(debugPort, `${ORIGIN}/`, { name: "landing", keepStorage: false });
  log(`landing: performance ${landing.performance} accessibility ${landing.accessibility} best-practices ${landing.bestPractices}; FCP ${landing.fcp} ms LCP ${landing.lcp} ms TBT ${landing.tbt} ms`);

  // A signed-in patient, signed in through the app's own dialog in the browser's default context (the refresh
  // token is an HttpOnly cookie, the session flag in localStorage: what a patient's browser holds). Then the
  // HTTP cache, the service worker and its caches are emptied, so /home is a first load like the landing's;
  // Lighthouse keeps the storage (cookie, flag) but finds nothing cached.
  const page = await context.newPage();
  await signInThroughDialog(page);
  await page.evaluate(async () => {
    for (const registration of await navigator.serviceWorker.getRegistrations()) await registration.unregister();
    for (const key of await caches.keys()) await caches.delete(key);
  });
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.clearBrowserCache");
  await page.close();
  const home = await audit(debugPort, `${ORIGIN}/home`, { name: "home", keepStorage: true });
  if (new URL(home.finalUrl).pathname !== "/home") throw new Error(`the signed-in home was not shown (Lighthouse ended on ${home.finalUrl})`);
  log(`home: performance ${home.performance} accessibility ${home.accessibility} best-practices ${home.bestPractices}; FCP ${home.fcp} ms LCP ${home.lcp} ms TBT ${home.tbt} ms; final address ${home.finalUrl}`);

  // The same profile applied for real (not simulated): Chromium's own network and CPU throttling, LCP from the page.
  const phone = async (url, signIn) => {
    try {
      const { lcp, load } = await phoneLcp(url, signIn);
      return `LCP ${lcp} ms (load ${load} ms)`;
    } catch (error) {
      process.exitCode = 1;
      return `failed: ${error.message.split("\n")[0]}`;
    }
  };
  const phoneLanding = await phone(`${ORIGIN}/`);
  const phoneHome = await phone(`${ORIGIN}/home`, true);
  log(
    `phone profile (applied: ${PHONE.cpu}× CPU, ${PHONE.downloadKbps / 1000} Mbps, ${PHONE.rttMs} ms RTT): ` +
      `landing ${phoneLanding}; home ${phoneHome}`,
  );

  console.log(
    `pwa: first-load ${firstLoad.kb.toFixed(1)} KB gzip; landing performance ${landing.performance} lcp ${landing.lcp} ms; ` +
      `home performance ${home.performance} lcp ${home.lcp} ms`,
  );
}

/** Lighthouse's mobile profile (its simulated throttling), applied to a real page load by `phoneLcp`. */
const PHONE = { cpu: 4, downloadKbps: 1600, uploadKbps: 750, rttMs: 150 };

/**
 * One cold load of `url` in a fresh browser context under PHONE's network and CPU throttling (Chromium's
 * DevTools emulation), signed in first through the dialog when `signIn` (then the HTTP cache emptied; no
 * service worker, so nothing is cached and no precache competes for the network): the
 * page's own last largest-contentful-paint entry (none new for 3 s), and its load event, in ms.
 */
async function phoneLcp(url, signIn = false) {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
  });
  try {
    const context = await browser.newContext({
      serviceWorkers: "block",
      viewport: { width: 412, height: 823 },
      deviceScaleFactor: 1.75,
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    // A session of its own (a copied refresh cookie may already have been rotated by another tab), then
    // nothing cached from signing in.
    if (signIn) {
      await signInThroughDialog(page);
      await cdp.send("Network.clearBrowserCache");
    }
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: PHONE.rttMs,
      downloadThroughput: (PHONE.downloadKbps * 1000) / 8,
      uploadThroughput: (PHONE.uploadKbps * 1000) / 8,
    });
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: PHONE.cpu });
    await page.addInitScript(() => {
      globalThis.__benchLcp = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) globalThis.__benchLcp = entry.startTime;
      }).observe({ type: "largest-contentful-paint", buffered: true });
    });
    await page.goto(url, { waitUntil: "load", timeout: 120_000 });
    if (new URL(url).pathname === "/home") {
      // By CSS, not by role: the unlock dialog (modal) may already hide the page from the accessibility tree.
      await page.locator("h1", { hasText: "Welcome" }).waitFor({ timeout: 60_000 }).catch((error) => {
        throw new Error(`no home heading (page at ${page.url()}): ${error.message.split("\n")[0]}`);
      });
    }
    // Not "networkidle": the signed-in page's live channel may keep a request open. The largest paint is
    // final once no new candidate has come for 3 s (at most 60 s).
    const started = Date.now();
    let lcp = -1;
    let stableSince = Date.now();
    while (Date.now() - stableSince < 3_000 && Date.now() - started < 60_000) {
      await page.waitForTimeout(250);
      const current = await page.evaluate(() => globalThis.__benchLcp);
      if (current !== lcp) [lcp, stableSince] = [current, Date.now()];
    }
    if (new URL(page.url()).pathname !== new URL(url).pathname) throw new Error(`${url} ended on ${page.url()}`);
    const load = await page.evaluate(() => performance.getEntriesByType("navigation")[0]?.loadEventStart ?? NaN);
    if (!lcp) throw new Error(`no largest-contentful-paint entry on ${url}`);
    return { lcp: Math.round(lcp), load: Math.round(load) };
  } finally {
    await browser.close();
  }
}

/** Signs the demo patient in through the app's own dialog on `page`, and waits for their home. */
async function signInThroughDialog(page) {
  await page.goto(`${ORIGIN}/`);
  // On a phone's width the navigation, with "Log in", folds behind the menu button: wait for the header to
  // show one of them before deciding (the page may not have rendered it yet).
  const banner = page.getByRole("banner");
  await banner.getByRole("button", { name: /^(Menu|Log in)$/ }).first().waitFor({ timeout: 60_000 });
  const menu = banner.getByRole("button", { name: "Menu" });
  if (await menu.isVisible()) await menu.click();
  await page.getByRole("banner").getByRole("button", { name: "Log in" }).click();
  const form = page.getByRole("form", { name: "Sign in" });
  await form.getByLabel("Email").fill(PATIENT.email);
  await form.getByLabel("Password").fill(PATIENT.password);
  await form.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL((url) => url.pathname === "/home", { timeout: 60_000 });
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

async function audit(port, url, { name, keepStorage }) {
  const result = await lighthouse(url, {
    port,
    output: "json",
    logLevel: "error",
    onlyCategories: ["performance", "accessibility", "best-practices"],
    disableStorageReset: keepStorage,
  });
  const reportDir = process.env.BENCH_REPORT_DIR;
  if (reportDir) {
    mkdirSync(reportDir, { recursive: true });
    writeFileSync(join(reportDir, `${name}.json`), JSON.stringify(result.lhr));
  }
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
