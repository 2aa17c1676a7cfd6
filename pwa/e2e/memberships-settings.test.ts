/**
 * Issue 13, the patient's Settings → Memberships: a new patient, made a member
 * of the demo doctor through the API with the emulator's `pm_card_visa` (the
 * join flow's own browser test covers the card screens), sees the plan and the
 * next charge, cancels at period end, sees "Active until <date>", and resumes.
 */
import { type APIRequestContext, expect, test } from "@playwright/test";
import { DEMO_PASSWORD, lastMail, signIn } from "./helpers.ts";

test.describe.configure({ timeout: 180_000 });

const usd = (cents: number) => new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(cents / 100);
const longDate = (iso: string) => new Intl.DateTimeFormat("en-US", { month: "long", day: "numeric", year: "numeric" }).format(new Date(iso));

async function api(request: APIRequestContext, method: string, path: string, token: string | null, data?: unknown) {
  const res = await request.fetch(`/api/v1${path}`, {
    method,
    data,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  expect(res.ok(), `${method} ${path}: ${res.status()} ${await res.text()}`).toBe(true);
  return (await res.json()).result;
}

/** A new, activated patient with a filled medical card, member of the demo doctor's monthly plan. */
async function newMember(request: APIRequestContext, page: import("@playwright/test").Page) {
  const stamp = Date.now();
  const email = `e2e.member.${stamp}@example.test`;
  const password = `Mb7-${stamp}-kQz`;
  const registration = await request.post("/api/v1/users", {
    data: {
      role: "patient", email, password, repeatPassword: password, firstName: "Mira", lastName: `Member${stamp % 100000}`,
      birthDate: "1988-03-02", gender: "Female", phoneNumber: "7025550190", state: "NV", city: "Reno", zip: "89501",
      address: "5 Elm St", agreements: ["terms", "privacy", "prescription"],
    },
  });
  expect(registration.status(), await registration.text()).toBe(201);
  const link = /https?:\/\/\S+\/verifyRegistration\?token=\S+/.exec((await lastMail(page, email)).text)![0];
  await api(request, "POST", "/users/verify", null, { token: new URL(link).searchParams.get("token") });
  const { accessToken: token } = await api(request, "POST", "/users/login", null, { email, password });
  await api(request, "PUT", "/patient/medicalCard", token, {
    allergiesNoSignificant: true, familyHistoryNoSignificant: true,
    socialHistory: { tobacco: "never", alcohol: "occasionally", drugs: "never" },
  });
  const doctor = await api(request, "POST", "/users/login", null, { email: "doctor@demo.test", password: DEMO_PASSWORD });
  const doctorId = doctor.user.id as string;
  const options: { planId: string; name: string; priceCents: number }[] = await api(request, "GET", `/membershipOptions/doctor/${doctorId}`, token);
  const monthly = options.find((o) => o.name === "Primary care — monthly")!;
  const joined = await api(request, "POST", "/payments/stripe/subscribe", token, {
    doctorId, planId: monthly.planId, paymentMethodId: "pm_card_visa", idempotencyKey: `e2e-settings-${stamp}`,
  });
  expect(joined.status).toBe("active");
  // The first charge becomes a transaction when the processor's webhook has been applied (the job queue).
  await expect.poll(async () => (await api(request, "GET", "/payments/transactions", token)).list.length, { timeout: 90_000 }).toBe(1);
  return { email, password, membership: joined.membership as { currentPeriodEnd: string; amountCents: number; doctorName: string } };
}

test("a member sees plan and next charge in Settings, cancels at period end, sees the end date, and resumes", async ({ page }) => {
  const { email, password, membership } = await newMember(page.request, page);
  const end = longDate(membership.currentPeriodEnd);

  await page.goto("/");
  await signIn(page, email, password);
  await expect(page).toHaveURL(/\/home$/);
  // The home page is mounted (a page opened by a sign-in mounts in a deferred render, with the header's menu).
  await expect(page.getByRole("heading", { level: 1, name: /^Welcome/ })).toBeVisible();
  // In-app navigation (a full reload would ask to unlock the device's data): the account menu, then the section's link.
  await page.getByRole("button", { name: /account menu/ }).click();
  await page.getByRole("link", { name: "Settings", exact: true }).click();
  await page.getByRole("navigation", { name: "Settings sections" }).getByRole("link", { name: "Memberships" }).click();
  const section = page.getByRole("region", { name: "Memberships" });
  const card = section.getByRole("article", { name: "Primary care — monthly" });
  await expect(card.getByRole("link", { name: `Dr. ${membership.doctorName}` })).toBeVisible();
  await expect(card.getByTestId("membership-status")).toContainText("Active");
  await expect(card.getByTestId("membership-next-charge")).toHaveText(`${usd(membership.amountCents)} on ${end}`);

  // Cancel at period end, behind a dialog that says what it means.
  await card.getByRole("button", { name: "Cancel membership" }).click();
  const dialog = page.getByRole("dialog", { name: "Cancel membership" });
  await expect(dialog.getByRole("radio", { name: `At the end of the period (${end})` })).toBeChecked();
  await expect(dialog.getByText("No refund:")).toBeVisible();
  await dialog.getByRole("button", { name: "Cancel at period end" }).click();
  await expect(dialog).toBeHidden();
  await expect(card.getByTestId("membership-status")).toContainText(`Active until ${end}`);
  await expect(card.getByTestId("membership-next-charge")).toHaveCount(0);

  // Resume: active again, charged at the period end.
  await card.getByRole("button", { name: "Resume membership" }).click();
  await expect(card.getByTestId("membership-status")).not.toContainText("Active until");
  await expect(card.getByTestId("membership-next-charge")).toHaveText(`${usd(membership.amountCents)} on ${end}`);

  // The first charge is in the payment history.
  const history = page.getByRole("region", { name: "Payment history" });
  await expect(history.getByRole("cell", { name: "Primary care — monthly membership" })).toBeVisible();
  await expect(history.getByRole("cell", { name: usd(membership.amountCents), exact: true })).toBeVisible();
});
