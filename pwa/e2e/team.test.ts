/**
 * Issue 17's practice team in the browser, each person on their own device: the
 * demo doctor invites a new VMA and adds a macro in Settings; the VMA sets a
 * password from the demo outbox's link, signs in, sees the doctor's patients,
 * and creates a task for the doctor from an encounter, its description typed
 * with the macro. The doctor gets the site notification, sees "by <VMA> for
 * you" and closes the task. Offline, the doctor closes another task and expands
 * the macro; back online, the close reaches the server.
 */
import { type Browser, expect, type Page, test } from "@playwright/test";
import { accessTokenOf, lastMail, signIn } from "./helpers.ts";

test.describe.configure({ timeout: 240_000 });

async function openDevice(browser: Browser, email: string, password?: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await unlockWhenAsked(page, password);
  await page.goto("/");
  await signIn(page, email, password);
  await expect(page.getByRole("banner").getByRole("button", { name: /account menu/ })).toBeVisible();
  // As the notes test: the service worker controls the page (offline later) before the test moves on.
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 20_000 })
    .catch(() => page.reload());
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  return { context, page };
}

/**
 * The device may ask for the password to unlock its data after a navigation (a
 * reload while the tab's key is being set up); whenever that dialog shows, type it.
 */
async function unlockWhenAsked(page: Page, password = "demo-password") {
  await page.addLocatorHandler(page.getByRole("form", { name: "Unlock your data" }), async (form) => {
    await form.getByLabel("Password").fill(password);
    await form.getByRole("button", { name: "Unlock", exact: true }).click();
    await expect(form).toBeHidden();
  });
}

async function open(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
}

const tokens = new WeakMap<Page, string>();

/** Calls the API as the user signed in on `page`. */
async function call<T>(page: Page, method: "GET" | "POST" | "PUT", path: string, data?: unknown): Promise<T> {
  // The access token lives in the page's memory only: one is fetched per page through the refresh cookie.
  let token = tokens.get(page);
  if (!token) tokens.set(page, token = await accessTokenOf(page));
  const response = await page.request.fetch(`/api/v1${path}`, { method, data, headers: { Authorization: `Bearer ${token}` } });
  const body = await response.json();
  expect(body.status, `${method} ${path}: ${body.message}`).toBe("success");
  return body.result as T;
}

test("a doctor invites a VMA; tasks and macros flow between them, online and offline", async ({ browser }) => {
  const stamp = Date.now().toString(36);
  const vmaEmail = `vma-${stamp}@example.test`;
  const vmaPassword = `Kx7-${stamp}-qPz9`;
  const shortcut = `;t${stamp}`;
  const doctor = await openDevice(browser, "doctor@demo.test");

  // The doctor invites the VMA and adds a macro with a placeholder.
  await open(doctor.page, "/settings#vmas");
  const invite = doctor.page.getByRole("form", { name: "Invite a VMA" });
  await invite.getByLabel("Email").fill(vmaEmail);
  await invite.getByLabel("First name").fill("Nia");
  await invite.getByLabel("Last name").fill(`Vale${stamp}`);
  await invite.getByRole("button", { name: "Invite" }).click();
  await expect(doctor.page.getByRole("list", { name: "Your VMAs" }).getByText(vmaEmail)).toBeVisible();
  const macroForm = doctor.page.getByRole("form", { name: "New macro" });
  await macroForm.getByLabel("Shortcut").fill(shortcut);
  await macroForm.getByLabel("Text").fill("Recheck {patient.firstName} labs");
  await macroForm.getByRole("button", { name: "Add macro" }).click();
  await expect(doctor.page.getByRole("list", { name: "Macros" }).getByText(shortcut)).toBeVisible();

  // An encounter of the demo patient, seeded through the API.
  const patients = await call<{ list: { id: string; email: string }[] }>(doctor.page, "POST", "/doctorPatients/list", {
    offset: 0, limit: 100, filter: { search: "Patient" },
  });
  const patientId = patients.list.find((p) => p.email === "patient@demo.test")!.id;
  const encounter = await call<{ id: string }>(doctor.page, "POST", `/encounters/${patientId}`, {
    type: "office", reason: `Team check ${stamp}`, datetime: new Date().toISOString(),
  });

  // The VMA sets a password from the invitation mail and signs in.
  const vmaContext = await browser.newContext();
  const vma = await vmaContext.newPage();
  await unlockWhenAsked(vma, vmaPassword);
  await vma.goto("/");
  const mail = await lastMail(vma, vmaEmail);
  const link = new URL(/https?:\/\/\S+vmaPassword\?token=\S+/.exec(mail.text)![0]);
  await vma.goto(`${link.pathname}${link.search}`);
  const create = vma.getByRole("form", { name: "Create password" });
  await create.getByLabel("Password", { exact: true }).fill(vmaPassword);
  await create.getByLabel("Repeat password").fill(vmaPassword);
  await create.getByRole("button", { name: "Create password" }).click();
  // The page opens the sign-in dialog once the password is set.
  await expect(vma.getByRole("form", { name: "Sign in" })).toBeVisible();
  await signIn(vma, vmaEmail, vmaPassword);
  await expect(vma.getByRole("banner").getByRole("button", { name: /account menu/ })).toBeVisible();
  // A new account has not accepted the platform's required agreements yet: it is asked before going on (issue 18).
  const agreements = vma.getByRole("dialog", { name: "Please review our updated agreements" });
  await expect(agreements).toBeVisible();
  for (const box of await agreements.getByRole("checkbox").all()) await box.check();
  await agreements.getByRole("button", { name: "Accept and continue" }).click();
  await expect(agreements).toBeHidden();

  // The VMA sees the doctor's patients and creates a task from the encounter with the macro.
  await open(vma, "/vma/patients");
  await expect(vma.getByText("Pat Patient").first()).toBeVisible();
  await open(vma, `/vma/patients/${patientId}/encounters/${encounter.id}`);
  await vma.getByRole("link", { name: "New task" }).click();
  await expect(vma.getByRole("heading", { name: "New task about this encounter" })).toBeVisible();
  await vma.getByLabel("Assignee").selectOption({ label: "Grace Hopper" });
  await vma.getByLabel("Category", { exact: true }).selectOption("Follow-up");
  const description = vma.getByLabel("Description");
  await description.click();
  await description.pressSequentially(shortcut);
  await expect(vma.getByRole("listbox", { name: "Macros" }).getByText(shortcut)).toBeVisible();
  await description.press("Enter");
  await expect(description).toHaveValue("Recheck Pat labs");
  await vma.getByRole("button", { name: "Create task" }).click();
  await expect(vma.getByText("Task created")).toBeVisible();

  // The doctor is notified, sees who wrote it for them, and closes it.
  await expect(doctor.page.getByRole("button", { name: /Notifications, \d+ unread/ })).toBeVisible({ timeout: 15_000 });
  await doctor.page.getByRole("button", { name: /Notifications/ }).click();
  // The notification leads to the tasks.
  await doctor.page.getByRole("region", { name: "Notifications" }).getByRole("link", { name: /assigned you a task: Recheck Pat labs/ }).click();
  await expect(doctor.page.getByRole("heading", { level: 1, name: "Tasks" })).toBeVisible();
  const task = doctor.page.getByRole("listitem", { name: "Task: Recheck Pat labs" });
  await expect(task.getByText(`by Nia Vale${stamp} for you`)).toBeVisible({ timeout: 15_000 });
  await task.getByRole("button", { name: "Close task" }).click();
  await expect(task).toHaveCount(0);
  await expect(async () => {
    const list = await call<{ list: { description: string; status: string }[] }>(doctor.page, "POST", "/doctorTasks/list", { filter: { status: "closed" } });
    expect(list.list.some((t) => t.description === "Recheck Pat labs")).toBe(true);
  }).toPass({ timeout: 10_000 });

  // Offline: the doctor closes another task and expands the macro; back online, the close arrives.
  const offlineTask = await call<{ id: string }>(doctor.page, "POST", "/doctorTasks", {
    assigneeId: (await call<{ list: { id: string; firstName: string }[] }>(doctor.page, "GET", "/doctorTasks/assignees/dropdown")).list
      .find((m) => m.firstName === "Grace")!.id,
    patientId, description: `Offline close ${stamp}`, category: "Other",
  });
  const second = doctor.page.getByRole("listitem", { name: `Task: Offline close ${stamp}` });
  await expect(second).toBeVisible({ timeout: 15_000 });
  await doctor.context.setOffline(true);
  try {
    await second.getByRole("button", { name: "Close task" }).click();
    await expect(second).toHaveCount(0);
    const text = doctor.page.getByLabel("Description");
    await text.click();
    await text.pressSequentially(shortcut);
    await text.press("Enter");
    await expect(text).toHaveValue("Recheck {patient.firstName} labs");
    const status = await doctor.page.evaluate(() => navigator.onLine);
    expect(status).toBe(false);
  } finally {
    await doctor.context.setOffline(false);
  }
  await expect(async () => {
    const row = await call<{ status: string }>(doctor.page, "GET", `/doctorTasks/${offlineTask.id}`);
    expect(row.status).toBe("closed");
  }).toPass({ timeout: 30_000 });

  await vmaContext.close();
  await doctor.context.close();
});
