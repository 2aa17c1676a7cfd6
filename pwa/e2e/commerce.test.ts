/**
 * Issue 14's browser test: the demo doctor connects the payout account through
 * the Stripe-API emulator's own onboarding page and sees it active; the demo
 * patient buys the imaging referral with the 20 % promo code SPRING20 (seeded)
 * and the doctor sees the net amount (after the 15 % commission) in the balance;
 * the admin refunds part of that charge on /admin/transactions with a reason
 * and the doctor's balance loses the reversed share; the admin's ledger agrees with
 * the processor to the cent.
 */
import AxeBuilder from "@axe-core/playwright";
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { accessTokenOf, DEMO_PASSWORD, openAs } from "./helpers.ts";

test.describe.configure({ timeout: 120_000 });

/** Serious and critical WCAG 2.1 A/AA findings on the page as it is (the sweep's rules, pwa/e2e/a11y.test.ts). */
async function seriousFindings(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  return violations.filter((v) => v.impact === "serious" || v.impact === "critical")
    .flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(" ")}`));
}

const usd = (cents: number) => new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(cents / 100);

/** Where each person lands after signing in. */
const HOME = /\/(home|admin)$/;

/** Membership states in which a patient pays the members' price (edge: memberships repo `isMember`). */
const MEMBER_STATUSES = new Set(["active", "trialing", "pastDue", "cancelled"]);

/** Whether the demo patient is a member of their doctor's practice now (other tests may have made them one). */
async function demoPatientIsMember(request: APIRequestContext): Promise<boolean> {
  const login = await request.post("/api/v1/users/login", { data: { email: "patient@demo.test", password: DEMO_PASSWORD } });
  expect(login.ok()).toBe(true);
  const { accessToken, user } = (await login.json()).result as { accessToken: string; user: { doctor: { id: string } | null } };
  const res = await request.get("/api/v1/payments/stripe/subscribe", { headers: { authorization: `Bearer ${accessToken}` } });
  expect(res.ok()).toBe(true);
  const memberships = (await res.json()).result as { doctorId: string; status: string }[];
  return memberships.some((m) => m.doctorId === user.doctor?.id && MEMBER_STATUSES.has(m.status));
}

test("the doctor connects a payout account through the emulator's onboarding; a patient buys the imaging referral with a 20 % promo code; the doctor's balance shows the net; the admin refunds part of it", async ({ browser, request }) => {
  const doctor = await openAs(browser, "doctor@demo.test", HOME);
  const patient = await openAs(browser, "patient@demo.test", HOME);
  const admin = await openAs(browser, "admin@demo.test", HOME);
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
    await form.getByLabel("How long have you had these symptoms?").fill("two weeks");
    await form.getByLabel("Promo code").fill("spring20");
    await form.getByRole("button", { name: "Apply" }).click();
    await expect(form.getByTestId("coupon-applied")).toHaveText("SPRING20: 20% off");
    await expect(form.getByTestId("service-price")).toContainText(`${usd(4720)} (was ${usd(5900)})`);
    // Members pay $30.00, others $59.00 (the seeded prices); SPRING20 takes 20 % off the one that applies.
    const paid = (await demoPatientIsMember(request)) ? 2400 : 4720;
    // Pay sits below the card entry, outside the request form (it submits it through its `form` attribute).
    await patient.getByRole("button", { name: "Pay" }).click();
    await expect(patient.getByTestId("purchase-paid")).toHaveText(`You paid ${usd(paid)}.`);
    const net = paid - Math.floor((paid * 15 + 50) / 100);

    // 3. The doctor sees the net in the balance (pending until the processor makes it available).
    await doctor.reload();
    const cents = (s: string | null) => Math.round(Number((s ?? "").replace(/[^0-9.]/g, "")) * 100);
    await expect(async () => {
      expect(cents(await doctor.getByTestId("balance-pending").textContent()) - cents(pendingBefore)).toBe(net);
    }).toPass();
    await expect(doctor.getByRole("table").getByRole("cell", { name: usd(net), exact: true }).first()).toBeVisible();

    // 4. The admin refunds $10.00 of that charge with a reason and sees the refunded amount.
    // The processor takes a reversal from the doctor's balance at once (available, which may go below zero).
    const total = async () =>
      cents(await doctor.getByTestId("balance-available").textContent()) * ((await doctor.getByTestId("balance-available").textContent())!.includes("-") ? -1 : 1) +
      cents(await doctor.getByTestId("balance-pending").textContent());
    const beforeRefund = await total();
    await admin.goto("/admin/transactions");
    await admin.getByLabel("Type").selectOption("service");
    const row = admin.getByRole("row").filter({ hasText: "Imaging referral" }).filter({ hasText: usd(paid) }).first();
    await row.getByRole("button", { name: /^Refund .*'s Imaging referral$/ }).click();
    const dialog = admin.getByRole("dialog", { name: "Refund" });
    await dialog.getByLabel("Amount (USD)").fill("10.00");
    await dialog.getByLabel("Reason").fill("The patient asked for one view only");
    await dialog.getByRole("button", { name: "Refund" }).click();
    await expect(dialog).toBeHidden();
    const refundedRow = admin.getByRole("row").filter({ hasText: "Imaging referral" }).filter({ hasText: usd(paid) }).first();
    await expect(refundedRow.getByRole("cell", { name: usd(1000), exact: true })).toBeVisible();

    // 5. The doctor's balance: the reversed share ($10.00 × net / paid, to the cent) is gone.
    const reversed = Math.round((1000 * net) / paid);
    await doctor.reload();
    await expect(async () => {
      expect(beforeRefund - (await total())).toBe(reversed);
    }).toPass();

    // 6. The admin's ledger: our records and the processor's (charges, application fees and their refunds, transfers
    // and their reversals, the doctors' accounts) agree to the cent after the promo-code purchase and the partial refund.
    await admin.getByRole("button", { name: "Check the ledger" }).click();
    await expect(admin.getByTestId("ledger-verdict")).toHaveText(/^Agrees with the processor to the cent \(\d+ charges?\)\.$/, { timeout: 30_000 });
  } finally {
    await doctor.context().close();
    await patient.context().close();
    await admin.context().close();
  }
});

test("a card needing 3-D Secure: the patient completes the bank's check on the emulator's page in the frame, then the purchase is paid", async ({ browser }) => {
  const patient = await openAs(browser, "patient@demo.test", HOME);
  try {
    // A saved card that asks for 3-D Secure on every on-session payment (test card 4000 0027 6000 3184).
    const token = await accessTokenOf(patient);
    const added = await patient.request.post("/api/v1/stripe/account/paymentMethods", {
      headers: { authorization: `Bearer ${token}` }, data: { paymentMethodId: "pm_card_authenticationRequired" },
    });
    expect(added.status()).toBe(201);
    const card = (await added.json()).result as { id: string };

    await patient.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Orders" }).click();
    await patient.getByRole("button", { name: "Request Imaging referral" }).click();
    const form = patient.getByRole("form", { name: "Imaging referral" });
    await form.getByLabel("Body part to image").fill("right shoulder");
    await form.getByLabel("Card").selectOption(card.id);
    expect(await seriousFindings(patient)).toEqual([]);
    await patient.getByRole("button", { name: "Pay" }).click();

    await expect(patient.getByRole("heading", { name: "Confirm the payment with your bank" })).toBeFocused();
    // Not completed yet: the processor still waits for the patient, and nothing is paid.
    await patient.getByRole("button", { name: "I have completed the check" }).click();
    await expect(patient.getByRole("status").filter({ hasText: "Your bank is still waiting" })).toBeVisible();
    expect(await seriousFindings(patient)).toEqual([]);
    // The bank's challenge (the emulator's page) in the frame the CSP allows; the step then asks the edge.
    const bank = patient.frameLocator('iframe[title="Card authentication by your bank"]');
    await bank.getByRole("button", { name: "Complete authentication" }).click();
    await expect(patient.getByRole("heading", { name: "Thank you" })).toBeVisible();
    // The step answers a payment waiting for the bank itself: the app-wide notice never covered it.
    await expect(patient.getByRole("dialog", { name: "Your bank needs a confirmation" })).toHaveCount(0);
    await expect(patient.getByTestId("purchase-paid")).toHaveText(/^You paid \$\d+\.\d{2}\.$/);
    // The request is listed with the answer.
    await expect(patient.getByRole("listitem").filter({ hasText: "right shoulder" }).first()).toBeVisible();
  } finally {
    await patient.context().close();
  }
});
