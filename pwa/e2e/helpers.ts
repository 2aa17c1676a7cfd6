/** Small steps the browser tests share: signing in through the real dialog, reading the dev outbox. */
import { type Browser, expect, type Page } from "@playwright/test";

export const DEMO_PASSWORD = "demo-password";

export async function signIn(page: Page, email: string, password = DEMO_PASSWORD) {
  const form = page.getByRole("form", { name: "Sign in" });
  // The dialog may open by itself (after an account activation) while this looks, and its form loads on first
  // open: click "Log in" only while no sign-in dialog is open, and look again until the form is there.
  const dialog = page.getByRole("dialog", { name: "Sign in" });
  await expect(async () => {
    if (!(await dialog.isVisible())) await page.getByRole("banner").getByRole("button", { name: "Log in" }).click({ timeout: 2_000 });
    await expect(form).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Password").fill(password);
  await form.getByRole("button", { name: "Sign in" }).click();
}

/** The newest mail to `to` in the demo outbox, polled until it arrives. */
export async function lastMail(page: Page, to: string): Promise<{ subject: string; text: string }> {
  let found: { subject: string; text: string } | undefined;
  await expect(async () => {
    const res = await page.request.get(`/api/v1/dev/outbox?channel=email&to=${encodeURIComponent(to)}`);
    const body = await res.json();
    found = body.result.list[0];
    expect(found).toBeTruthy();
  }).toPass({ timeout: 10_000 });
  return found!;
}

/**
 * An access token of the session signed in on `page`. The app keeps its own in
 * memory only, so this asks for a new one with the refresh cookie, under the
 * app's cross-tab refresh lock (the cookie rotates: two refreshes at once would
 * end the session).
 */
export async function accessTokenOf(page: Page): Promise<string> {
  return await page.evaluate(() =>
    navigator.locks.request("dpc.auth.refresh", async () => {
      const response = await fetch("/api/v1/users/refreshToken", { method: "POST" });
      const body = await response.json();
      if (body.status !== "success") throw new Error(`refresh refused: ${body.message}`);
      return body.result.accessToken as string;
    })
  );
}

/** A full page load may ask for the password to unlock the device's data: type it whenever asked. */
export async function unlockWhenAsked(page: Page, password = DEMO_PASSWORD) {
  await page.addLocatorHandler(page.getByRole("form", { name: "Unlock your data" }), async (form) => {
    await form.getByLabel("Password").fill(password);
    await form.getByRole("button", { name: "Unlock", exact: true }).click();
    await expect(form).toBeHidden();
  });
}

/** Signs `page` in as `email` and waits until the service worker controls it (so the device can go offline). */
export async function signInDevice(page: Page, email: string): Promise<void> {
  await page.goto("/");
  await signIn(page, email, DEMO_PASSWORD);
  await expect(page.getByRole("banner").getByRole("button", { name: /account menu/ })).toBeVisible();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 20_000 })
    .catch(() => page.reload());
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

/** A browser context (a device) signed in as `email` through the dialog, on the page it lands on (`home`). */
export async function openAs(browser: Browser, email: string, home: RegExp): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto("/");
  await signIn(page, email);
  await expect(page).toHaveURL(home);
  return page;
}

/** A browser context (a device) signed in as `email`, its service worker in control. */
export async function openDevice(browser: Browser, email: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signInDevice(page, email);
  return page;
}

/** The ids of the chart entries of this patient the device holds (the plain fields of RxDB's store; the data is sealed). */
export async function deviceEntryIds(page: Page, patientId: string): Promise<string[]> {
  return await page.evaluate(async (patientId) => {
    const name = (await indexedDB.databases()).map((d) => d.name ?? "").find((n) => n.endsWith("--0--chart_entries"));
    if (!name) return [];
    const db = await new Promise<IDBDatabase>((ok, fail) => {
      const open = indexedDB.open(name);
      open.onsuccess = () => ok(open.result);
      open.onerror = () => fail(open.error);
    });
    try {
      const rows = await Promise.all([...db.objectStoreNames].map((store) =>
        new Promise<{ id?: string; patientId?: string }[]>((ok, fail) => {
          const all = db.transaction(store).objectStore(store).getAll();
          all.onsuccess = () => ok(all.result);
          all.onerror = () => fail(all.error);
        })
      ));
      return rows.flat().filter((r) => r.patientId === patientId).map((r) => r.id ?? "");
    } finally {
      db.close();
    }
  }, patientId);
}

/** Follows a link of the main navigation, opening "More" first when the link is in it (tablet and desktop widths). */
export async function followNav(page: Page, name: string) {
  const nav = page.getByRole("navigation", { name: "Main" });
  const link = nav.getByRole("link", { name, exact: true });
  if (!(await link.isVisible())) {
    const more = nav.getByRole("button", { name: "More" });
    if (await more.isVisible()) await more.click();
  }
  await link.click();
}
