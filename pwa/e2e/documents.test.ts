/**
 * Issue 16 in the browser, each person on their own device: a fax sent in
 * through the local Phaxio emulator raises the demo doctor's fax counter live;
 * the doctor files it into the demo patient's Outside medical records; the
 * patient sees it in their folders; the doctor faxes an encounter export to a
 * typed number and sees it delivered.
 */
import { expect, type Page, test } from "@playwright/test";
import { DEMO_PASSWORD, followNav, openAs } from "./helpers.ts";

test.describe.configure({ timeout: 180_000 });

/** An access token for API set-up steps the screens do elsewhere (an encounter to fax). */
async function tokenOf(page: Page, email: string): Promise<string> {
  const res = await page.request.post("/api/v1/users/login", { data: { email, password: DEMO_PASSWORD } });
  return (await res.json()).result.accessToken;
}

test("a received fax arrives live, is filed into the patient's folder and seen by the patient; an encounter is faxed and delivered", async ({ browser }) => {
  const doctor = await openAs(browser, "doctor@demo.test", /\/home$/);
  const patient = await openAs(browser, "patient@demo.test", /\/home$/);
  try {
    await followNav(doctor, "Documents");
    await expect(doctor.getByRole("heading", { level: 1, name: "Documents and faxes" })).toBeVisible();
    const counter = doctor.getByRole("banner").getByRole("link", { name: /new fax/ });
    const before = Number((await counter.getAttribute("aria-label"))?.match(/\d+/)?.[0] ?? 0);

    // A fax comes in (the emulator posts a signed webhook to the edge): counter and list change live.
    const sender = `+1312555${String(Date.now()).slice(-4)}`;
    const sent = await doctor.request.post("/api/v1/dev/fax/receive", { data: { from: sender } });
    expect(sent.ok()).toBe(true);
    await expect(counter).toHaveAttribute("aria-label", `${before + 1} new ${before + 1 === 1 ? "fax" : "faxes"}`);
    const row = doctor.getByRole("listitem", { name: new RegExp(`Fax from \\${sender}`) });
    await expect(row).toBeVisible();
    await expect(row.getByTestId("fax-status")).toHaveText("Received");

    // Filed into the demo patient's Outside medical records (the dialog's default folder).
    await row.getByRole("button", { name: /^Share .* to a patient$/ }).click();
    const share = doctor.getByRole("dialog", { name: "Share to a patient's folder" });
    await share.getByLabel("Find a patient").fill("Pat");
    await share.getByRole("combobox", { name: "Patient" }).selectOption({ label: "Pat Patient (patient@demo.test)" });
    await expect(share.getByRole("combobox", { name: "Folder" })).toHaveValue("OutsideMedicalRecords");
    await share.getByRole("button", { name: "Share" }).click();
    await expect(share).toBeHidden();
    await expect(row.getByText(/Shared with Pat Patient in Outside medical records/)).toBeVisible();

    // The patient sees it in their folders (synced to their device).
    await patient.goto("/health-record");
    const files = patient.getByRole("region", { name: "Outside medical records" });
    await expect(files.getByText(new RegExp(`Fax from \\${sender}`))).toBeVisible({ timeout: 20_000 });

    // The doctor faxes an encounter's export with a cover page to a typed number; it is delivered.
    const token = await tokenOf(doctor, "doctor@demo.test");
    const patients = await doctor.request.post("/api/v1/users/list/document/action", {
      headers: { authorization: `Bearer ${token}` }, data: { role: "patient", search: "Pat Patient" },
    });
    const patientId = (await patients.json()).result.list[0].id;
    const created = await doctor.request.post(`/api/v1/encounters/${patientId}`, {
      headers: { authorization: `Bearer ${token}` }, data: { type: "video", reason: `Fax check ${Date.now()}`, datetime: "2026-01-10T15:00:00Z" },
    });
    const encounterId = (await created.json()).result.id;
    await doctor.goto(`/doctor/patients/${patientId}/encounters/${encounterId}`);
    await doctor.getByRole("group", { name: "Encounter actions" }).getByRole("button", { name: "Fax" }).click();
    const fax = doctor.getByRole("dialog", { name: "Send by fax" });
    await fax.getByLabel("Fax number").fill("(312) 555-0100");
    await fax.getByLabel("Recipient").fill("Cardiology — Dr. Núñez");
    await fax.getByRole("button", { name: "Send fax" }).click();
    await expect(fax).toBeHidden();

    await followNav(doctor, "Documents");
    await doctor.getByRole("tab", { name: "Sent" }).click();
    const outgoing = doctor.getByRole("listitem", { name: /^Encounter 2026-01-10\.pdf$/ }).first();
    await expect(outgoing.getByText("to +13125550100")).toBeVisible();
    await expect(outgoing.getByTestId("fax-status")).toHaveText("Delivered", { timeout: 20_000 });
  } finally {
    await doctor.context().close();
    await patient.context().close();
  }
});
