/**
 * The whole chart offline (issue 31): the demo doctor opens the patient list once online, so the practice's
 * panel reaches the device; then, with no network and no reload, finds the demo patient by searching the
 * device, opens the chart and reads the header and the medical card from the device, read-only.
 */
import { expect, test } from "@playwright/test";
import { DEMO_PASSWORD, signIn } from "./helpers.ts";

test.describe.configure({ timeout: 120_000 });

test("the doctor finds a patient and reads their header and medical card with no network", async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  try {
    await page.goto("/");
    await signIn(page, "doctor@demo.test", DEMO_PASSWORD);
    await expect(page.getByRole("banner").getByRole("button", { name: /account menu/ })).toBeVisible();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 20_000 })
      .catch(() => page.reload());
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);

    // Online once: the list reads the device, so seeing the patient means the panel's first pull is in.
    const nav = page.getByRole("navigation", { name: "Main" });
    await nav.getByRole("link", { name: "Patients" }).click();
    const list = page.getByRole("region", { name: "Patients" });
    await expect(list.getByRole("link", { name: /Pat Patient/ })).toBeVisible({ timeout: 30_000 });

    // No network, no reload: elsewhere in the app, then back to the list.
    await context.setOffline(true);
    await expect(page.getByRole("banner").getByRole("alert")).toContainText("You are offline");
    await nav.getByRole("link", { name: "Home" }).click();
    await nav.getByRole("link", { name: "Patients" }).click();
    await page.getByRole("searchbox", { name: "Search by name or email" }).fill("Pat");
    await list.getByRole("link", { name: /Pat Patient/ }).click();

    await expect(page.getByRole("heading", { level: 1, name: "Pat Patient" })).toBeVisible();
    const profile = page.getByRole("tabpanel", { name: "Profile" });
    await expect(profile.getByText("Saved on this device. Editing needs a connection.")).toBeVisible();
    await expect(profile.getByRole("button", { name: "Edit profile" })).toHaveCount(0);

    await page.getByRole("tab", { name: "Medical card" }).click();
    const card = page.getByRole("tabpanel", { name: "Medical card" });
    await expect(card.getByRole("region", { name: "Allergies" }).getByRole("listitem").filter({ hasText: "Penicillin" })).toBeVisible();
    await expect(card.getByRole("region", { name: "Medications" }).getByRole("listitem").filter({ hasText: "Lisinopril" })).toBeVisible();
    await expect(card.getByRole("button")).toHaveCount(0);
  } finally {
    await context.setOffline(false);
    await context.close();
  }
});
