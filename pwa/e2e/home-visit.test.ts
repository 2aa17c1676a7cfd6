/**
 * A home visit with no network (issue 31), on a phone: once signed in and the panel on the device, the doctor
 * goes offline, finds the patient, opens the chart (allergies and medications from the device), starts an
 * encounter, writes a SOAP note, adds a diagnosis (the ICD-10 list searched on the device), records vitals, drafts
 * a prescription (the allergy warning from the device's card), adds a problem and gives the VMA a task (the
 * assignee and patient pickers read the device); the header counts what waits; the tab closed and opened again
 * offline, unlocked, still holds it all. Back online everything is sent; the VMA, on another device,
 * sees every item exactly once, the doctor as its author.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { accessTokenOf, deviceEntryIds, openDevice, unlockWhenAsked } from "./helpers.ts";

test.describe.configure({ timeout: 180_000 });

test("a home visit recorded offline reaches the VMA exactly once", async ({ browser }) => {
  const stamp = Date.now();
  const reason = `Home visit ${stamp}`;
  const problem = `Fall risk ${stamp}`;
  const noteText = `Seen at home offline ${stamp}`;
  const taskText = `Call Pat about the home visit ${stamp}`;
  let doctor = await openDevice(browser, "doctor@demo.test");
  let vma: Page | null = null;
  let encounterPath = "";
  try {
    // Online once: the list reads the device, so seeing the patient means the panel is in.
    const nav = doctor.getByRole("navigation", { name: "Main" });
    await nav.getByRole("link", { name: "Patients" }).click();
    await expect(doctor.getByRole("region", { name: "Patients" }).getByRole("link", { name: /Pat Patient/ })).toBeVisible({ timeout: 30_000 });
    await doctor.setViewportSize({ width: 390, height: 844 });

    await doctor.context().setOffline(true);
    await expect(doctor.getByRole("banner").getByRole("alert")).toContainText("You are offline");
    await doctor.getByRole("searchbox", { name: "Search by name or email" }).fill("Pat");
    await doctor.getByRole("region", { name: "Patients" }).getByRole("link", { name: /Pat Patient/ }).click();
    await expect(doctor.getByRole("heading", { level: 1, name: "Pat Patient" })).toBeVisible();
    await doctor.getByRole("tab", { name: "Medical card" }).click();
    const card = doctor.getByRole("tabpanel", { name: "Medical card" });
    await expect(card.getByRole("region", { name: "Allergies" }).getByRole("listitem").filter({ hasText: "Penicillin" })).toBeVisible();
    await expect(card.getByRole("region", { name: "Medications" }).getByRole("listitem").filter({ hasText: "Lisinopril" })).toBeVisible();

    // The encounter, opened on creation from the device.
    await doctor.getByRole("tab", { name: "Encounters" }).click();
    await doctor.getByRole("tabpanel", { name: "Encounters" }).getByRole("button", { name: "New encounter" }).click();
    const encounterDialog = doctor.getByRole("dialog", { name: "New encounter" });
    await encounterDialog.getByLabel("Type").selectOption({ label: "Other" });
    await encounterDialog.getByLabel("Reason").fill(reason);
    await encounterDialog.getByRole("button", { name: "Create encounter" }).click();
    await expect(doctor.getByRole("heading", { level: 1, name: reason })).toBeVisible();
    encounterPath = new URL(doctor.url()).pathname;

    // A SOAP note (a default note type), written offline.
    await doctor.getByRole("button", { name: "New note" }).click();
    const noteDialog = doctor.getByRole("dialog", { name: "New note" });
    await noteDialog.getByLabel("Note type").selectOption({ label: "SOAP note" });
    await noteDialog.getByRole("button", { name: "Create note" }).click();
    const note = doctor.getByRole("article", { name: "SOAP note" }).last();
    await note.getByRole("textbox", { name: "Subjective" }).click();
    await doctor.keyboard.type(noteText);

    // A diagnosis: the ICD-10 list is searched on the device.
    const diagnoses = doctor.getByRole("region", { name: "Diagnoses" });
    await diagnoses.getByRole("button", { name: "Add diagnosis" }).click();
    const dxDialog = doctor.getByRole("dialog", { name: "Add a diagnosis" });
    await dxDialog.getByRole("combobox", { name: "Diagnosis (ICD-10)" }).fill("I10");
    await dxDialog.getByRole("option", { name: /^I10 / }).click();
    await dxDialog.getByRole("button", { name: "Add diagnosis" }).click();
    await expect(dxDialog).toBeHidden();
    await expect(diagnoses.getByRole("listitem").filter({ hasText: "I10" })).toBeVisible();

    // Vitals of this encounter.
    const vitals = doctor.getByRole("region", { name: "Vitals of this encounter" });
    await vitals.getByRole("button", { name: "Add vitals" }).click();
    const vitalsDialog = doctor.getByRole("dialog", { name: "Add vitals" });
    await vitalsDialog.getByLabel("Blood pressure (mmHg)").fill("142/91");
    await vitalsDialog.getByLabel("Pulse (bpm)").fill("81");
    await vitalsDialog.getByRole("button", { name: "Add vitals" }).click();
    await expect(vitalsDialog).toBeHidden();
    await expect(vitals.getByRole("table").getByRole("row").filter({ hasText: "142/91" })).toContainText("Waiting to be sent");

    // A prescription draft: the medication list is searched on the device, and the allergy on the card is flagged.
    const orders = doctor.getByRole("region", { name: "Orders" });
    await expect(orders.getByRole("button", { name: "Order lab" })).toBeHidden();
    await orders.getByRole("button", { name: "Prescribe" }).click();
    const rxDialog = doctor.getByRole("dialog", { name: "Prescribe" });
    await rxDialog.getByLabel("Find a medication").fill("amoxicillin 500");
    await rxDialog.getByRole("radio", { name: "amoxicillin 500 mg oral capsule" }).check();
    await expect(rxDialog.getByRole("alert").filter({ hasText: "Allergy warning" })).toContainText("Penicillin");
    await rxDialog.getByLabel("Instructions (sig)").fill("1 capsule by mouth three times a day");
    await rxDialog.getByLabel("Quantity").fill("21");
    await rxDialog.getByLabel("Days").fill("7");
    await rxDialog.getByRole("button", { name: "Save draft" }).click();
    await expect(rxDialog).toBeHidden();
    const rx = orders.getByRole("listitem", { name: "Prescription: amoxicillin 500 mg oral capsule" });
    await expect(rx).toContainText("Waiting to be sent");
    await expect(rx.getByRole("note")).toContainText("Allergy flag");
    await expect(rx.getByRole("button", { name: "Send to pharmacy" })).toBeHidden();

    // A problem, from the chart.
    await doctor.getByRole("link", { name: "Back to the chart" }).click();
    await doctor.getByRole("tab", { name: "Problems" }).click();
    const problems = doctor.getByRole("tabpanel", { name: "Problems" });
    await problems.getByRole("button", { name: "Add problem" }).click();
    const problemDialog = doctor.getByRole("dialog", { name: "Add a problem" });
    await problemDialog.getByRole("textbox", { name: "Problem", exact: true }).fill(problem);
    await problemDialog.getByRole("button", { name: "Add problem" }).click();
    await expect(problemDialog).toBeHidden();
    await expect(problems.getByRole("listitem").filter({ hasText: problem })).toContainText("Waiting to be sent");

    // A task for the VMA: the pickers read the device (the practice's people, the panel).
    await doctor.getByRole("banner").getByRole("button", { name: "Menu", exact: true }).click();
    await doctor.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Tasks" }).click();
    const newTask = doctor.getByRole("region", { name: /New task/ });
    await newTask.getByLabel("Assignee").selectOption({ label: "Victor Assistant" });
    await newTask.getByLabel("Patient", { exact: true }).selectOption({ label: "Pat Patient" });
    await newTask.getByLabel("Category").selectOption("Follow-up");
    await newTask.getByLabel("Description").fill(taskText);
    await newTask.getByRole("button", { name: "Create task" }).click();
    const myTask = doctor.getByRole("list", { name: "Tasks" }).getByRole("listitem").filter({ hasText: taskText });
    await expect(myTask).toContainText("for Victor Assistant");

    // The header counts the entries, the new note and its text, and the task as waiting.
    let indicator = doctor.getByRole("banner").getByRole("status").first();
    await expect(indicator).toContainText(/Offline · ([6-9]|1\d) changes waiting/);
    const waiting = (await indicator.textContent())?.match(/(\d+) changes waiting/)?.[1];

    // The tab is closed and the app opened again, still offline: after the unlock, the same changes wait.
    const context = doctor.context();
    const tasksUrl = doctor.url();
    await doctor.close();
    doctor = await context.newPage();
    await unlockWhenAsked(doctor);
    await doctor.goto(tasksUrl);
    await expect(doctor.getByRole("list", { name: "Tasks" }).getByRole("listitem").filter({ hasText: taskText })).toBeVisible({ timeout: 30_000 });
    indicator = doctor.getByRole("banner").getByRole("status").first();
    await expect(indicator).toContainText(`Offline · ${waiting} changes waiting`);

    // Back online: everything is sent.
    await doctor.context().setOffline(false);
    await expect(indicator).toContainText("Synced", { timeout: 60_000 });

    // The VMA's device: each item once, the doctor as its author.
    vma = await openDevice(browser, "vma@demo.test");
    await vma.goto(encounterPath.replace("/doctor/", "/vma/"));
    await expect(vma.getByRole("heading", { level: 1, name: reason })).toBeVisible({ timeout: 30_000 });
    await expect(vma.getByRole("region", { name: "Diagnoses" }).getByRole("listitem")).toHaveCount(1);
    await expect(vma.getByRole("region", { name: "Diagnoses" }).getByRole("listitem")).toContainText("I10");
    const vmaVitals = vma.getByRole("region", { name: "Vitals of this encounter" }).getByRole("table");
    await expect(vmaVitals.getByRole("row").filter({ hasText: "142/91" })).toHaveCount(1);
    await expect(vmaVitals.getByRole("row").filter({ hasText: "142/91" })).toContainText("Grace");
    const vmaNotes = vma.getByRole("article", { name: "SOAP note" });
    await expect(vmaNotes).toHaveCount(1);
    await expect(vmaNotes.getByRole("textbox", { name: "Subjective" })).toContainText(noteText);
    const vmaRx = vma.getByRole("region", { name: "Orders" }).getByRole("listitem", { name: "Prescription: amoxicillin 500 mg oral capsule" });
    await expect(vmaRx).toHaveCount(1);
    await expect(vmaRx).toContainText("draft");
    await expect(vmaRx).toContainText("Only the doctor can sign and send a prescription.");
    await vma.getByRole("link", { name: "Back to the chart" }).click();
    await vma.getByRole("tab", { name: "Problems" }).click();
    await expect(vma.getByRole("tabpanel", { name: "Problems" }).getByRole("listitem").filter({ hasText: problem })).toHaveCount(1);
    await vma.goto("/vma/tasks");
    const vmaTask = vma.getByRole("list", { name: "Tasks" }).getByRole("listitem").filter({ hasText: taskText });
    await expect(vmaTask).toHaveCount(1);
    await expect(vmaTask).toContainText("by Dr. Grace Hopper");
    await expect(vmaTask).toContainText("patient Pat Patient");
  } finally {
    await doctor.context().setOffline(false);
    // The demo patient is shared by the browser tests: the encounter and the problem go again.
    const token = await accessTokenOf(doctor).catch(() => "");
    const call = (method: string, path: string) =>
      doctor.request.fetch(`/api/v1${path}`, { method, headers: { authorization: `Bearer ${token}` } }).catch(() => null);
    const encounterId = encounterPath.split("/").at(-1);
    if (token && encounterId) await call("DELETE", `/encounters/${encounterId}`);
    if (token) {
      const patientId = encounterPath.split("/")[3];
      const list = patientId ? await (await call("GET", `/problems/patient/${patientId}`))?.json().catch(() => null) : null;
      for (const p of (list?.result ?? []) as { id: string; name: string }[]) if (p.name === problem) await call("DELETE", `/problems/${p.id}`);
      const tasks = await doctor.request.fetch("/api/v1/doctorTasks/list", {
        method: "POST", data: { filter: { status: "all" }, offset: 0, limit: 100 }, headers: { authorization: `Bearer ${token}` },
      }).then((r) => r.json()).catch(() => null);
      for (const t of (tasks?.result?.list ?? []) as { id: string; description: string }[]) {
        if (t.description === taskText) await call("DELETE", `/doctorTasks/${t.id}`);
      }
    }
    await doctor.context().close();
    await vma?.context().close();
  }
});

test("a diagnosis recorded offline on an encounter deleted meanwhile is not accepted, and the doctor is told", async ({ browser, request }) => {
  const stamp = Date.now();
  const doctor = await openDevice(browser, "doctor@demo.test");
  try {
    const token = await accessTokenOf(doctor);
    const api = async (method: string, path: string, data?: unknown) => {
      const res = await request.fetch(`/api/v1${path}`, { method, data, headers: { authorization: `Bearer ${token}` } });
      expect(res.status(), `${method} ${path}`).toBeLessThan(300);
      return (await res.json()).result;
    };
    const patients = await api("POST", "/doctorPatients/list", { limit: 100 });
    const patientId = patients.list.find((p: { email: string }) => p.email === "patient@demo.test").id as string;
    const encounter = await api("POST", `/encounters/${patientId}`, { type: "phone", reason: `Call ${stamp}`, datetime: new Date().toISOString() });
    await expect.poll(() => deviceEntryIds(doctor, patientId), { timeout: 30_000 }).toContain(encounter.id);
    await doctor.goto(`/doctor/patients/${patientId}/encounters/${encounter.id}`);
    await expect(doctor.getByRole("heading", { level: 1, name: `Call ${stamp}` })).toBeVisible();

    await doctor.context().setOffline(true);
    const diagnoses = doctor.getByRole("region", { name: "Diagnoses" });
    await diagnoses.getByRole("button", { name: "Add diagnosis" }).click();
    const dxDialog = doctor.getByRole("dialog", { name: "Add a diagnosis" });
    await dxDialog.getByRole("combobox", { name: "Diagnosis (ICD-10)" }).fill("I10");
    await dxDialog.getByRole("option", { name: /^I10 / }).click();
    await dxDialog.getByRole("button", { name: "Add diagnosis" }).click();
    await expect(dxDialog).toBeHidden();

    // Meanwhile, another device deletes the encounter.
    await api("DELETE", `/encounters/${encounter.id}`);
    await doctor.context().setOffline(false);

    const notice = doctor.getByRole("banner").getByRole("button", { name: "1 change not accepted" });
    await expect(notice).toBeVisible({ timeout: 60_000 });
    await notice.click();
    const dialog = doctor.getByRole("dialog", { name: "Changes not accepted" });
    await expect(dialog.getByRole("listitem")).toHaveCount(1);
    await expect(dialog.getByRole("listitem")).toContainText("Diagnosis I10 Essential (primary) hypertension");
    // The dialog is not reachable from the accessibility sweep's screens (it needs a refusal): checked here.
    const { violations } = await new AxeBuilder({ page: doctor }).include("dialog[open]")
      .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
    expect(violations.filter((v) => v.impact === "serious" || v.impact === "critical" || v.impact === "moderate")
      .map((v) => `${v.id}: ${v.help}`)).toEqual([]);
    await dialog.getByRole("button", { name: "Dismiss Diagnosis I10 Essential (primary) hypertension" }).click();
    await expect(notice).toBeHidden();
  } finally {
    await doctor.context().close();
  }
});
