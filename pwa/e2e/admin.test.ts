/**
 * Administration end to end on the demo practice: a doctor's application from
 * registration (payout account connected through the Stripe-API emulator's onboarding) to the doctors list, a patient's review changing the rating, and
 * a CSV report matching the screen.
 */
import { expect, type Page, test } from "@playwright/test";
import { readFileSync } from "node:fs";
import { followNav, lastMail, signIn, unlockWhenAsked } from "./helpers.ts";
import { makePng } from "./png.ts";

const NO_PAYOUT = "This account can't be approved because it has no Stripe account connected.";

/** Signs in and opens a page through the main navigation (a full reload would ask to unlock the device's data). */
async function goAs(page: Page, email: string, navLink: string) {
  await page.goto("/");
  await signIn(page, email);
  await expect(page).not.toHaveURL(/\/$/);
  await nav(page, navLink);
}
const nav = (page: Page, name: string) => followNav(page, name);

test("a new doctor registers, the admin approves with a 15 % commission, the doctor is listed", async ({ page }) => {
  const stamp = Date.now();
  const email = `e2e.doctor.${stamp}@example.test`;
  const lastName = `Okafor${stamp % 100000}`;
  const password = `Hv8-${stamp}-qZp`;
  // The registration call of the sign-up form (multipart with the signature image).
  const registration = await page.request.post("/api/v1/users", {
    multipart: {
      role: "doctor", email, password, repeatPassword: password, firstName: "Ngozi", lastName, birthDate: "1978-09-12",
      gender: "Female", phoneNumber: "7025550177", state: "NV", city: "Reno", zip: "89501", address: "9 Clinic Way",
      agreements: JSON.stringify(["terms", "privacy", "prescription"]), npi: "1245319599", dea: "BO1234563",
      fax: "7025550178", timezone: "America/Los_Angeles", specialty: "Internal medicine", licensedStates: JSON.stringify(["NV", "CA"]),
      sign: { name: "sign.png", mimeType: "image/png", buffer: makePng(40, 20, [20, 20, 120]) },
    },
  });
  expect(registration.status()).toBe(201);
  const link = /https?:\/\/\S+\/verifyRegistration\?token=\S+/.exec((await lastMail(page, email)).text)![0];
  await page.goto(new URL(link).pathname + new URL(link).search);
  await expect(page.getByText("Your account is active")).toBeVisible();

  // The admin finds the application with every field the doctor submitted.
  await goAs(page, "admin@demo.test", "Providers");
  await expect(page.getByRole("heading", { level: 1, name: "Providers" })).toBeVisible();
  await page.getByLabel("Search by name, email or NPI").fill(email);
  await page.getByRole("button", { name: "Search" }).click();
  const card = page.getByRole("article", { name: new RegExp(`Ngozi ${lastName}`) });
  await expect(card.getByText("1245319599")).toBeVisible();
  await expect(card.getByText("Valid format")).toBeVisible();
  await expect(card.getByText("BO1234563")).toBeVisible();
  await expect(card.getByText("NV, CA")).toBeVisible();
  await expect(card.getByText("Internal medicine")).toBeVisible();
  await expect(card.getByRole("img", { name: `Signature of Ngozi ${lastName}` })).toBeVisible();

  // Without a payout account the approval is refused with the catalogue's message.
  await card.getByRole("button", { name: `Approve Ngozi ${lastName}` }).click();
  let dialog = page.getByRole("dialog", { name: `Approve Ngozi ${lastName}` });
  await dialog.getByLabel("Commission (%)").fill("15");
  await dialog.getByRole("button", { name: "Approve" }).click();
  await expect(dialog.getByText(NO_PAYOUT, { exact: true })).toBeVisible();
  await dialog.getByRole("button", { name: "Cancel" }).click();

  // The doctor connects a payout account through the Stripe-API emulator's onboarding page and comes back to /stripe/connected.
  const doctorContext = await page.context().browser()!.newContext();
  try {
    const doctor = await doctorContext.newPage();
    await unlockWhenAsked(doctor, password);
    await doctor.goto("/");
    await signIn(doctor, email, password);
    // Signed in, the new doctor is sent to the first step of the path (no URL typed), which says what follows.
    await expect(doctor).toHaveURL(/\/stripe\/connect$/);
    const steps = doctor.getByRole("region", { name: "Opening your practice" });
    await expect(steps.getByRole("listitem")).toHaveText([/Application sent/, /Connect your payout account/, /Review by an administrator/, /Your practice opens/]);
    await expect(steps.locator("[aria-current=step]")).toContainText("Connect your payout account");
    await doctor.screenshot({ path: "/tmp/dpc-e2e-results/onboarding-connect.png", fullPage: true });
    // Settings stay open (a failed connection offers them); the practice's sections say why they wait.
    await doctor.getByRole("button", { name: /account menu/ }).click();
    await doctor.getByRole("link", { name: "Settings", exact: true }).click();
    await expect(doctor).toHaveURL(/\/settings/);
    await expect(doctor.getByRole("region", { name: "Macros" })).toContainText("Available once your application is approved");
    await doctor.getByRole("region", { name: "Macros" }).getByRole("link", { name: "Connect your payout account" }).click();
    await expect(doctor).toHaveURL(/\/stripe\/connect$/);
    await doctor.getByRole("button", { name: "Connect payout account" }).click();
    await expect(doctor.getByRole("heading", { name: "Set up your payout account" })).toBeVisible();
    await doctor.getByRole("button", { name: "Complete onboarding" }).click();
    await expect(doctor).toHaveURL(/\/stripe\/connected\?state=/);
    await expect(doctor.getByRole("status").filter({ hasText: "Your payout account is connected and active." })).toBeVisible();
    // What happens next: the review; the application's page says the same.
    await doctor.getByRole("link", { name: "See your application" }).click();
    await expect(doctor).toHaveURL(/\/profile$/);
    const status = doctor.getByRole("region", { name: "Your application is under review" });
    await expect(status.locator("[aria-current=step]")).toContainText("Review by an administrator");
    await expect(status.getByRole("listitem").nth(1)).toContainText("(Done)");
    // The signature sent at registration is on the profile, and the doctor replaces it (PUT /doctors/sign).
    await expect(doctor.getByRole("img", { name: "Your signature" })).toBeVisible();
    await doctor.getByLabel("Signature image").setInputFiles({ name: "notes.png", mimeType: "image/png", buffer: Buffer.from("not an image") });
    // Named .png, not an image: said to be damaged (issue 32), not of a wrong type.
    await expect(doctor.getByRole("alert").filter({ hasText: "This PNG file is damaged" })).toBeVisible();
    await doctor.getByLabel("Signature image").setInputFiles({ name: "new-sign.png", mimeType: "image/png", buffer: makePng(60, 24, [120, 20, 20]) });
    await expect(doctor.getByText("Signature saved")).toBeVisible();
    await expect(doctor.getByRole("img", { name: "Your signature" })).toBeVisible();
    await doctor.setViewportSize({ width: 390, height: 844 });
    await doctor.screenshot({ path: "/tmp/dpc-e2e-results/onboarding-profile-phone.png", fullPage: true });
  } finally {
    await doctorContext.close();
  }

  await nav(page, "Dashboard");
  await nav(page, "Providers");
  await page.getByLabel("Search by name, email or NPI").fill(email);
  await page.getByRole("button", { name: "Search" }).click();
  await expect(card.getByText("Connected", { exact: true })).toBeVisible();
  await card.getByRole("button", { name: `Approve Ngozi ${lastName}` }).click();
  dialog = page.getByRole("dialog", { name: `Approve Ngozi ${lastName}` });
  await dialog.getByLabel("Commission (%)").fill("15");
  await dialog.getByRole("button", { name: "Approve" }).click();
  await expect(dialog).toBeHidden();
  await page.getByLabel("Show").selectOption("approved");
  await page.getByLabel("Search by name, email or NPI").fill(email);
  await page.getByRole("button", { name: "Search" }).click();
  await expect(card.getByText("15 %")).toBeVisible();

  // The doctor is in the public doctors list.
  await page.getByRole("button", { name: /account menu/ }).click();
  await page.getByRole("button", { name: "Log out" }).click();
  await expect(page.getByRole("banner").getByRole("button", { name: "Log in" })).toBeVisible();
  await nav(page, "Doctors");
  await expect(page.getByRole("link", { name: new RegExp(lastName) })).toBeVisible();
});

test("a patient reviews their doctor after a finished consultation and the rating changes", async ({ page }) => {
  await goAs(page, "patient@demo.test", "Doctors");
  await page.getByRole("link", { name: /Grace Hopper/ }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: /Grace Hopper/ })).toBeVisible();
  // The seed: one visible review of 4 stars.
  await expect(page.getByText("4.0 of 5", { exact: true })).toBeVisible();
  // The reviews promised on the landing page are on the profile (issue 32).
  const reviews = page.getByRole("region", { name: "Reviews" });
  await expect(reviews).toContainText("4.0 of 5 · 1 review");
  const form = page.getByRole("form", { name: /Review Dr. Grace Hopper/ });
  await form.getByLabel("5 stars").check();
  await form.getByLabel("Comment (optional)").fill("Thorough and kind.");
  await form.getByRole("button", { name: "Send review" }).click();
  await expect(page.getByRole("heading", { name: "Your review" })).toBeVisible();
  await expect(page.getByText("4.5 of 5", { exact: true })).toBeVisible();
  await expect(reviews).toContainText("4.5 of 5 · 2 reviews");
  await expect(reviews.getByRole("listitem").first()).toContainText("Thorough and kind.");
});

test("the admin downloads a CSV report whose rows match the screen", async ({ page }) => {
  await goAs(page, "admin@demo.test", "Reports");
  await expect(page.getByRole("heading", { level: 1, name: "Reports" })).toBeVisible();
  const table = page.getByRole("table", { name: "Report preview" });
  await expect(table.getByRole("row").nth(1)).toBeVisible();
  const screenRows = await table.getByRole("row").evaluateAll((rows) =>
    rows.map((row) => Array.from(row.querySelectorAll("th, td")).map((cell) => (cell.textContent ?? "").trim()).join(","))
  );
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Download CSV" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^report-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync((await download.path())!, "utf8").replace(/^\uFEFF/, "");
  const fileRows = csv.trim().split("\r\n");
  expect(fileRows).toEqual(screenRows);
});

test("the admin reads analytics as charts and as tables", async ({ page }) => {
  await goAs(page, "admin@demo.test", "Analytics");
  await expect(page.getByRole("heading", { level: 1, name: "Analytics" })).toBeVisible();
  const signups = page.getByRole("region", { name: "Sign-ups by role" });
  await expect(signups.locator("svg.recharts-surface").first()).toBeVisible();
  await signups.getByText("Show the figures as a table").click();
  const table = signups.getByRole("table");
  await expect(table.getByRole("columnheader", { name: "Patients" })).toBeVisible();
  // The demo practice's patients all signed up within the default 90 days.
  const total = await table.locator("tfoot td").first().textContent();
  expect(Number(total)).toBeGreaterThan(0);
  await page.getByLabel("Granularity").selectOption("month");
  // Commerce is charted too (issue 32: "not charted yet"): revenue in money.
  const revenue = page.getByRole("region", { name: "Revenue and platform fees" });
  await expect(revenue.locator("svg.recharts-surface").first()).toBeVisible();
  await expect(page.getByRole("region", { name: "Memberships started and churned" })).toBeVisible();
  await expect(page.getByText(/not charted yet/)).toHaveCount(0);
});
