/**
 * Issue 15's orders in the browser, each person on their own device: the demo
 * doctor orders a CMP and prescribes amoxicillin to the patient's pharmacy from
 * an encounter; the VMA sees the draft but cannot send it; the doctor sends it
 * (confirming the penicillin allergy flag) and sees "Transmitted" arrive from the
 * e-prescribing emulator; uploads and shares the lab result; the patient sees
 * the shared result and the prescription under /orders.
 */
import { expect, test } from "@playwright/test";
import { followNav, openAs } from "./helpers.ts";

test.describe.configure({ timeout: 180_000 });

const PDF = Buffer.from("%PDF-1.4\n% CMP result\n" + "0".repeat(2000));

test("doctor orders a CMP and prescribes amoxicillin; transmitted; the VMA cannot send; the patient sees what was shared", async ({ browser }) => {
  const reason = `Orders check ${Date.now()}`;
  const doctor = await openAs(browser, "doctor@demo.test", /\/home$/);
  const vma = await openAs(browser, "vma@demo.test", /\/messages/);
  try {
    // An encounter for the demo patient.
    await doctor.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Patients" }).click();
    // In the list of patients, not a consultation of the home page still showing.
    await doctor.getByRole("region", { name: "Patients" }).getByRole("link", { name: /Pat Patient/ }).click();
    await doctor.getByRole("tab", { name: "Encounters" }).click();
    await doctor.getByRole("tabpanel", { name: "Encounters" }).getByRole("button", { name: "New encounter" }).click();
    const encounterDialog = doctor.getByRole("dialog", { name: "New encounter" });
    await encounterDialog.getByLabel("Type").selectOption({ label: "Video visit" });
    await encounterDialog.getByLabel("Reason").fill(reason);
    await encounterDialog.getByRole("button", { name: "Create encounter" }).click();
    await expect(doctor.getByRole("heading", { level: 1, name: reason })).toBeVisible();
    const orders = doctor.getByRole("region", { name: "Orders" });

    // A CMP from the LOINC catalogue.
    await orders.getByRole("button", { name: "Order lab" }).click();
    const labDialog = doctor.getByRole("dialog", { name: "Order a lab" });
    await labDialog.getByLabel("Find a test (name or LOINC code)").fill("comprehensive");
    await labDialog.getByRole("radio", { name: /Comprehensive metabolic panel \(CMP\)/ }).check();
    await labDialog.getByRole("button", { name: "Order lab" }).click();
    await expect(labDialog).toBeHidden();
    const lab = orders.getByRole("listitem", { name: "Lab: Comprehensive metabolic panel (CMP)" });
    await expect(lab).toContainText("Ordered");

    // Amoxicillin to the patient's own pharmacy (proposed first).
    await orders.getByRole("button", { name: "Prescribe" }).click();
    const rxDialog = doctor.getByRole("dialog", { name: "Prescribe" });
    await rxDialog.getByLabel("Find a medication").fill("amoxicillin 500");
    await rxDialog.getByRole("radio", { name: "amoxicillin 500 mg oral capsule" }).check();
    await rxDialog.getByLabel("Instructions (sig)").fill("1 capsule by mouth three times a day for 10 days");
    await rxDialog.getByLabel("Quantity").fill("30");
    await rxDialog.getByLabel("Days").fill("10");
    await expect(rxDialog.getByRole("radio", { name: /Harbor Drug #101.*Patient's pharmacy/ })).toBeChecked();
    await rxDialog.getByRole("button", { name: "Save draft" }).click();
    await expect(rxDialog).toBeHidden();
    const rx = orders.getByRole("listitem", { name: "Prescription: amoxicillin 500 mg oral capsule" });
    await expect(rx).toContainText("draft");
    await expect(rx).toContainText("Allergy flag");

    // The VMA sees the draft and cannot send it.
    await vma.goto(doctor.url().replace("/doctor/patients/", "/vma/patients/"));
    await expect(vma.getByRole("heading", { level: 1, name: reason })).toBeVisible();
    const vmaRx = vma.getByRole("region", { name: "Orders" }).getByRole("listitem", { name: "Prescription: amoxicillin 500 mg oral capsule" });
    await expect(vmaRx).toContainText("Only the doctor can sign and send a prescription");
    await expect(vmaRx.getByRole("button", { name: "Send to pharmacy" })).toHaveCount(0);
    await expect(vma.getByRole("region", { name: "Orders" }).getByRole("button", { name: "Prescribe" })).toHaveCount(0);

    // The doctor sends it, confirming the penicillin allergy flag; "Transmitted" arrives from the emulator.
    await rx.getByRole("button", { name: "Send to pharmacy" }).click();
    const confirm = doctor.getByRole("dialog", { name: "Send despite the allergy warning?" });
    await expect(confirm).toContainText("penicillin");
    await confirm.getByRole("button", { name: "Send anyway" }).click();
    await expect(rx).toContainText("current");
    await expect(rx.getByTestId("transmission")).toHaveText("Transmitted", { timeout: 20_000 });
    // …and on the VMA's open screen too (live).
    await expect(vmaRx.getByTestId("transmission")).toHaveText("Transmitted", { timeout: 20_000 });

    // The lab result: uploaded, then shared with the patient.
    await lab.getByLabel("Upload result for Comprehensive metabolic panel (CMP)").setInputFiles({ name: "cmp-result.pdf", mimeType: "application/pdf", buffer: PDF });
    await expect(lab).toContainText("cmp-result.pdf");
    await expect(lab).toContainText("Resulted");
    await lab.getByRole("button", { name: "Share results with patient" }).click();
    await expect(lab).toContainText("Shared with results");

    // The doctor's e-prescribing desk shows it transmitted.
    await followNav(doctor, "E-prescribing");
    await expect(doctor.getByRole("heading", { level: 1, name: "E-prescribing" })).toBeVisible();
    await doctor.getByLabel("Show").selectOption({ label: "All prescriptions" });
    await expect(doctor.getByRole("row", { name: /amoxicillin 500 mg oral capsule/ }).first().getByTestId("transmission")).toHaveText("Transmitted");
  } finally {
    await doctor.context().close();
    await vma.context().close();
  }

  // The patient: the shared CMP with its result, and the prescription.
  const patient = await openAs(browser, "patient@demo.test", /\/home$/);
  try {
    await patient.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Orders" }).click();
    await expect(patient.getByRole("heading", { level: 1, name: "Orders" })).toBeVisible();
    const list = patient.getByRole("list", { name: "Orders" });
    const lab = list.getByRole("listitem", { name: "Lab: Comprehensive metabolic panel (CMP)" }).first();
    await expect(lab.getByRole("button", { name: "cmp-result.pdf" })).toBeVisible();
    const rx = list.getByRole("listitem", { name: "Prescription: amoxicillin 500 mg oral capsule" }).first();
    await expect(rx).toContainText("Harbor Drug #101");
    await expect(rx.getByTestId("transmission")).toHaveText("Transmitted");
  } finally {
    await patient.context().close();
  }
});
