/**
 * `/settings/{userId}` in a browser (pwa/docs/settings.md): an admin opens a
 * patient's settings from the users list, a doctor opens their VMA's from
 * Manage VMAs, a patient gets the not-found page for someone else's id. Nothing
 * is changed: the demo accounts are shared with the other browser tests.
 */
import { expect, type Page, test } from "@playwright/test";
import { DEMO_PASSWORD, signIn } from "./helpers.ts";

/** In-app navigation (what a link does), so no reload asks for the password again. */
async function navigate(page: Page, path: string) {
  await page.evaluate((to) => {
    history.pushState(null, "", to);
    dispatchEvent(new PopStateEvent("popstate"));
  }, path);
}

async function signedIn(page: Page, email: string) {
  await page.goto("/");
  await signIn(page, email);
  await expect(page).not.toHaveURL(/\/$/);
}

test("an admin opens a patient's settings from the users list, on a phone", async ({ page }) => {
  await signedIn(page, "admin@demo.test");
  await page.setViewportSize({ width: 390, height: 844 });
  await navigate(page, "/admin/patients");
  const search = page.getByRole("search", { name: "Find users" });
  await search.getByLabel("Search by name or email").fill("patient@demo.test");
  await search.getByRole("button", { name: "Search" }).click();
  await page.getByRole("link", { name: "Pat Patient" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Settings of Pat Patient" })).toBeVisible();
  await expect(page.getByText("patient@demo.test")).toBeVisible();
  await page.getByRole("button", { name: "Block Pat Patient" }).click();
  const dialog = page.getByRole("dialog", { name: "Block Pat Patient?" });
  await expect(dialog).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("button", { name: "Sign in as Pat Patient" })).toBeVisible();
  // The phone layout does not scroll sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test("a doctor opens their VMA's settings from Manage VMAs", async ({ page }) => {
  await signedIn(page, "doctor@demo.test");
  await navigate(page, "/settings#vmas");
  await page.getByRole("list", { name: "Your VMAs" }).getByRole("link", { name: "Victor Assistant" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Settings of Victor Assistant" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Send a password link" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Detach Victor Assistant" })).toBeVisible();
});

test("a patient gets the not-found page for their doctor's id", async ({ page, request }) => {
  const login = await request.post("/api/v1/users/login", { data: { email: "doctor@demo.test", password: DEMO_PASSWORD } });
  const doctorId = (await login.json()).result.user.id as string;
  await signedIn(page, "patient@demo.test");
  await navigate(page, `/settings/${doctorId}`);
  await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
});
