/**
 * Issue 13's browser test: a new patient opens the demo doctor's profile, is
 * refused with a declined card, then joins the monthly membership with the
 * 3-D Secure test card (the card goes to the Stripe-API emulator, its challenge
 * page is completed in the frame), lands as a member, and finds the card in
 * Settings → Payment methods. On the way, axe checks what the accessibility sweep's entries cannot reach
 * (pwa/e2e/a11y.test.ts opens a dialog by one button only): the landing page's homepage plans once loaded, the
 * upgrade dialog a 402 opens, the join flow's card step and its "You are now a member" step.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { lastMail, signIn } from "./helpers.ts";

test.describe.configure({ timeout: 120_000 });

const PASSWORD = "e2e-member-secret";

/** Serious and critical WCAG 2.1 A/AA findings on the page as it is (the sweep's rules, pwa/e2e/a11y.test.ts). */
async function seriousFindings(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  return violations.filter((v) => v.impact === "serious" || v.impact === "critical")
    .flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(" ")}`));
}

/** In-app navigation (what a link does): a reload would ask to unlock the device's data again. */
async function navigate(page: Page, path: string) {
  await page.evaluate((to) => {
    history.pushState(null, "", to);
    dispatchEvent(new PopStateEvent("popstate"));
  }, path);
}

async function registerPatient(page: Page, email: string) {
  await page.goto("/");
  // The landing page's "Memberships": the demo's homepage plans (the primary care ones), loaded after the page.
  const homePlans = page.getByRole("region", { name: "Memberships" });
  await expect(homePlans.getByRole("listitem", { name: "Primary care — monthly" })).toContainText("$59.00 every month");
  expect(await seriousFindings(page), "landing page with its homepage plans").toEqual([]);
  await page.getByRole("banner").getByRole("button", { name: "Join" }).click();
  const form = page.getByRole("form", { name: "Create an account" });
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await form.getByLabel("Repeat password").fill(PASSWORD);
  await form.getByLabel("First name").fill("Mina");
  await form.getByLabel("Last name").fill("Member");
  await form.getByLabel("Birth date").fill("1988-03-09");
  await form.getByLabel("Gender").selectOption("Female");
  await form.getByLabel("Phone number").fill("(702) 555-0188");
  await form.getByLabel("State").selectOption("NV");
  await form.getByLabel("City").fill("Henderson");
  await form.getByLabel("Zip code").fill("89002");
  await form.getByLabel("Street address").fill("40 Horizon Ridge Pkwy");
  for (const box of await form.getByRole("checkbox").all()) await box.check();
  await form.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByText("open it to activate your account")).toBeVisible();
  const link = /https?:\/\/\S+\/verifyRegistration\?token=\S+/.exec((await lastMail(page, email)).text)![0];
  await page.goto(new URL(link).pathname + new URL(link).search);
  await expect(page.getByText("Your account is active")).toBeVisible();
  await signIn(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/fillProfile$/);
  // The medical card every new patient fills first.
  await page.getByLabel("No known allergies").check();
  await page.getByLabel("Nothing significant").check();
  await page.getByLabel("Tobacco").selectOption("never");
  await page.getByLabel("Alcohol").selectOption("occasionally");
  await page.getByLabel("Recreational drugs").selectOption("never");
  await page.getByRole("button", { name: "Save medical card" }).click();
  await expect(page).toHaveURL(/\/home$/);
}

test("a new patient joins the demo doctor's membership with the 3-D Secure test card lands as a member, then cancels at period end and sees the end date", async ({ page }) => {
  const email = `e2e.member.${Date.now()}@example.test`;
  await registerPatient(page, email);

  const doctors = await (await page.request.get("/api/v1/doctors?search=Hopper")).json();
  const doctorId = doctors.result.list[0].id as string;
  await navigate(page, `/profile/${doctorId}`);
  await expect(page.getByRole("heading", { level: 1, name: "Dr. Grace Hopper" })).toBeVisible();
  const monthly = page.getByRole("listitem", { name: "Primary care — monthly" });
  await expect(monthly).toContainText("$59.00 every month");
  await expect(page.getByRole("listitem", { name: "Primary care — 3 months" })).toContainText("$147.00 every 3 months");

  // Booking before joining: the 402 "Subscription required" opens the upgrade dialog (the join flow for this doctor).
  await page.getByRole("button", { name: "Book a consultation" }).click();
  const booking = page.getByRole("form", { name: "Book a consultation" });
  await booking.locator(".slot-day__list button").first().click();
  await booking.getByLabel("Reason for the consultation").fill("A question before joining");
  await booking.getByRole("button", { name: "Request consultation" }).click();
  const upgrade = page.getByRole("dialog");
  await expect(upgrade).toContainText("This needs an active membership with this doctor.");
  await expect(upgrade.getByRole("radio", { name: /Primary care — monthly/ })).toBeVisible();
  expect(await seriousFindings(page), "upgrade dialog on a 402").toEqual([]);
  await page.keyboard.press("Escape");
  await expect(upgrade).toBeHidden();

  await monthly.getByRole("button", { name: "Join with Primary care — monthly" }).click();
  const dialog = page.getByRole("dialog", { name: "Join Dr. Grace Hopper's practice" });
  // No saved card yet: the card module's form, straight to the emulator.
  const card = dialog.getByRole("form", { name: "New card" });
  await expect(card.getByLabel("Card number")).toBeVisible();
  expect(await seriousFindings(page), "join flow: card step").toEqual([]);
  const useCard = async (number: string) => {
    await card.getByLabel("Card number").fill(number);
    await card.getByLabel("Expiry (MM/YY)").fill("12/34");
    await card.getByLabel("CVC").fill("123");
    await card.getByRole("button", { name: "Use this card" }).click();
    await expect(dialog.getByRole("heading", { name: "2. Confirm" })).toBeVisible();
    await dialog.getByRole("button", { name: /^(Pay \$59\.00 and join|Start membership)$/ }).click();
  };
  // A declined card first: the processor's message in the dialog, nothing else opens.
  await useCard("4000 0000 0000 0002");
  await expect(dialog.getByTestId("join-error")).toHaveText("Your card was declined.");
  await expect(page.getByRole("dialog", { name: "A membership is needed" })).toHaveCount(0);
  await dialog.getByRole("button", { name: "Back" }).click();
  await useCard("4000 0027 6000 3184");

  // The bank's challenge (the emulator's page) in the frame.
  await expect(dialog.getByRole("heading", { name: "Confirm with your bank" })).toBeVisible();
  const bank = page.frameLocator('iframe[title="Card authentication by your bank"]');
  await bank.getByRole("button", { name: "Complete authentication" }).click();
  await expect(dialog.getByRole("heading", { name: "You are now a member" })).toBeVisible();
  await expect(dialog.getByTestId("member-plan")).toHaveText("Primary care — monthly with Dr. Grace Hopper.");
  await expect(dialog.getByTestId("member-next-charge")).toContainText("Next charge: $59.00 on ");
  expect(await seriousFindings(page), "join flow: You are now a member").toEqual([]);

  await dialog.getByRole("link", { name: "Manage your membership in Settings" }).click();
  await expect(page).toHaveURL(/\/settings#my-membership$/);
  const saved = page.getByRole("region", { name: "Payment methods" }).getByRole("listitem", { name: "Visa ending in 3184" });
  await expect(saved).toBeVisible();
  await expect(saved).toContainText("Default");
  await expect(saved).toContainText("Expires 12/34");

  // Settings → Memberships: the plan, then cancelled at period end with the end date shown.
  const plan = page.getByRole("region", { name: "Memberships" }).getByRole("article", { name: "Primary care — monthly" });
  await expect(plan.getByTestId("membership-status")).toContainText("Active");
  const nextCharge = (await plan.getByTestId("membership-next-charge").textContent()) ?? "";
  const end = /on (.+)$/.exec(nextCharge)?.[1];
  expect(end, nextCharge).toBeTruthy();
  await plan.getByRole("button", { name: "Cancel membership" }).click();
  const cancel = page.getByRole("dialog", { name: "Cancel membership" });
  await cancel.getByRole("button", { name: "Cancel at period end" }).click();
  await expect(cancel).toBeHidden();
  await expect(plan.getByTestId("membership-status")).toContainText(`Active until ${end}`);

  // Back on the profile: a member, no join buttons.
  await navigate(page, `/profile/${doctorId}`);
  await expect(page.getByTestId("profile-membership")).toHaveText("You are a member: Primary care — monthly.");
  await expect(page.getByRole("button", { name: /^Join with/ })).toHaveCount(0);
});
