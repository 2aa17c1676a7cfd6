/**
 * A VMA working for two doctors switches practice in the same session (issue 31): offline the switch is
 * refused with the reason while a change waits; back online it waits for that change to be sent, then the
 * device drops the old practice's rows (a task) and screens show the new practice's patients. Switching back
 * brings the old practice's rows again; the message written offline reached the server once.
 */
import { type APIRequestContext, expect, test } from "@playwright/test";
import { DEMO_PASSWORD, signIn } from "./helpers.ts";

const CARE_TEAM_CHAT = "0d3c0c1e-5f6a-4c8e-9a11-000000000001";
const SECOND_DOCTOR = "linus.carter@example.test";

test.describe.configure({ timeout: 180_000 });

test("a VMA switches doctors without signing out, and nothing waiting is lost", async ({ browser, playwright, baseURL }) => {
  const stamp = Date.now().toString(36);
  const api = await playwright.request.newContext({ baseURL });
  const demoDoctor = await as(api, "doctor@demo.test");
  const secondDoctor = await as(api, SECOND_DOCTOR);
  const vmaId = (await secondDoctor<{ id: string }>("POST", "/vmas", { email: "vma@demo.test", firstName: "Victor", lastName: "Assistant" })).id;
  const patientId = (await demoDoctor<{ list: { id: string; firstName: string }[] }>("POST", "/doctorPatients/list", { limit: 100 })).list
    .find((p) => p.firstName === "Pat")!.id;
  const task = `Call Pat back ${stamp}`;
  await demoDoctor("POST", "/doctorTasks", { assigneeId: vmaId, patientId, description: task, category: "Other" });

  const context = await browser.newContext();
  const page = await context.newPage();
  try {
    await page.goto("/");
    await signIn(page, "vma@demo.test", DEMO_PASSWORD);
    const account = page.getByRole("banner").getByRole("button", { name: /account menu/ });
    await expect(account).toBeVisible();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 20_000 });
    await page.goto("/vma/tasks");
    await expect(page.getByText(task)).toBeVisible({ timeout: 20_000 });
    const acting = page.getByRole("banner").getByRole("combobox", { name: "Acting for" });
    await expect(acting).toHaveValue(await doctorIdOf(demoDoctor));

    // Offline, a message waits; the switch is refused with the reason, and nothing changes.
    await page.goto(`/messages?chat=${CARE_TEAM_CHAT}`);
    await expect(acting).toHaveValue(await doctorIdOf(demoDoctor));
    await context.setOffline(true);
    const text = `Sent before the switch ${stamp}`;
    await page.getByRole("textbox", { name: "Message" }).fill(text);
    await page.getByRole("textbox", { name: "Message" }).press("Enter");
    const message = page.getByRole("log").getByRole("listitem").filter({ hasText: text });
    await expect(message).toContainText("Waiting for network");
    await acting.selectOption({ label: "Dr. Linus Carter" });
    await expect(page.getByText(/1 change made on this device is waiting to be sent/)).toBeVisible();
    await expect(acting).toHaveValue(await doctorIdOf(demoDoctor));

    // Online: the switch waits for the message, then acts for the other doctor in the same session.
    await context.setOffline(false);
    await acting.selectOption({ label: "Dr. Linus Carter" });
    await expect(page.getByText("You now act for the doctor you chose.")).toBeVisible({ timeout: 40_000 });
    await expect(account).toBeVisible();
    await expect(acting).toHaveValue(await doctorIdOf(secondDoctor));
    const sent = await demoDoctor<{ list: { text: string }[] }>("GET", `/messages/${CARE_TEAM_CHAT}?limit=100`);
    expect(sent.list.filter((m) => m.text === text)).toHaveLength(1);

    // The old practice's rows left the device; the screens show the new practice.
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Tasks" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByText(task)).toHaveCount(0);
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Patients" }).click();
    await expect(page.getByRole("link", { name: /Omar Reviewer/ })).toBeVisible();
    await expect(page.getByRole("link", { name: /Pat Patient/ })).toHaveCount(0);

    // Back to the demo doctor: their rows come again.
    await acting.selectOption({ label: "Dr. Grace Hopper" });
    await expect(acting).toHaveValue(await doctorIdOf(demoDoctor), { timeout: 30_000 });
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Tasks" }).click();
    await expect(page.getByText(task)).toBeVisible({ timeout: 20_000 });
  } finally {
    await context.close();
    // The demo as it was: the VMA works for the demo doctor only.
    await secondDoctor("POST", "/vmas/detach", { vmaId }).catch(() => {});
    await api.dispose();
  }
});

type Call = (<T = unknown>(method: "GET" | "POST", path: string, data?: unknown) => Promise<T>) & { userId: string };

/** API calls as `email` (a bearer token from a sign-in through the API). */
async function as(api: APIRequestContext, email: string): Promise<Call> {
  const login = await (await api.post("/api/v1/users/login", { data: { email, password: DEMO_PASSWORD } })).json();
  expect(login.status, `sign-in of ${email}: ${login.message}`).toBe("success");
  const token = login.result.accessToken as string;
  const call = async <T,>(method: "GET" | "POST", path: string, data?: unknown) => {
    const response = await api.fetch(`/api/v1${path}`, { method, data, headers: { Authorization: `Bearer ${token}` } });
    const body = await response.json();
    expect(body.status, `${method} ${path}: ${body.message}`).toBe("success");
    return body.result as T;
  };
  return Object.assign(call, { userId: login.result.user.id as string });
}

const doctorIdOf = (call: Call) => Promise.resolve(call.userId);
