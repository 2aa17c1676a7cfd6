/**
 * Issue 14's browser test: the demo doctor connects the payout account through
 * the Stripe-API emulator's own onboarding page and sees it active; the demo
 * patient buys the imaging referral with the 20 % promo code SPRING20 (seeded)
 * and the doctor sees the net amount (after the 15 % commission) in the balance.
 */
import { type Browser, expect, type Page, test } from "@playwright/test";
import { signIn } from "./helpers.ts";

test.describe.configure({ timeout: 120_000 });

const usd = (cents: number) => new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(cents / 100);

async function openAs(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto("/");
  await signIn(page, email);
  await expect(page).toHaveURL(/\/home$/);
  return page;
}

test("the doctor connects a payout account through the emulator's onboarding; a patient buys the imaging referral with a 20 % promo code; the doctor's balance shows the net", async ({ browser }) => {
  const doctor = await openAs(browser, "doctor@demo.test");
  const patient = await openAs(browser, "patient@demo.test");
  try {
    // 1. Onboarding through the processor's page (the emulator's), back to /stripe/connected.
    await doctor.goto("/stripe/connect");
    await doctor.getByRole("button", { name: "Connect payout account" }).click();
    await expect(doctor.getByRole("heading", { name: "Set up your payout account" })).toBeVisible();
    await doctor.getByRole("button", { name: "Complete onboarding" }).click();
    await expect(doctor).toHaveURL(/\/stripe\/connected\?state=/);
    await expect(doctor.getByRole("status").filter({ hasText: "Your payout account is connected and active." })).toBeVisible();
    await doctor.goto("/transactions");
    await expect(doctor.getByText("Payout account active")).toBeVisible();
    const pendingBefore = await doctor.getByTestId("balance-pending").textContent();

    // 2. The patient buys the imaging referral with SPRING20.
    await patient.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Orders" }).click();
    await patient.getByRole("button", { name: "Request Imaging referral" }).click();
    const form = patient.getByRole("form", { name: "Imaging referral" });
    await form.getByLabel("Body part to image").fill("left knee");
    await form.getByLabel("Promo code").fill("spring20");
    await form.getByRole("button", { name: "Apply" }).click();
    await expect(form.getByTestId("coupon-applied")).toHaveText("SPRING20: 20% off");
    await expect(form.getByTestId("service-price")).toContainText(`${usd(4720)} (was ${usd(5900)})`);
    await form.getByRole("button", { name: "Pay" }).click();
    const paidText = await patient.getByTestId("purchase-paid").textContent();
    const paid = Math.round(Number(paidText!.replace(/[^0-9.]/g, "").replace(/\.$/, "")) * 100);
    // Members pay $30.00, others $59.00; 20 % off either.
    expect([2400, 4720]).toContain(paid);
    const net = paid - Math.floor((paid * 15 + 50) / 100);

    // 3. The doctor sees the net in the balance (pending until the processor makes it available).
    await doctor.reload();
    const cents = (s: string | null) => Math.round(Number((s ?? "").replace(/[^0-9.]/g, "")) * 100);
    await expect(async () => {
      expect(cents(await doctor.getByTestId("balance-pending").textContent()) - cents(pendingBefore)).toBe(net);
    }).toPass();
    await expect(doctor.getByRole("table").getByRole("cell", { name: usd(net), exact: true }).first()).toBeVisible();
  } finally {
    await doctor.context().close();
    await patient.context().close();
  }
});
