/**
 * Issue 7's collaborative notes in the browser, each person on their own
 * device: the demo doctor adds a note type in Settings, creates a note of it on
 * an encounter and opens it online;
 * goes offline, writes in a field, relaunches the app with no network (the
 * unlock dialog asks for the password) and still finds the text, kept
 * encrypted on the device. Meanwhile the VMA writes in the same field online.
 * The doctor reconnects: both texts reach both, and each sees the other is
 * here. The doctor shares the note; the patient opens the encounter and reads
 * the note's text, without a way to change it. The doctor deletes it: gone for
 * everyone, its text gone from both care-team devices.
 */
import { type Browser, type BrowserContext, expect, type Locator, type Page, test } from "@playwright/test";
import { accessTokenOf, DEMO_PASSWORD, openDevice as openSignedIn } from "./helpers.ts";

test.describe.configure({ timeout: 240_000 });

type Device = { context: BrowserContext; page: Page };

async function openDevice(browser: Browser, email: string): Promise<Device> {
  // The service worker controls the page (and has precached the editor's chunk) before going offline.
  const page = await openSignedIn(browser, email);
  return { context: page.context(), page };
}

/** Calls the API as the user signed in on `page`. */
async function call<T>(page: Page, method: "GET" | "POST", path: string, data?: unknown): Promise<T> {
  const token = await accessTokenOf(page);
  const response = await page.request.fetch(`/api/v1${path}`, { method, data, headers: { Authorization: `Bearer ${token}` } });
  const body = await response.json();
  expect(body.status, `${method} ${path}: ${body.message}`).toBe("success");
  return body.result as T;
}

/** Sealed Yjs updates of one note in the device's blobs database, as stored (ciphertext). */
function storedUpdates(page: Page, noteId: string): Promise<string[]> {
  return page.evaluate(async (id) => {
    const name = (await indexedDB.databases()).map((d) => d.name ?? "").find((n) => n.startsWith("dpc-blobs-"));
    if (!name) return [];
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open(name);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    try {
      if (!db.objectStoreNames.contains("noteUpdates")) return [];
      const rows = await new Promise<{ noteId: string; data: ArrayBuffer }[]>((resolve, reject) => {
        const request = db.transaction("noteUpdates").objectStore("noteUpdates").getAll();
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      return rows.filter((row) => row.noteId === id).map((row) => new TextDecoder().decode(row.data));
    } finally {
      db.close();
    }
  }, noteId);
}

const noteCard = (page: Page, typeName: string) => page.getByRole("article", { name: typeName });
const field = (note: Locator, name: string) => note.getByRole("textbox", { name });

test("a note written offline survives an offline relaunch, merges with the VMA's online edit, and reaches the patient read-only once shared", async ({ browser }) => {
  const stamp = Date.now();
  const typeName = `Visit note ${stamp}`;
  const doctorText = `Doctor wrote offline ${stamp}`;
  const vmaText = `VMA wrote online ${stamp}`;
  const doctor = await openDevice(browser, "doctor@demo.test");
  const vma = await openDevice(browser, "vma@demo.test");
  const devices = [doctor, vma];
  try {
    // The doctor adds a note type in Settings → Note types.
    await doctor.page.goto("/settings#note-types");
    const types = doctor.page.getByRole("region", { name: "Note types" });
    const newType = types.getByRole("form", { name: "New note type" });
    await newType.getByRole("textbox", { name: "Name" }).fill(typeName);
    await newType.getByRole("textbox", { name: "Field 1" }).fill("Plan");
    await newType.getByRole("button", { name: "Add field" }).click();
    await newType.getByRole("textbox", { name: "Field 2" }).fill("Subjective");
    await newType.getByRole("button", { name: "Move field 2 up" }).click();
    await newType.getByRole("button", { name: "Create note type" }).click();
    await expect(types.getByRole("list", { name: "Note types" }).getByText(typeName)).toBeVisible();
    // Seeded through the API: an encounter of the demo patient.
    const patients = await call<{ list: { id: string; email: string }[] }>(doctor.page, "POST", "/doctorPatients/list", {
      offset: 0,
      limit: 100,
      filter: { search: "Patient" },
    });
    const patientId = patients.list.find((p) => p.email === "patient@demo.test")!.id;
    const encounter = await call<{ id: string }>(doctor.page, "POST", `/encounters/${patientId}`, {
      type: "office",
      reason: `Notes check ${stamp}`,
      datetime: new Date().toISOString(),
    });
    const doctorPath = `/doctor/patients/${patientId}/encounters/${encounter.id}`;

    // The doctor creates the note online; it reaches the server and its editors connect.
    await doctor.page.goto(doctorPath);
    await doctor.page.getByRole("button", { name: "New note" }).click();
    const dialog = doctor.page.getByRole("dialog", { name: "New note" });
    await dialog.getByLabel("Note type").selectOption({ label: typeName });
    await dialog.getByRole("button", { name: "Create note" }).click();
    await expect(dialog).toBeHidden();
    let doctorNote = noteCard(doctor.page, typeName);
    await expect(field(doctorNote, "Subjective")).toBeVisible();
    await expect(field(doctorNote, "Plan")).toBeVisible();
    await expect(doctorNote.getByRole("toolbar", { name: "Formatting: Subjective" })).toBeVisible();
    await expect(doctorNote.getByRole("status")).toHaveText("Synced");
    const noteId = (await doctorNote.getAttribute("aria-labelledby"))!.replace(/^note-|-title$/g, "");

    // The VMA opens the same encounter: the note arrived on their device through sync.
    await vma.page.goto(`/vma/patients/${patientId}/encounters/${encounter.id}`);
    const vmaNote = noteCard(vma.page, typeName);
    await expect(vmaNote.getByRole("status")).toHaveText("Synced");
    await expect(doctorNote.getByText(/Also here:\s*Victor Assistant/)).toBeVisible();

    // Offline, the doctor writes in Subjective: kept on the device, sealed.
    await doctor.context.setOffline(true);
    await expect(doctorNote.getByRole("status")).toHaveText("Offline — saved on this device");
    const before = (await storedUpdates(doctor.page, noteId)).length;
    await field(doctorNote, "Subjective").click();
    await doctor.page.keyboard.type(doctorText);
    await expect(field(doctorNote, "Subjective")).toHaveText(doctorText);
    // One update per keystroke, each stored sealed: none holds the text in the clear.
    await expect.poll(async () => (await storedUpdates(doctor.page, noteId)).length).toBeGreaterThanOrEqual(before + doctorText.length);
    for (const row of await storedUpdates(doctor.page, noteId)) expect(row).not.toContain("offline");

    // Relaunch with no network: the unlock dialog asks for the password, then the text is there.
    await doctor.page.close();
    doctor.page = await doctor.context.newPage();
    await doctor.page.goto(doctorPath);
    const unlock = doctor.page.getByRole("dialog", { name: "Unlock your data" });
    await expect(unlock).toBeVisible();
    await unlock.getByLabel("Password").fill(DEMO_PASSWORD);
    await unlock.getByRole("button", { name: "Unlock" }).click();
    await expect(unlock).toBeHidden();
    doctorNote = noteCard(doctor.page, typeName);
    await expect(field(doctorNote, "Subjective")).toHaveText(doctorText);
    await expect(doctorNote.getByRole("status")).toHaveText("Offline — saved on this device");

    // Meanwhile the VMA writes in the same field, online.
    await field(vmaNote, "Subjective").click();
    await vma.page.keyboard.press("Control+End");
    await vma.page.keyboard.type(vmaText);
    await expect(field(vmaNote, "Subjective")).toContainText(vmaText);

    // The doctor's network comes back: both texts, for both.
    await doctor.context.setOffline(false);
    await expect(doctorNote.getByRole("status")).toHaveText("Synced");
    for (const note of [doctorNote, vmaNote]) {
      await expect(field(note, "Subjective")).toContainText(doctorText);
      await expect(field(note, "Subjective")).toContainText(vmaText);
    }
    await expect(doctorNote.getByText(/Also here:\s*Victor Assistant/)).toBeVisible();
    await expect(vmaNote.getByText(/Also here:\s*Grace Hopper/)).toBeVisible();
    // Written apart and merged: the doctor, whose offline text met the VMA's, is told once to read it again.
    const merged = doctorNote.getByRole("alert").filter({ hasText: "also changed elsewhere while this device was offline" });
    await expect(merged).toBeVisible();
    await expect(vmaNote.getByText("also changed elsewhere while this device was offline")).toHaveCount(0);
    await merged.getByRole("button", { name: "I have read it" }).click();
    await expect(merged).toBeHidden();

    // The doctor shares it, after a confirmation; the VMA's copy turns read-only (shared notes are the doctor's).
    await doctorNote.getByRole("button", { name: "Share", exact: true }).click();
    const confirm = doctor.page.getByRole("dialog", { name: "Share this note with the patient?" });
    await confirm.getByRole("button", { name: "Share with the patient" }).click();
    await expect(confirm).toBeHidden();
    await expect(doctorNote.getByText("Shared with the patient", { exact: true })).toBeVisible();
    await expect(vmaNote.getByRole("status")).toHaveText(/^Read-only/);
    await expect(field(vmaNote, "Subjective")).toHaveAttribute("contenteditable", "false");

    // The patient reads it, live, and cannot change it.
    const patient = await openDevice(browser, "patient@demo.test");
    devices.push(patient);
    await patient.page.goto(`/health-record/encounters/${encounter.id}`);
    const patientNote = noteCard(patient.page, typeName);
    const patientField = field(patientNote, "Subjective");
    await expect(patientField).toContainText(doctorText);
    await expect(patientField).toContainText(vmaText);
    await expect(patientField).toHaveAttribute("contenteditable", "false");
    await expect(patientField).toHaveAttribute("aria-readonly", "true");
    await expect(patientNote.getByRole("toolbar")).toHaveCount(0);
    await expect(patientNote.getByRole("status")).toHaveText("Read-only — live");
    await expect(patientNote.getByRole("button")).toHaveCount(0);

    // The doctor deletes it, after a confirmation: gone for everyone, and its text from both care-team devices.
    expect((await storedUpdates(vma.page, noteId)).length).toBeGreaterThan(0);
    await doctorNote.getByRole("button", { name: "Delete" }).click();
    const confirmDelete = doctor.page.getByRole("dialog", { name: "Delete this note?" });
    await confirmDelete.getByRole("button", { name: "Delete note" }).click();
    await expect(doctorNote).toHaveCount(0);
    await expect(vmaNote).toHaveCount(0);
    await expect.poll(() => storedUpdates(doctor.page, noteId)).toEqual([]);
    await expect.poll(() => storedUpdates(vma.page, noteId)).toEqual([]);
    await expect(patientNote.getByRole("status")).toHaveText(/^Not available/);
  } finally {
    for (const device of devices) await device.context.close();
  }
});
