/**
 * Issue 7's chart in the browser, each person on their own device: the demo
 * doctor opens the demo patient's chart, adds an allergy to the medical card,
 * records vitals (seen in the table and the chart), adds a problem left
 * unshared, creates an encounter, adds an ICD-10 diagnosis, shares it and
 * sends the encounter. The VMA sees the encounter but cannot create one; the
 * patient's /health-record shows the shared diagnosis and not the unshared problem.
 */
import { expect, type Page, test } from "@playwright/test";
import { openAs } from "./helpers.ts";

test.describe.configure({ timeout: 180_000 });

const DEMO_PATIENT = "Pat Patient";

async function openChart(page: Page) {
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Patients" }).click();
  await page.getByRole("link", { name: new RegExp(DEMO_PATIENT) }).click();
  await expect(page.getByRole("heading", { level: 1, name: DEMO_PATIENT })).toBeVisible();
}

const section = async (page: Page, name: string) => {
  await page.getByRole("tab", { name }).click();
  await expect(page.getByRole("tab", { name })).toHaveAttribute("aria-selected", "true");
  return page.getByRole("tabpanel", { name });
};

test("doctor charts and sends an encounter; the VMA sees it without creating; the patient sees only what was shared", async ({ browser }) => {
  const stamp = Date.now();
  const allergy = `Sulfa ${stamp}`;
  const problem = `Private problem ${stamp}`;
  const reason = `Chart check ${stamp}`;
  const doctor = await openAs(browser, "doctor@demo.test", /\/home$/);
  try {
    await openChart(doctor);
    await expect(doctor.getByRole("tab", { name: "Profile" })).toHaveAttribute("aria-selected", "true");

    // Medical card: an allergy with its reaction.
    const card = await section(doctor, "Medical card");
    const allergies = card.getByRole("region", { name: "Allergies" });
    await allergies.getByRole("button", { name: "Add allergy" }).click();
    const allergyDialog = doctor.getByRole("dialog", { name: "Add allergy" });
    await allergyDialog.getByLabel("Allergy", { exact: true }).fill(allergy);
    await allergyDialog.getByLabel("Reaction").fill("Hives");
    await allergyDialog.getByRole("button", { name: "Add" }).click();
    await expect(allergyDialog).toBeHidden();
    await expect(allergies.getByRole("listitem").filter({ hasText: allergy })).toContainText("Reaction: Hives");

    // Vitals: 02 §5 rules in the form, then a reading in the table and the chart (BMI from the server).
    const vitals = await section(doctor, "Vitals");
    await vitals.getByRole("button", { name: "Add vitals" }).click();
    const vitalsDialog = doctor.getByRole("dialog", { name: "Add vitals" });
    await vitalsDialog.getByLabel("Blood pressure (mmHg)").fill("128-84");
    await vitalsDialog.getByRole("button", { name: "Add vitals" }).click();
    await expect(vitalsDialog.getByText("Write blood pressure like 120/80")).toBeVisible();
    await vitalsDialog.getByLabel("Blood pressure (mmHg)").fill("128/84");
    await vitalsDialog.getByLabel("Pulse (bpm)").fill("66");
    await vitalsDialog.getByLabel("Weight (lbs)").fill("182");
    await vitalsDialog.getByLabel("Height (in)").fill("70");
    await vitalsDialog.getByRole("button", { name: "Add vitals" }).click();
    await expect(vitalsDialog).toBeHidden();
    const table = vitals.getByRole("table", { name: "Vitals readings, newest first" });
    const row = table.getByRole("row").filter({ hasText: "128/84" }).first();
    await expect(row).toContainText("182");
    await expect(row).toContainText("26.1");
    await expect(vitals.getByRole("img", { name: /^Weight \(lbs\) Weight: .*latest 182 lbs/ })).toBeVisible();
    await expect(vitals.getByRole("img", { name: /^Blood pressure \(mmHg\) Systolic: .*latest 128 mmHg/ })).toBeVisible();
    await expect(vitals.getByRole("img", { name: /^BMI/ })).toBeVisible();

    // A problem the patient must not see.
    const problems = await section(doctor, "Problems");
    await problems.getByRole("button", { name: "Add problem" }).click();
    const problemDialog = doctor.getByRole("dialog", { name: "Add a problem" });
    await problemDialog.getByRole("textbox", { name: "Problem", exact: true }).fill(problem);
    await problemDialog.getByRole("button", { name: "Add problem" }).click();
    await expect(problemDialog).toBeHidden();
    await expect(problems.getByRole("listitem").filter({ hasText: problem })).toContainText("Not shared");

    // An encounter, opened on creation.
    const encounters = await section(doctor, "Encounters");
    await encounters.getByRole("button", { name: "New encounter" }).click();
    const encounterDialog = doctor.getByRole("dialog", { name: "New encounter" });
    await encounterDialog.getByLabel("Type").selectOption({ label: "Video visit" });
    await encounterDialog.getByLabel("Reason").fill(reason);
    await encounterDialog.getByRole("button", { name: "Create encounter" }).click();
    await expect(doctor.getByRole("heading", { level: 1, name: reason })).toBeVisible();
    await expect(doctor).toHaveURL(/\/doctor\/patients\/[0-9a-f-]+\/encounters\/[0-9a-f-]+$/);

    // A diagnosis from the ICD-10 list, shared; then the encounter is sent.
    const diagnoses = doctor.getByRole("region", { name: "Diagnoses" });
    await diagnoses.getByRole("button", { name: "Add diagnosis" }).click();
    const dxDialog = doctor.getByRole("dialog", { name: "Add a diagnosis" });
    await dxDialog.getByRole("combobox", { name: "Diagnosis (ICD-10)" }).fill("I10");
    await dxDialog.getByRole("option", { name: /^I10 / }).click();
    await dxDialog.getByRole("button", { name: "Add diagnosis" }).click();
    await expect(dxDialog).toBeHidden();
    const dx = diagnoses.getByRole("listitem").filter({ hasText: "I10" });
    await expect(dx).toContainText("Not shared");
    await dx.getByRole("button", { name: "Share I10" }).click();
    await expect(dx).toContainText("Shared with the patient");
    await doctor.getByRole("button", { name: "Send to the patient" }).click();
    await doctor.getByRole("dialog", { name: "Send this encounter to the patient?" }).getByRole("button", { name: "Send" }).click();
    await expect(doctor.locator(".chart-header")).toContainText("Sent to the patient");
  } finally {
    await doctor.context().close();
  }

  // The VMA sees the encounter, and has no action to create one or to send it.
  const vma = await openAs(browser, "vma@demo.test", /\/messages/);
  try {
    await openChart(vma);
    const encounters = await section(vma, "Encounters");
    await expect(encounters.getByRole("link", { name: new RegExp(reason) })).toBeVisible();
    await expect(encounters.getByRole("button", { name: "New encounter" })).toHaveCount(0);
    await encounters.getByRole("link", { name: new RegExp(reason) }).click();
    await expect(vma.getByRole("heading", { level: 1, name: reason })).toBeVisible();
    await expect(vma.getByRole("region", { name: "Diagnoses" }).getByText("I10")).toBeVisible();
    // The VMA downloads and faxes (documents, issue 16) but neither edits, deletes nor sends the encounter.
    await expect(vma.getByRole("group", { name: "Encounter actions" }).getByRole("button")).toHaveText(["Download PDF", "Fax"]);
  } finally {
    await vma.context().close();
  }

  // The patient: the shared diagnosis under the sent visit, not the unshared problem.
  const patient = await openAs(browser, "patient@demo.test", /\/home$/);
  try {
    await patient.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Health record" }).click();
    await expect(patient.getByRole("heading", { level: 1, name: "Your health record" })).toBeVisible();
    const visit = patient.getByRole("region", { name: "Visits" }).getByRole("listitem").filter({ hasText: reason });
    await expect(visit).toContainText("I10");
    await expect(visit).toContainText("hypertension");
    const problems = patient.getByRole("region", { name: "Problems" });
    await expect(problems).toHaveAttribute("aria-busy", "false");
    await expect(problems.getByRole("heading", { name: "Problems" })).toBeVisible();
    await expect(patient.getByText(problem)).toHaveCount(0);
    await expect(patient.getByRole("img", { name: /^Weight \(lbs\)/ })).toHaveCount(0);
    await visit.getByRole("link", { name: new RegExp(reason) }).click();
    await expect(patient.getByRole("heading", { level: 1, name: reason })).toBeVisible();
    await expect(patient.getByRole("region", { name: "Diagnoses" }).getByText("I10")).toBeVisible();
  } finally {
    await patient.context().close();
  }
});
