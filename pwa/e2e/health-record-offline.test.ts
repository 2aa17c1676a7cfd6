/**
 * A patient on a cheap phone with no signal (issue 31): what their doctor shared (a sent visit with its details
 * and diagnosis, its vitals, a shared problem, a shared note and lab order) reads on the Health record offline,
 * from the device, and the visit opens with its note and order; what was not shared never shows.
 */
import { expect, test } from "@playwright/test";
import { accessTokenOf, deviceEntryIds, openDevice } from "./helpers.ts";

test.describe.configure({ timeout: 120_000 });

test("the patient reads their shared health record with no network", async ({ browser }) => {
  const stamp = Date.now();
  const doctor = await openDevice(browser, "doctor@demo.test");
  const token = await accessTokenOf(doctor);
  const api = async (method: string, path: string, data?: unknown) => {
    const res = await doctor.request.fetch(`/api/v1${path}`, { method, data, headers: { authorization: `Bearer ${token}` } });
    expect(res.status(), `${method} ${path}: ${await res.text()}`).toBeLessThan(300);
    return (await res.json()).result;
  };
  const made: { encounter?: string; problems: string[]; noteType?: string; notes: string[] } = { problems: [], notes: [] };
  const patient = await openDevice(browser, "patient@demo.test");
  try {
    const patients = await api("POST", "/doctorPatients/list", { limit: 100 });
    const patientId = patients.list.find((p: { email: string }) => p.email === "patient@demo.test").id as string;
    const encounter = await api("POST", `/encounters/${patientId}`, {
      type: "office", reason: `Checkup ${stamp}`, datetime: new Date().toISOString(), details: `Lungs clear ${stamp}`,
    });
    made.encounter = encounter.id;
    await api("POST", `/diagnoses/create/${encounter.id}`, { code: "J30.9", comment: "" });
    await api("POST", `/vitals/patient/${patientId}`, { encounterId: encounter.id, bloodPressure: "117/76", heartRate: 64 });
    const shared = await api("POST", `/problems/patient/${patientId}`, { name: `Hay fever ${stamp}`, onset: "2010" });
    const hidden = await api("POST", `/problems/patient/${patientId}`, { name: `Not shared ${stamp}`, onset: "2011" });
    made.problems.push(shared.id, hidden.id);
    await api("PUT", `/problems/${shared.id}/share`);
    const type = await api("POST", "/noteTypes", { name: `Visit summary ${stamp}`, fieldNames: ["Summary", "Plan"] });
    const note = await api("POST", `/encounterNotes/${encounter.id}`, { noteTypeId: type.id, fields: { Plan: `Rest and fluids ${stamp}` } });
    await api("PUT", `/encounterNotes/share/${note.id}`);
    const lab = await api("POST", `/encounterLabs/${encounter.id}`, { code: "2345-7", comment: `Fasting ${stamp}` });
    await api("PUT", `/encounterLabs/share/${lab.id}`);
    made.noteType = type.id;
    made.notes = [note.id];
    await api("POST", `/encounters/send-all/${encounter.id}`);
    // Written after the visit was sent (which shares every note): not shared.
    made.notes.push((await api("POST", `/encounterNotes/${encounter.id}`, { noteTypeId: type.id, fields: { Plan: `Private ${stamp}` } })).id);

    // Online once: the Health record, and the device receives what is shared.
    await patient.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Health record" }).click();
    await expect(patient.getByRole("link", { name: new RegExp(`Checkup ${stamp}`) })).toBeVisible({ timeout: 30_000 });
    await expect.poll(() => deviceEntryIds(patient, patientId), { timeout: 30_000 }).toEqual(expect.arrayContaining([encounter.id, shared.id]));

    // Offline, on a phone: the page opened again reads the device.
    await patient.setViewportSize({ width: 390, height: 844 });
    await patient.context().setOffline(true);
    await patient.getByRole("banner").getByRole("button", { name: "Menu", exact: true }).click();
    await patient.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Home" }).click();
    await patient.getByRole("banner").getByRole("button", { name: "Menu", exact: true }).click();
    await patient.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Health record" }).click();
    await expect(patient.getByRole("banner").getByRole("alert")).toContainText("You are offline");
    await expect(patient.getByRole("note").filter({ hasText: "Saved on this device: what your doctor shared" }).first()).toBeVisible();
    const visit = patient.getByRole("listitem").filter({ hasText: `Checkup ${stamp}` });
    await expect(visit).toBeVisible();
    await expect(visit).toContainText("J30.9");
    await expect(patient.getByText(`Hay fever ${stamp}`)).toBeVisible();
    await expect(patient.getByText(`Not shared ${stamp}`)).toHaveCount(0);
    await expect(patient.getByRole("table").getByText("117/76").first()).toBeVisible();
    await patient.screenshot({ path: "/tmp/dpc-e2e-results/health-record-offline-phone.png", fullPage: true });

    await visit.getByRole("link", { name: new RegExp(`Checkup ${stamp}`) }).click();
    await expect(patient.getByRole("heading", { level: 1, name: `Checkup ${stamp}` })).toBeVisible();
    await expect(patient.getByText(`Lungs clear ${stamp}`)).toBeVisible();
    // The shared note's text and the shared lab order, from the device; the note not shared is not there.
    const sharedNote = patient.getByRole("article", { name: `Visit summary ${stamp}` });
    await expect(sharedNote).toHaveCount(1);
    await expect(sharedNote).toContainText(`Rest and fluids ${stamp}`);
    await expect(patient.getByText(`Private ${stamp}`)).toHaveCount(0);
    await expect(patient.getByText("Notes need a connection")).toHaveCount(0);
    await expect(patient.getByRole("listitem", { name: /^Lab: Glucose/ })).toContainText(`Fasting ${stamp}`);
    await expect(patient.getByText("can be drafted here")).toHaveCount(0);
    await patient.screenshot({ path: "/tmp/dpc-e2e-results/health-record-offline-visit-phone.png", fullPage: true });
  } finally {
    await patient.context().setOffline(false);
    for (const id of made.notes) await api("DELETE", `/encounterNotes/${id}`).catch(() => {});
    if (made.noteType) await api("DELETE", `/noteTypes/${made.noteType}`).catch(() => {});
    if (made.encounter) await api("DELETE", `/encounters/${made.encounter}`).catch(() => {});
    for (const id of made.problems) await api("DELETE", `/problems/${id}`).catch(() => {});
    await patient.context().close();
    await doctor.context().close();
  }
});
