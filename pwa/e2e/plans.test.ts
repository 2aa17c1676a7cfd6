/**
 * Issue 13's browser test: the admin creates a membership plan on /admin/packages, edits its price and
 * sees the new price in the list (then deactivates it again); the demo doctor disables and re-enables a
 * membership option in Settings → Memberships, and the change survives a reload.
 */
import { type Browser, expect, type Page, test } from "@playwright/test";
import { DEMO_PASSWORD, signIn } from "./helpers.ts";

test.describe.configure({ timeout: 120_000 });

async function openAs(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  // A reload may ask for the password to unlock the device's data (as in team.test.ts): type it whenever asked.
  await page.addLocatorHandler(page.getByRole("form", { name: "Unlock your data" }), async (form) => {
    await form.getByLabel("Password").fill(DEMO_PASSWORD);
    await form.getByRole("button", { name: "Unlock", exact: true }).click();
    await expect(form).toBeHidden();
  });
  await page.goto("/");
  await signIn(page, email);
  await expect(page.getByRole("banner").getByRole("button", { name: /account menu/ })).toBeVisible();
  return page;
}

test("the admin edits a plan's price on /admin/packages and sees it in the list", async ({ browser }) => {
  const admin = await openAs(browser, "admin@demo.test");
  const name = `E2E plan ${Date.now().toString(36)}`;
  try {
    await admin.goto("/admin/packages");
    await admin.getByRole("button", { name: "New plan" }).click();
    let dialog = admin.getByRole("dialog", { name: "New plan" });
    await dialog.getByLabel("Name", { exact: true }).fill(name);
    await dialog.getByLabel("Price (USD)", { exact: true }).fill("0");
    await dialog.getByRole("button", { name: "Save plan" }).click();
    await expect(dialog.getByText("Price must be above 0")).toBeVisible();
    await dialog.getByLabel("Price (USD)", { exact: true }).fill("25");
    await dialog.getByRole("button", { name: "Save plan" }).click();
    await expect(dialog).toBeHidden();
    const row = () => admin.getByRole("region", { name: "Membership plans (scrolls sideways)" }).getByRole("row", { name: new RegExp(name) });
    await expect(row()).toContainText("$25.00");

    await admin.getByRole("button", { name: `Edit ${name}` }).click();
    dialog = admin.getByRole("dialog", { name: `Edit ${name}` });
    await expect(dialog.getByLabel("Price (USD)", { exact: true })).toHaveValue("25.00");
    await dialog.getByLabel("Price (USD)", { exact: true }).fill("31.50");
    await dialog.getByRole("button", { name: "Save plan" }).click();
    await expect(dialog).toBeHidden();
    await expect(row()).toContainText("$31.50");
    await admin.reload();
    await expect(row()).toContainText("$31.50");

    // Leave no extra active plan for the other tests.
    await admin.getByRole("button", { name: `Deactivate ${name}` }).click();
    await expect(admin.getByRole("button", { name: `Activate ${name}` })).toBeVisible();
    await expect(row()).toContainText("No");
  } finally {
    await admin.context().close();
  }
});

test("the demo doctor disables and re-enables a membership option in Settings", async ({ browser }) => {
  const doctor = await openAs(browser, "doctor@demo.test");
  try {
    await doctor.goto("/settings#memberships");
    const section = doctor.getByRole("region", { name: "Memberships", exact: true });
    const card = section.getByRole("article", { name: "1-week access" });
    const offer = card.getByRole("checkbox", { name: "Offer to my patients" });
    await expect(offer).toBeChecked();
    await offer.click();
    await expect(offer).not.toBeChecked();
    await doctor.reload();
    await expect(offer).not.toBeChecked();
    await offer.click();
    await expect(offer).toBeChecked();
    await doctor.reload();
    await expect(offer).toBeChecked();
    // The patient memberships list shows the demo patient's membership.
    const members = doctor.getByRole("region", { name: "Patient memberships (scrolls sideways)" });
    await expect(members.getByRole("row").nth(1)).toContainText("$59.00");
  } finally {
    await doctor.context().close();
  }
});
