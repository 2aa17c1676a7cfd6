import { expect, test } from "@playwright/test";
import { DEMO_PASSWORD, lastMail, signIn } from "./helpers.ts";

test("a new patient registers, activates from the mailed link, signs in and lands on /fillProfile", async ({ page }) => {
  const email = `e2e.${Date.now()}@example.test`;
  await page.goto("/");
  await page.getByRole("banner").getByRole("button", { name: "Join" }).click();
  const form = page.getByRole("form", { name: "Create an account" });
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Password", { exact: true }).fill("e2e-secret");
  await form.getByLabel("Repeat password").fill("e2e-secret");
  await form.getByLabel("First name").fill("Erin");
  await form.getByLabel("Last name").fill("Tester");
  await form.getByLabel("Birth date").fill("1990-05-17");
  await form.getByLabel("Gender").selectOption("Female");
  await form.getByLabel("Phone number").fill("(702) 555-0142");
  await form.getByLabel("State").selectOption("NV");
  await form.getByLabel("City").fill("Henderson");
  await form.getByLabel("Zip code").fill("89002");
  await form.getByLabel("Street address").fill("12 Lake Mead Pkwy");
  for (const box of await form.getByRole("checkbox").all()) await box.check();
  await form.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByText("open it to activate your account")).toBeVisible();

  const mail = await lastMail(page, email);
  expect(mail.subject).toContain("Activate");
  const link = /https?:\/\/\S+\/verifyRegistration\?token=\S+/.exec(mail.text)?.[0];
  expect(link).toBeTruthy();
  await page.goto(new URL(link!).pathname + new URL(link!).search);
  await expect(page.getByText("Your account is active")).toBeVisible();
  // The sign-in dialog opens by itself after activation.
  await expect(page.getByRole("dialog", { name: "Sign in" })).toBeVisible();
  await signIn(page, email, "e2e-secret");
  await expect(page).toHaveURL(/\/fillProfile$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Tell us about your health");
});

const HOMES = [
  ["admin@demo.test", /\/admin$/],
  ["doctor@demo.test", /\/home$/],
  ["vma@demo.test", /\/messages$/],
  ["patient@demo.test", /\/home$/],
] as const;

for (const [email, home] of HOMES) {
  test(`${email} signs in and lands on its home path`, async ({ page }) => {
    await page.goto("/");
    await signIn(page, email, DEMO_PASSWORD);
    await expect(page).toHaveURL(home);
    // A reload keeps the session (sign-in by the stored token).
    await page.reload();
    await expect(page).toHaveURL(home);
  });
}

test("a wrong password shows the server's message beside the form", async ({ page }) => {
  await page.goto("/");
  await signIn(page, "patient@demo.test", "not-the-password");
  await expect(page.getByRole("form", { name: "Sign in" }).getByText("Email or password mismatch")).toBeVisible();
});

test("a wrong-role route sends the user to /", async ({ page }) => {
  await page.goto("/");
  await signIn(page, "patient@demo.test");
  await expect(page).toHaveURL(/\/home$/);
  await page.goto("/admin/providers");
  await expect(page).toHaveURL(/\/$/);
  await page.goto("/doctor/patients");
  await expect(page).toHaveURL(/\/$/);
});

test("a guest on a signed-in route goes to /, and an unknown path shows the not-found page with 404", async ({ page }) => {
  await page.goto("/settings");
  await expect(page).toHaveURL(/\/$/);
  const res = await page.goto("/no/such/page");
  expect(res?.status()).toBe(404);
  await expect(page).toHaveTitle(/Page not found/);
});
