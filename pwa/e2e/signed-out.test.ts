/**
 * A sign-out the server causes says why and keeps the way back (issue 32, 01 §2): a patient blocked by an
 * admin while on their settings lands on / with the reason; after the admin unblocks them, signing in
 * returns them to the settings page, even after a reload of / in between.
 */
import { type APIRequestContext, expect, test } from "@playwright/test";
import { DEMO_PASSWORD, signIn } from "./helpers.ts";
import { scan } from "./a11y/scan.ts";

const PATIENT = "omar.reviewer@example.test";

async function asAdmin(request: APIRequestContext) {
  const res = await request.post("/api/v1/users/login", { data: { email: "admin@demo.test", password: DEMO_PASSWORD } });
  const headers = { authorization: `Bearer ${(await res.json()).result.accessToken}` };
  return async (method: string, path: string) => {
    const answer = await request.fetch(`/api/v1${path}`, { method, headers });
    expect(answer.status(), `${method} ${path}`).toBeLessThan(300);
    return (await answer.json()).result;
  };
}

test("a blocked patient is told why on /, and signing in again returns to the page they were on", async ({ page, request }) => {
  const admin = await asAdmin(request);
  const found = await admin("GET", `/users/role/patient?search=${encodeURIComponent(PATIENT)}`);
  const patientId = (found.list ?? found).find((u: { email: string }) => u.email === PATIENT)?.id as string;
  expect(patientId, "the demo reviewer patient").toBeTruthy();
  try {
    await page.goto("/");
    await signIn(page, PATIENT);
    await expect(page.getByRole("banner").getByRole("button", { name: /account menu/ })).toBeVisible();
    await page.evaluate(() => {
      history.pushState(null, "", "/settings");
      dispatchEvent(new PopStateEvent("popstate"));
    });
    await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();

    await admin("PUT", `/users/block/${patientId}`);
    // The live channel's sign-out (or the next call's refused refresh) sends the patient to / with the reason.
    await expect(page).toHaveURL(/\/$/, { timeout: 20_000 });
    const notice = page.getByRole("alert").filter({ hasText: "You were signed out." });
    await expect(notice).toContainText("An administrator blocked your account");
    await expect(notice).toContainText("Sign in to return to the page you were on.");
    await page.reload();
    await expect(notice).toContainText("An administrator blocked your account");
    // The notice passes the accessibility gate (issue 12) on a phone and a desktop.
    for (const size of [{ width: 390, height: 844 }, { width: 1280, height: 800 }]) {
      await page.setViewportSize(size);
      expect(await scan(page, `/ with the signed-out notice at ${size.width}px`, "/")).toEqual([]);
    }

    await admin("PUT", `/users/unblock/${patientId}`);
    await notice.getByRole("button", { name: "Sign in" }).click();
    await signIn(page, PATIENT);
    await expect(page).toHaveURL(/\/settings$/);
    await expect(notice).toHaveCount(0);
  } finally {
    await admin("PUT", `/users/unblock/${patientId}`).catch(() => {});
  }
});
