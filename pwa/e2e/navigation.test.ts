/**
 * The main navigation fits (issue 32): for the roles with the most links (doctor, admin) the links stay on one
 * row at 768, 1024 and 1280 px, the rest under "More", and the offline banner under the header stays in view.
 */
import { expect, type Page, test } from "@playwright/test";
import { followNav, signIn } from "./helpers.ts";

async function linkRows(page: Page): Promise<number> {
  return await page.getByRole("navigation", { name: "Main" }).locator(".app-nav__list > li").evaluateAll((items) =>
    new Set(items.filter((li) => (li as HTMLElement).offsetParent).map((li) => Math.round(li.getBoundingClientRect().top / 10))).size
  );
}

for (const email of ["doctor@demo.test", "admin@demo.test"]) {
  test(`${email.split("@")[0]}: one row of links at 768, 1024 and 1280 px; the offline banner in view`, async ({ page, context }) => {
    await page.goto("/");
    await signIn(page, email);
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(page.getByRole("banner").getByRole("button", { name: /account menu/ })).toBeVisible();
    for (const width of [768, 1024, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await expect(nav.getByRole("button", { name: "More" })).toBeVisible();
      expect(await linkRows(page), `rows at ${width}px`).toBe(1);
      const header = await page.getByRole("banner").boundingBox();
      expect(header!.height, `header height at ${width}px`).toBeLessThan(140);
    }
    await context.setOffline(true);
    const banner = page.getByRole("banner").getByRole("alert").filter({ hasText: "You are offline" });
    await expect(banner).toBeInViewport();
    await context.setOffline(false);
    // A link under "More" opens its page and the menu closes.
    await followNav(page, "Documents");
    await expect(page).toHaveURL(/\/documents$/);
    await expect(nav.getByRole("link", { name: "Documents" })).toBeHidden();
    await expect(nav.getByRole("button", { name: "More" })).toHaveAttribute("aria-expanded", "false");
  });
}

test("on a phone every link is in the folded menu, none behind 'More'", async ({ page }) => {
  await page.goto("/");
  await signIn(page, "doctor@demo.test");
  await expect(page.getByRole("banner").getByRole("button", { name: /account menu/ })).toBeVisible();
  await expect(page).toHaveURL(/\/home$/);
  // The address changes before the page arrives; a followed link closes the menu, so open it once home shows.
  await expect(page.getByRole("heading", { level: 1, name: /Welcome/ })).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  const menu = page.getByRole("banner").getByRole("button", { name: "Menu", exact: true });
  await menu.click();
  await expect(menu).toHaveAttribute("aria-expanded", "true");
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav.getByRole("button", { name: "More" })).toBeHidden();
  for (const name of ["Home", "Patients", "Documents", "Transactions"]) await expect(nav.getByRole("link", { name, exact: true })).toBeVisible();
});
