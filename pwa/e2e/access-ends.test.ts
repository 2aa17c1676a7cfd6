/**
 * A row leaves a device when access ends (issue 31): a patient moved by an admin to another doctor disappears
 * from the old doctor's device (its panel, and with it their chart) at the device's next connection; moved
 * back, they return.
 */
import { type APIRequestContext, expect, test } from "@playwright/test";
import { DEMO_PASSWORD, openDevice } from "./helpers.ts";

test.describe.configure({ timeout: 120_000 });

async function adminApi(request: APIRequestContext) {
  const res = await request.post("/api/v1/users/login", { data: { email: "admin@demo.test", password: DEMO_PASSWORD } });
  expect(res.ok()).toBe(true);
  const headers = { authorization: `Bearer ${(await res.json()).result.accessToken}` };
  return async (method: string, path: string, data?: unknown) => {
    const answer = await request.fetch(`/api/v1${path}`, { method, data, headers });
    expect(answer.status(), `${method} ${path}: ${await answer.text()}`).toBeLessThan(300);
    return (await answer.json()).result;
  };
}

test("a patient moved to another doctor leaves the old doctor's device", async ({ browser, request }) => {
  const admin = await adminApi(request);
  const doctor = await openDevice(browser, "doctor@demo.test");
  const { graceId, linusId } = await idsOfDoctors(request);
  expect(graceId && linusId, "the demo doctors Hopper and Carter").toBeTruthy();
  let ruthId = "";
  try {
    const panel = doctor.getByRole("region", { name: "Patients" });
    await doctor.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Patients" }).click();
    await expect(panel.getByRole("link", { name: /Ruth Reviewer/ })).toBeVisible({ timeout: 30_000 });
    ruthId = new URL(await panel.getByRole("link", { name: /Ruth Reviewer/ }).getAttribute("href") ?? "", "http://x").pathname.split("/").at(-1)!;

    // Offline, the admin moves Ruth to Dr Carter; back online, the device learns it on connecting.
    await doctor.context().setOffline(true);
    await admin("POST", "/doctors/choose/admin", { doctorId: linusId, patientId: ruthId });
    await doctor.context().setOffline(false);
    await expect(panel.getByRole("link", { name: /Ruth Reviewer/ })).toHaveCount(0, { timeout: 30_000 });
    await expect(panel.getByRole("link", { name: /Pat Patient/ })).toBeVisible({ timeout: 30_000 });
  } finally {
    if (ruthId) await admin("POST", "/doctors/choose/admin", { doctorId: graceId, patientId: ruthId }).catch(() => {});
    await doctor.context().close();
  }
});

/** The demo doctors' ids, from the public directory. */
async function idsOfDoctors(request: APIRequestContext) {
  const res = await request.get("/api/v1/doctors", { params: { limit: 100 } });
  const list = ((await res.json()).result?.list ?? []) as { id: string; firstName: string; lastName: string }[];
  const id = (last: string) => list.find((d) => d.lastName === last)?.id ?? "";
  return { graceId: id("Hopper"), linusId: id("Carter") };
}
