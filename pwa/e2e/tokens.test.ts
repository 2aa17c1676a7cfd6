/**
 * The refresh token out of page scripts' reach (edge/docs/auth.md): an HttpOnly
 * cookie for the refresh path only, never in document.cookie or any storage;
 * tabs refreshing at once keep one session (the cross-tab lock); a refresh token
 * a previous release left in localStorage is moved into the cookie once.
 */
import { type BrowserContext, expect, type Page, test } from "@playwright/test";
import { DEMO_PASSWORD, signIn } from "./helpers.ts";

const COOKIE = "dpc_refresh";

async function refreshCookie(context: BrowserContext) {
  return (await context.cookies()).find((c) => c.name === COOKIE);
}

/** Everything a page script can read: document.cookie, both storages and every IndexedDB record. */
async function readableByScripts(page: Page): Promise<string> {
  return await page.evaluate(async () => {
    const parts: string[] = [document.cookie];
    for (const storage of [localStorage, sessionStorage]) {
      for (let i = 0; i < storage.length; i++) parts.push(`${storage.key(i)}=${storage.getItem(storage.key(i)!)}`);
    }
    for (const info of await indexedDB.databases()) {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open(info.name!);
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      for (const name of Array.from(db.objectStoreNames)) {
        const all = await new Promise<unknown[]>((resolve, reject) => {
          const request = db.transaction(name, "readonly").objectStore(name).getAll();
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error);
        });
        parts.push(JSON.stringify(all));
      }
      db.close();
    }
    return parts.join("\n");
  });
}

test("the refresh token is an HttpOnly cookie no script can read; a reload signs in with it", async ({ page, context }) => {
  await page.goto("/");
  await signIn(page, "patient@demo.test");
  await expect(page).toHaveURL(/\/home$/);
  await page.waitForFunction(() => sessionStorage.getItem("dpc.localData.tab") !== null);
  const cookie = await refreshCookie(context);
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Strict", path: "/api/v1/users/refreshToken" });
  expect(cookie!.value.length).toBeGreaterThanOrEqual(43);
  // The local demo is plain HTTP on loopback: the only place Secure is off.
  expect(cookie!.secure).toBe(false);

  const readable = await readableByScripts(page);
  expect(readable).not.toContain(cookie!.value);
  expect(readable).not.toContain(COOKIE);
  expect(await page.evaluate(() => localStorage.getItem("dpc.auth"))).toBe('{"authorized":true}');

  // A reload has no access token (memory only): the cookie gets one, and it rotated.
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: /Welcome/ })).toBeVisible();
  const rotated = await refreshCookie(context);
  expect(rotated!.value).not.toBe(cookie!.value);
  expect(await readableByScripts(page)).not.toContain(rotated!.value);

  // Logout clears the cookie (the same request the app's logout sends, with a token got under the app's lock).
  await page.evaluate(() =>
    navigator.locks.request("dpc.auth.refresh", async () => {
      const refresh = await fetch("/api/v1/users/refreshToken", { method: "POST" });
      const token = (await refresh.json()).result.accessToken;
      await fetch("/api/v1/users/logout", { method: "POST", headers: { Authorization: `Bearer ${token}` } });
    })
  );
  expect(await refreshCookie(context)).toBeUndefined();
});

test("two tabs refreshing at once keep one session", async ({ browser }) => {
  const context = await browser.newContext();
  const first = await context.newPage();
  await first.goto("/");
  await signIn(first, "doctor@demo.test");
  await expect(first).toHaveURL(/\/home$/);
  await first.waitForFunction(() => sessionStorage.getItem("dpc.localData.tab") !== null);
  const second = await context.newPage();
  await second.goto("/home");
  await expect(second).toHaveURL(/\/home$/);
  await second.waitForLoadState("networkidle");

  // Both tabs start with no access token at the same moment, several times: each must refresh, one at a time.
  for (let round = 0; round < 3; round++) {
    await Promise.all([first.reload(), second.reload()]);
    for (const page of [first, second]) {
      await expect(page.getByRole("heading", { level: 1, name: /Welcome/ })).toBeVisible();
      await page.waitForLoadState("networkidle");
      await expect(page).toHaveURL(/\/home$/);
    }
  }
  // The session family is alive: a refresh still works, and this session is listed as current.
  const sessions = await first.evaluate(() =>
    navigator.locks.request("dpc.auth.refresh", async () => {
      const refresh = await (await fetch("/api/v1/users/refreshToken", { method: "POST" })).json();
      const token = refresh.result.accessToken as string;
      const list = await (await fetch("/api/v1/users/sessions", { headers: { Authorization: `Bearer ${token}` } })).json();
      return list.result as { current: boolean }[];
    })
  );
  expect(sessions.filter((s) => s.current)).toHaveLength(1);
  await context.close();
});

test("a refresh token a previous release left in localStorage moves into the cookie once", async ({ page, context }) => {
  const login = await page.request.post("/api/v1/users/login", { data: { email: "vma@demo.test", password: DEMO_PASSWORD } });
  const { accessToken, refreshToken } = (await login.json()).result as { accessToken: string; refreshToken: string };
  expect(refreshToken).toBeTruthy();
  await page.goto("/faq");
  await page.evaluate(
    ([a, r]) => localStorage.setItem("dpc.auth", JSON.stringify({ accessToken: a, refreshToken: r, authorized: true })),
    [accessToken, refreshToken],
  );
  await page.goto("/messages");
  await expect(page).toHaveURL(/\/messages$/);
  await page.waitForLoadState("networkidle");
  expect(await page.evaluate(() => localStorage.getItem("dpc.auth"))).toBe('{"authorized":true}');
  const cookie = await refreshCookie(context);
  expect(cookie?.httpOnly).toBe(true);
  expect(await readableByScripts(page)).not.toContain(refreshToken);
  // The old token was used once: using it again is reuse, which ends that session.
  const replay = await page.request.post("/api/v1/users/refreshToken", { data: { refreshToken } });
  expect(replay.status()).toBe(401);
});
