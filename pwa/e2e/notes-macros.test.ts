/**
 * Macros in an encounter note (issue 31), under the real CSP and Trusted
 * Types: the demo doctor adds a macro, opens a new SOAP note on an encounter,
 * types the macro's shortcut in a field and presses Tab. The macro's text is
 * inserted as written (`&`, `<` and its second line kept, nothing read as
 * HTML), the focus stays in the field, and nothing is refused or logged.
 */
import { expect, type Page, test } from "@playwright/test";
import { accessTokenOf, signIn } from "./helpers.ts";

test.describe.configure({ timeout: 120_000 });

/** Calls the API as the user signed in on `page`. */
async function call<T>(page: Page, method: "GET" | "POST", path: string, data?: unknown): Promise<T> {
  const token = await accessTokenOf(page);
  const response = await page.request.fetch(`/api/v1${path}`, { method, data, headers: { Authorization: `Bearer ${token}` } });
  const body = await response.json();
  expect(body.status, `${method} ${path}: ${body.message}`).toBe("success");
  return body.result as T;
}

test("Tab after a macro's shortcut in a note field inserts its text, keeps the focus and breaks no policy", async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  // Everything the page reports: policy violations, console errors, uncaught errors.
  const problems: string[] = [];
  await page.exposeFunction("__reportCspViolation", (text: string) => problems.push(text));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => {
      (globalThis as unknown as { __reportCspViolation(t: string): void }).__reportCspViolation(
        `${e.effectiveDirective} blocked ${e.blockedURI || "inline"} (${e.sample})`,
      );
    });
  });
  page.on("console", (message) => {
    if (message.type() === "error" || /Trusted Type|TrustedHTML|Content Security Policy/i.test(message.text())) {
      problems.push(`console ${message.type()}: ${message.text()}`);
    }
  });
  page.on("pageerror", (error) => problems.push(`error: ${error.message}`));
  try {
    const stamp = Date.now();
    const shortcut = `;fu${stamp % 100_000}`;
    await page.goto("/");
    await signIn(page, "doctor@demo.test");
    await expect(page).toHaveURL(/\/home$/);
    // The on-device data key is made from the password before the first full page load.
    await page.waitForFunction(() => sessionStorage.getItem("dpc.localData.tab") !== null);

    // A macro of the practice and an encounter of the demo patient, through the API.
    await call(page, "POST", "/doctorMacros", { shortcut, text: "Follow up in 2 weeks & recheck BP <140/90.\nCall if worse." });
    const patients = await call<{ list: { id: string; email: string }[] }>(page, "POST", "/doctorPatients/list", {
      offset: 0,
      limit: 100,
      filter: { search: "Patient" },
    });
    const patientId = patients.list.find((p) => p.email === "patient@demo.test")!.id;
    const encounter = await call<{ id: string }>(page, "POST", `/encounters/${patientId}`, {
      type: "office",
      reason: `Macro check ${stamp}`,
      datetime: new Date().toISOString(),
    });

    // A new SOAP note (a type every practice starts with) on that encounter.
    await page.goto(`/doctor/patients/${patientId}/encounters/${encounter.id}`);
    await page.getByRole("button", { name: "New note" }).click();
    const dialog = page.getByRole("dialog", { name: "New note" });
    await dialog.getByLabel("Note type").selectOption({ label: "SOAP note" });
    await dialog.getByRole("button", { name: "Create note" }).click();
    await expect(dialog).toBeHidden();
    const note = page.getByRole("article", { name: "SOAP note" });
    const plan = note.getByRole("textbox", { name: "Plan" });
    await expect(note.getByRole("status")).toHaveText("Synced");

    // The shortcut typed after a word: the field offers the macro (it has reached the device), Tab takes it.
    await plan.click();
    await page.keyboard.type(`Plan: ${shortcut}`);
    await expect(note.getByText(`Tab inserts ${shortcut}: Follow up in 2 weeks`)).toBeVisible({ timeout: 20_000 });
    await page.keyboard.press("Tab");
    await expect(plan.locator("p")).toHaveText(["Plan: Follow up in 2 weeks & recheck BP <140/90.", "Call if worse."]);
    await expect(plan).toBeFocused();
    // The caret is after the inserted text: typing goes on from there.
    await page.keyboard.type(" Done.");
    await expect(plan.locator("p").last()).toHaveText("Call if worse. Done.");
    await expect(plan).not.toContainText(shortcut);
    expect(problems).toEqual([]);
  } finally {
    await context.close();
  }
});
