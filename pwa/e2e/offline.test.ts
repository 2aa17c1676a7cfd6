import { expect, test } from "@playwright/test";

test("with no network, a reload still renders the app shell from the service worker", async ({ page, context }) => {
  await page.goto("/faq");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  // Wait until the service worker controls the page and has precached the shell.
  await page.evaluate(async () => {
    const reg = await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise<void>((resolve) => navigator.serviceWorker.addEventListener("controllerchange", () => resolve(), { once: true }));
    }
    return reg.active?.state;
  });
  await context.setOffline(true);
  try {
    await page.reload();
    await expect(page.getByRole("banner")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await page.goto("/about-us");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  } finally {
    await context.setOffline(false);
  }
});

test("the manifest makes the app installable", async ({ page }) => {
  const res = await page.request.get("/manifest.webmanifest");
  expect(res.ok()).toBe(true);
  const manifest = await res.json();
  expect(manifest.theme_color).toBe("#0096ff");
  expect(manifest.start_url).toBe("/");
  const sizes = manifest.icons.map((i: { sizes: string; purpose?: string }) => `${i.sizes}${i.purpose ? ` ${i.purpose}` : ""}`);
  expect(sizes).toEqual(expect.arrayContaining(["192x192 any", "512x512 any", "512x512 maskable"]));
  for (const icon of manifest.icons) expect((await page.request.get(icon.src)).ok()).toBe(true);
});
