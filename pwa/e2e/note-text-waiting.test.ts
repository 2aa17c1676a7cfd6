/**
 * A note's text written offline counts as waiting and is never left behind (issue 31): the doctor starts a
 * SOAP note (a default note type of every practice), writes in it with no network, and leaves the note. The
 * header counts the text as a change waiting, the sign-out warning names it, and once the network is back it
 * is sent without the note being opened again: the header says "Synced" and the VMA reads the text.
 */
import { expect, type Page, test } from "@playwright/test";
import { accessTokenOf, openDevice } from "./helpers.ts";

test.describe.configure({ timeout: 180_000 });

test("a note's text written offline is counted, named at sign-out, and sent in the background once online", async ({ browser }) => {
  const stamp = Date.now();
  const text = `Subjective written offline ${stamp}`;
  const doctor = await openDevice(browser, "doctor@demo.test");
  const vma = await openDevice(browser, "vma@demo.test");
  try {
    const patients = await call<{ list: { id: string; email: string }[] }>(doctor, "POST", "/doctorPatients/list", { limit: 100 });
    const patientId = patients.list.find((p) => p.email === "patient@demo.test")!.id;
    const encounter = await call<{ id: string }>(doctor, "POST", `/encounters/${patientId}`, {
      type: "office",
      reason: `Waiting text ${stamp}`,
      datetime: new Date().toISOString(),
    });

    // The first note of the visit, with a default note type.
    await doctor.goto(`/doctor/patients/${patientId}/encounters/${encounter.id}`);
    await doctor.getByRole("button", { name: "New note" }).click();
    const dialog = doctor.getByRole("dialog", { name: "New note" });
    await dialog.getByLabel("Note type").selectOption({ label: "SOAP note" });
    await dialog.getByRole("button", { name: "Create note" }).click();
    const note = doctor.getByRole("article", { name: "SOAP note" }).last();
    await expect(note.getByRole("status")).toHaveText("Synced");

    // Offline: the text waits, and the header says so.
    await doctor.context().setOffline(true);
    await note.getByRole("textbox", { name: "Subjective" }).click();
    await doctor.keyboard.type(text);
    const indicator = doctor.getByRole("banner").getByRole("status").first();
    await expect(indicator).toContainText("Offline · 1 change waiting");

    // The note is left (client-side navigation); the sign-out warning names its text.
    await doctor.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Messages" }).click();
    await doctor.getByRole("button", { name: /account menu/ }).click();
    await doctor.getByRole("button", { name: "Log out" }).click();
    const warning = doctor.getByRole("dialog", { name: "Changes not sent yet" });
    await expect(warning.getByRole("listitem")).toHaveText(["the text of 1 note"]);
    await warning.getByRole("button", { name: "Cancel" }).click();

    // Online again, the note closed: the text goes out by itself.
    await doctor.context().setOffline(false);
    await expect(indicator).toContainText("Synced", { timeout: 30_000 });
    await vma.goto(`/vma/patients/${patientId}/encounters/${encounter.id}`);
    const vmaNote = vma.getByRole("article", { name: "SOAP note" }).last();
    await expect(vmaNote.getByRole("textbox", { name: "Subjective" })).toContainText(text);
  } finally {
    await doctor.context().close();
    await vma.context().close();
  }
});

async function call<T>(page: Page, method: "GET" | "POST", path: string, data?: unknown): Promise<T> {
  const token = await accessTokenOf(page);
  const response = await page.request.fetch(`/api/v1${path}`, { method, data, headers: { Authorization: `Bearer ${token}` } });
  const body = await response.json();
  expect(body.status, `${method} ${path}: ${body.message}`).toBe("success");
  return body.result as T;
}
