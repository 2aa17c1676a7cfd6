/**
 * Chat between a patient and their doctor, each in their own browser context:
 * the patient starts the chat from "New message" and writes; the doctor's list
 * shows it unread with a badge, and the patient online; opening it clears the
 * badge; the patient sends a picture over the socket upload, which the doctor
 * downloads; the doctor exports the chat and gets a PDF download link.
 */
import { type Browser, expect, type Page, test } from "@playwright/test";
import { accessTokenOf, signIn } from "./helpers.ts";
import { makePng } from "./png.ts";

test.describe.configure({ timeout: 120_000 });

async function openMessages(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto("/");
  await signIn(page, email);
  await expect(page.getByRole("banner").getByRole("button", { name: /account menu/ })).toBeVisible();
  // In-app navigation: a reload in a fresh context would ask for the password to unlock the device's data.
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Messages" }).click();
  await expect(page.getByRole("heading", { name: "Messages", level: 1 })).toBeVisible();
  return page;
}

test("a patient writes to their doctor: unread badge, presence, read on open, export with a download link", async ({ browser }) => {
  const doctor = await openMessages(browser, "doctor@demo.test");
  const patient = await openMessages(browser, "patient@demo.test");
  try {
    const text = `Hello doctor ${Date.now()}`;
    await patient.getByRole("button", { name: "New message" }).click();
    const dialog = patient.getByRole("dialog", { name: "New message" });
    await dialog.getByRole("button", { name: "Write to Grace Hopper" }).click();
    await expect(dialog).toBeHidden();
    await expect(patient.getByRole("heading", { name: "Grace Hopper", level: 2 })).toBeVisible();
    await patient.getByRole("textbox", { name: "Message" }).fill(text);
    await patient.getByRole("button", { name: "Send" }).click();
    await expect(patient.getByRole("log").getByText(text)).toBeVisible();

    const chats = doctor.getByRole("navigation", { name: "Chats" });
    const link = chats.getByRole("link", { name: /^Pat Patient/ });
    await expect(link.getByLabel("1 unread message")).toBeVisible();
    await expect(link.getByRole("img", { name: "Online" })).toBeVisible();
    await link.click();
    await expect(doctor.getByRole("log").getByText(text)).toBeVisible();
    await expect(link.getByLabel(/unread/)).toHaveCount(0);
    // Still read after a fresh look at the server's counters.
    const doctorToken = await accessTokenOf(doctor);
    await expect.poll(() =>
      doctor.evaluate(async (token) => {
        const response = await fetch("/api/v1/users/counters", { headers: { Authorization: `Bearer ${token}` } });
        return (await response.json()).result?.unreadChatIds?.length ?? -1;
      }, doctorToken)
    ).toBe(0);

    // An attachment: uploaded over the socket with progress, sent in fileIds, downloaded by the doctor.
    const composer = patient.getByRole("form", { name: "Write a message" });
    await composer.locator('input[type="file"]').setInputFiles({ name: "rash.png", mimeType: "image/png", buffer: makePng(16, 12, [200, 40, 40]) });
    await expect(composer.getByText("Ready")).toBeVisible();
    await composer.getByRole("button", { name: "Send" }).click();
    const attachment = doctor.getByRole("log").getByRole("link", { name: /rash\.png/ });
    await expect(attachment).toBeVisible({ timeout: 15_000 });
    const file = await doctor.request.get((await attachment.getAttribute("href"))!);
    expect(file.status()).toBe(200);
    expect(file.headers()["content-type"]).toContain("image/png");

    await doctor.getByRole("button", { name: "Export" }).click();
    const download = doctor.getByRole("link", { name: "Download the chat (PDF)" });
    await expect(download).toBeVisible({ timeout: 20_000 });
    const href = await download.getAttribute("href");
    const response = await doctor.request.get(href!);
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toContain("application/pdf");
  } finally {
    await doctor.context().close();
    await patient.context().close();
  }
});
