/**
 * The Content-Security-Policy (edge/src/http/csp.ts) against the real app: every
 * main screen of each role loads with the policy on and nothing is blocked (no
 * `securitypolicyviolation` event, no CSP or Trusted Types error in the console).
 */
import { type Browser, expect, type Page, test } from "@playwright/test";
import { signIn } from "./helpers.ts";

type Seen = { violations: string[] };

async function watchedPage(browser: Browser): Promise<{ page: Page; seen: Seen; close: () => Promise<void> }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const seen: Seen = { violations: [] };
  await page.exposeFunction("__reportCspViolation", (text: string) => seen.violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => {
      (globalThis as unknown as { __reportCspViolation(t: string): void }).__reportCspViolation(
        `${e.effectiveDirective} blocked ${e.blockedURI || "inline"} at ${e.sourceFile}:${e.lineNumber} (${e.sample})`,
      );
    });
  });
  page.on("console", (message) => {
    const text = message.text();
    if (/Content Security Policy|Trusted Type|TrustedScript|TrustedHTML/i.test(text)) seen.violations.push(`console: ${text}`);
  });
  page.on("pageerror", (error) => {
    if (/Trusted|Content Security Policy/i.test(error.message)) seen.violations.push(`error: ${error.message}`);
  });
  return { page, seen, close: () => context.close() };
}

async function visit(page: Page, path: string) {
  const response = await page.goto(path);
  expect(response?.headers()["content-security-policy"], `${path} has the policy`).toMatch(/default-src 'self'/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.waitForLoadState("networkidle");
}

test("guest screens load with the policy and no violation", async ({ browser }) => {
  const { page, seen, close } = await watchedPage(browser);
  const response = await page.goto("/");
  const policy = response!.headers()["content-security-policy"];
  expect(policy).toContain("script-src 'self'");
  expect(policy).toContain("frame-ancestors 'none'");
  expect(response!.headers()["permissions-policy"]).toContain("camera=(self)");
  for (const path of ["/", "/doctors", "/faq", "/about-us", "/how-it-works", "/contact-us", "/no-such-page"]) await visit(page, path);
  // The service worker registered under the policy (Trusted Types covers its script URL).
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
  expect(seen.violations).toEqual([]);
  await close();
});

const ROLES = [
  ["patient@demo.test", /\/home$/, ["/home", "/messages", "/settings", "/health-record", "/profile"]],
  ["doctor@demo.test", /\/home$/, ["/home", "/doctor/patients", "/messages", "/settings", "/availability"]],
  ["vma@demo.test", /\/messages$/, ["/messages", "/vma/patients", "/settings"]],
  ["admin@demo.test", /\/admin$/, ["/admin", "/admin/providers", "/admin/patients", "/settings"]],
] as const;

for (const [email, home, paths] of ROLES) {
  test(`${email}: main screens load with the policy and no violation`, async ({ browser }) => {
    const { page, seen, close } = await watchedPage(browser);
    await page.goto("/");
    await signIn(page, email);
    await expect(page).toHaveURL(home);
    // The on-device data key is made from the password (PBKDF2) before the first full page load.
    await page.waitForFunction(() => sessionStorage.getItem("dpc.localData.tab") !== null);
    for (const path of paths) await visit(page, path);
    // Every screen above was a full page load: signed in throughout (the cookie refreshed each new page).
    await expect(page).toHaveURL(paths.at(-1)!);
    if (email === "doctor@demo.test") {
      // The chart of a patient of the practice.
      await visit(page, "/doctor/patients");
      await page.getByRole("region", { name: "Patients" }).getByRole("link", { name: /Pat Patient/ }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Pat Patient" })).toBeVisible();
      // Every tab of the chart (the notes editor among them).
      for (const tab of await page.getByRole("tab").all()) {
        await tab.click();
        await expect(tab).toHaveAttribute("aria-selected", "true");
        await page.waitForLoadState("networkidle");
      }
    }
    expect(seen.violations).toEqual([]);
    await close();
  });
}
