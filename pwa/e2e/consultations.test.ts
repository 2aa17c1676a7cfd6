/**
 * Issue 4's browser test, each person on their own device (browser context):
 * the demo patient books the demo doctor's first free slot from the doctor's
 * profile, the doctor accepts the request, both see it under Upcoming, the
 * patient cancels it with a reason and both see it canceled. The demo seed
 * gives the doctor weekday hours (09:00–17:00 Los Angeles), so slots exist.
 */
import { type Browser, expect, type Page, test } from "@playwright/test";
import { signInDevice } from "./helpers.ts";

test.describe.configure({ timeout: 120_000 });

async function openAs(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  // Both go offline later: the service worker must hold the screens first.
  await signInDevice(page, email);
  await expect(page).toHaveURL(/\/home$/);
  return page;
}

/** The consultations panel of /home, on one tab (navigating inside the app, so the session is kept). */
async function showTab(page: Page, tab: "All" | "Requests" | "Upcoming" | "Past") {
  const main = page.getByRole("main");
  if (!/\/home/.test(page.url())) await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Home" }).click();
  await main.getByRole("tab", { name: tab }).click();
  await expect(main.getByRole("tab", { name: tab })).toHaveAttribute("aria-selected", "true");
  return main.getByRole("tabpanel");
}

test("the patient books the doctor, the doctor accepts, both see it upcoming; the patient cancels with a reason and both see it canceled", async ({ browser }) => {
  const reason = `Cough for a week ${Date.now()}`;
  const patient = await openAs(browser, "patient@demo.test");
  const doctor = await openAs(browser, "doctor@demo.test");
  try {
    // The patient books the first free slot from the doctor's profile.
    await patient.getByRole("main").getByRole("link", { name: "Book a consultation" }).first().click();
    await expect(patient.getByRole("heading", { level: 1, name: "Dr. Grace Hopper" })).toBeVisible();
    const form = patient.getByRole("form", { name: "Book a consultation" });
    await form.getByRole("radio", { name: "Video" }).check();
    // Sending without a time or a reason says what is missing beside the fields.
    await form.getByRole("button", { name: "Request consultation" }).click();
    await expect(form.getByText("Choose a free time")).toBeVisible();
    await expect(form.getByText("Reason is required")).toBeVisible();
    const firstSlot = form.locator(".slot-day__list button").first();
    const slotName = await firstSlot.getAttribute("aria-label");
    await firstSlot.click();
    await expect(firstSlot).toHaveAttribute("aria-pressed", "true");
    await form.getByLabel("Reason for the consultation").fill(reason);
    await form.getByLabel("Blood pressure").fill("120/80");
    await form.getByLabel(/Pulse/).fill("72");
    await form.getByRole("button", { name: "Request consultation" }).click();
    const booked = patient.getByRole("region", { name: /Consultation requested/ });
    await expect(booked).toBeVisible();
    await expect(booked.getByText("Requested", { exact: true })).toBeVisible();
    expect(slotName).toBeTruthy();

    // The doctor accepts it from the Requests tab.
    const requests = await showTab(doctor, "Requests");
    const request = requests.getByRole("listitem").filter({ hasText: reason });
    await expect(request).toBeVisible();
    await request.getByRole("button", { name: /^Accept the consultation/ }).click();
    const accept = doctor.getByRole("dialog", { name: "Accept the consultation?" });
    await accept.getByRole("button", { name: "Accept" }).click();
    await expect(accept).toBeHidden();

    // Both see it under Upcoming, accepted.
    const doctorUpcoming = (await showTab(doctor, "Upcoming")).getByRole("listitem").filter({ hasText: reason });
    await expect(doctorUpcoming.getByText("Accepted", { exact: true })).toBeVisible();

    // Offline, the doctor opens it: the patient's intake answers read from the device (issue 31).
    await doctor.context().setOffline(true);
    await doctorUpcoming.getByRole("link", { name: /Pat Patient/ }).click();
    const intake = doctor.getByRole("region", { name: "Intake form" });
    await expect(intake).toContainText("120/80", { timeout: 15_000 });
    await doctor.context().setOffline(false);
    await doctor.goBack();
    await patient.getByRole("link", { name: "See my consultations" }).click();
    const patientUpcoming = (await showTab(patient, "Upcoming")).getByRole("listitem").filter({ hasText: reason });
    await expect(patientUpcoming.getByText("Accepted", { exact: true })).toBeVisible();
    await expect(patientUpcoming.getByRole("link", { name: "Dr. Grace Hopper" })).toBeVisible();

    // Offline, the patient's list reads the device's copy (read-only): still there, accepted, with nothing to press.
    await patient.context().setOffline(true);
    const offlineAll = await showTab(patient, "All");
    await expect(patient.getByText("Offline — showing saved data.")).toBeVisible();
    const offlineItem = offlineAll.getByRole("listitem").filter({ hasText: reason });
    await expect(offlineItem.getByText("Accepted", { exact: true })).toBeVisible();
    await expect(offlineItem.getByRole("button", { name: /^Cancel the consultation/ })).toBeDisabled();
    await patient.context().setOffline(false);
    await expect(patient.getByText("Offline — showing saved data.")).toBeHidden();
    await showTab(patient, "Upcoming");

    // The patient cancels; a reason is required.
    await patientUpcoming.getByRole("button", { name: /^Cancel the consultation/ }).click();
    const cancel = patient.getByRole("dialog", { name: "Cancel the consultation?" });
    await cancel.getByRole("button", { name: "Cancel consultation" }).click();
    await expect(cancel.getByText("Cancel reason is required")).toBeVisible();
    await cancel.getByLabel("Reason").fill("Feeling better already");
    await cancel.getByRole("button", { name: "Cancel consultation" }).click();
    await expect(cancel).toBeHidden();
    await expect(patientUpcoming).toHaveCount(0);

    // Both see it canceled, with the reason.
    const patientPast = (await showTab(patient, "Past")).getByRole("listitem").filter({ hasText: reason });
    await expect(patientPast.getByText("Canceled", { exact: true })).toBeVisible();
    await expect(patientPast.getByText("Canceled: Feeling better already")).toBeVisible();
    await expect((await showTab(doctor, "Upcoming")).getByRole("listitem").filter({ hasText: reason })).toHaveCount(0);
    const doctorPast = (await showTab(doctor, "Past")).getByRole("listitem").filter({ hasText: reason });
    await expect(doctorPast.getByText("Canceled", { exact: true })).toBeVisible();

    // The doctor opens it: the access state says it was canceled, and Join is off.
    await doctorPast.getByRole("link", { name: "Pat Patient" }).click();
    await expect(doctor.getByRole("heading", { level: 2, name: "Canceled" })).toBeVisible();
    await expect(doctor.getByRole("button", { name: "Join" })).toBeDisabled();
  } finally {
    await patient.context().close();
    await doctor.context().close();
  }
});
