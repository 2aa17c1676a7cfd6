import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { createFetchStub, failure, randomUser, renderApp, signedInDeps, success } from "../../../test/helpers.tsx";
import { ageOn } from "../lib/chart-format.ts";
import { emptyCard, PATIENT_ID, patientChart } from "../test-fixtures.ts";
import { afterEach, beforeAll as preloadBeforeAll } from "vitest";
import type { ConsultationDoc, PanelPatientDoc } from "../../../../../sync/collections/index.ts";
import { openSyncDevice, renderAppOnDevice, type SyncDevice } from "../../../test/sync-device.tsx";
import { preloadScreens } from "../../../test/helpers.tsx";

// Screens load by route (React.lazy): loaded once here, before the 1 s waits of the tests.
preloadBeforeAll(preloadScreens, 60_000);

const doctor = () =>
  randomUser({ role: "doctor", isAccountApproved: true, fullAccess: true, stripeAccount: "acct_1", isActiveStripeAccount: true });
const chartPath = `/doctor/patients/${PATIENT_ID}`;

const devices: SyncDevice[] = [];
afterEach(async () => {
  for (const device of devices.splice(0)) await device.engine.stop();
});

/** The demo patient as the practice's panel holds it on the device (issue 31): the card as stored. */
const panelPatient = (): PanelPatientDoc => ({
  id: PATIENT_ID, doctorId: null, firstName: "Pat", middleName: null, lastName: "Patient", email: "patient@demo.test",
  phoneNumber: "+17025550103", birthDate: "1980-07-02", gender: "Male", state: "NV", city: "Reno",
  card: {
    allergies: [{ name: "Penicillin", reaction: "Hives" }],
    medications: [{ _id: "m-1", name: "Lisinopril", dose: "10 mg", frequency: "daily" }],
    familyHistoryNoSignificant: true,
    socialHistory: { tobacco: "never", alcohol: "weekly", drugs: "never" },
  },
  updatedAt: 9, _deleted: false,
});

/** A doctor's device holding the panel, whose server cannot be reached for the chart. */
async function offlineDevice() {
  const device = await openSyncDevice({
    user: doctor(),
    serve: { patients: [panelPatient()] },
    handlers: { [`GET /patient/${PATIENT_ID}`]: () => Promise.reject(new TypeError("Failed to fetch")) },
  });
  devices.push(device);
  return device;
}

// Generous: userEvent typing is slow when the suite runs files in parallel on few cores.
describe("PatientChartPage", { timeout: 20_000 }, () => {
  it("heads the chart with the patient's name, age, birth date, gender and contact; Profile first", async () => {
    const stub = createFetchStub({ [`GET /patient/${PATIENT_ID}`]: () => success(patientChart()) });
    renderApp(chartPath, signedInDeps(doctor(), { fetch: stub.fetch }));
    expect(await screen.findByRole("heading", { level: 1, name: "Pat Patient" })).toBeTruthy();
    const header = screen.getByRole("heading", { level: 1 }).closest("header")!;
    expect(within(header).getByText(`${ageOn("1980-07-02")} years`)).toBeTruthy();
    expect(within(header).getByText("Born Jul 2, 1980")).toBeTruthy();
    expect(within(header).getByText("Male")).toBeTruthy();
    expect(within(header).getByRole("link", { name: "Email patient@demo.test" }).getAttribute("href")).toBe("mailto:patient@demo.test");
    expect(within(header).getByRole("link", { name: "Call +17025550103" }).getAttribute("href")).toBe("tel:+17025550103");
    const tabs = screen.getByRole("tablist", { name: "Chart sections" });
    expect(within(tabs).getAllByRole("tab").map((t) => t.textContent)).toEqual([
      "Profile", "Medical card", "Problems", "Vitals", "Encounters", "Drafts & files",
    ]);
    expect(screen.getByRole("tab", { name: "Profile" }).getAttribute("aria-selected")).toBe("true");
    expect(screen.getByRole("tabpanel", { name: "Profile" })).toBeTruthy();
  });

  it("keeps allergies and current medications in view above every section (issue 32)", async () => {
    const user = userEvent.setup();
    const card = emptyCard({
      allergies: [{ _id: "a1", name: "Penicillin", reaction: "Hives", comment: "" }, { _id: "a2", name: "Peanut", reaction: "", comment: "" }],
      medications: [{ _id: "m1", name: "Metformin", dose: "500 mg", frequency: "twice daily" }],
    });
    const stub = createFetchStub({
      [`GET /patient/${PATIENT_ID}`]: () => success(patientChart({ medicalCard: card })),
    });
    renderApp(chartPath, signedInDeps(doctor(), { fetch: stub.fetch }));
    const banner = await screen.findByRole("region", { name: "Allergies and medications" });
    expect(banner.textContent).toContain("Allergies: Penicillin (Hives), Peanut");
    expect(banner.textContent).toContain("Medications: Metformin 500 mg twice daily");
    await user.click(screen.getByRole("tab", { name: "Drafts & files" }));
    expect(screen.getByRole("region", { name: "Allergies and medications" })).toBe(banner);
  });

  it("tells 'no known allergies' from allergies never recorded", async () => {
    for (const [flag, words] of [[true, "Allergies: No known allergies"], [false, "Allergies: Not recorded"]] as const) {
      const stub = createFetchStub({ [`GET /patient/${PATIENT_ID}`]: () => success(patientChart({ medicalCard: emptyCard({ allergiesNoSignificant: flag }) })) });
      const { unmount } = renderApp(chartPath, signedInDeps(doctor(), { fetch: stub.fetch }));
      const banner = await screen.findByRole("region", { name: "Allergies and medications" });
      expect(banner.textContent).toContain(words);
      expect(banner.textContent).toContain("Medications: None recorded");
      unmount();
    }
  });

  it("moves between sections with the arrow keys, keeping the section in the address", async () => {
    const user = userEvent.setup();
    const stub = createFetchStub({ [`GET /patient/${PATIENT_ID}`]: () => success(patientChart()) });
    const { router } = renderApp(chartPath, signedInDeps(doctor(), { fetch: stub.fetch }));
    await screen.findByRole("heading", { level: 1, name: "Pat Patient" });
    screen.getByRole("tab", { name: "Profile" }).focus();
    await user.keyboard("{ArrowRight}");
    const card = screen.getByRole("tab", { name: "Medical card" });
    expect(card.getAttribute("aria-selected")).toBe("true");
    expect(document.activeElement).toBe(card);
    expect(router.state.location.search).toBe("?section=card");
    expect(await screen.findByRole("heading", { level: 2, name: "Medical card" })).toBeTruthy();
    await user.keyboard("{End}");
    expect(router.state.location.search).toBe("?section=drafts");
    expect(screen.getByRole("button", { name: "New draft" })).toBeTruthy();
    await user.keyboard("{ArrowRight}");
    expect(router.state.location.search).toBe("?section=profile");
  });

  it("edits the general data with the shared schema: nothing is sent while it is invalid; the header follows the saved answer", async () => {
    const user = userEvent.setup();
    const stub = createFetchStub({
      [`GET /patient/${PATIENT_ID}`]: () => success(patientChart()),
      [`PUT /patient/edit/general/${PATIENT_ID}`]: (req) => success({ ...patientChart(), ...(req.body as object) }),
    });
    renderApp(chartPath, signedInDeps(doctor(), { fetch: stub.fetch }));
    await user.click(await screen.findByRole("button", { name: "Edit profile" }));
    const form = screen.getByRole("form", { name: "Edit profile" });
    await user.clear(within(form).getByLabelText("First name"));
    await user.type(within(form).getByLabelText("Last name"), "x".repeat(40));
    await user.click(within(form).getByRole("button", { name: "Save profile" }));
    expect(within(form).getByText("First name is required")).toBeTruthy();
    expect(within(form).getByText("Last name must be under 35 symbols")).toBeTruthy();
    expect(document.activeElement).toBe(within(form).getByLabelText("First name"));
    expect(stub.calls.filter((c) => c.method === "PUT")).toEqual([]);

    await user.type(within(form).getByLabelText("First name"), "Patrick");
    await user.clear(within(form).getByLabelText("Last name"));
    await user.type(within(form).getByLabelText("Last name"), "Patient");
    await user.type(within(form).getByLabelText("Middle name"), "Q");
    await user.click(within(form).getByRole("button", { name: "Save profile" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Patrick Q Patient" })).toBeTruthy();
    expect(stub.calls.find((c) => c.method === "PUT")?.body).toEqual({
      firstName: "Patrick", lastName: "Patient", middleName: "Q", birthDate: "1980-07-02", gender: "Male",
    });
    expect(screen.queryByRole("form", { name: "Edit profile" })).toBeNull();
  });

  it("shows the server's refusal beside the fields and in the snackbar", async () => {
    const user = userEvent.setup();
    const stub = createFetchStub({
      [`GET /patient/${PATIENT_ID}`]: () => success(patientChart()),
      [`PUT /patient/edit/general/${PATIENT_ID}`]: () =>
        failure(400, "Please correct the highlighted fields", { fields: { birthDate: "Birth date cannot be after today or before 1900" } }),
    });
    renderApp(chartPath, signedInDeps(doctor(), { fetch: stub.fetch }));
    await user.click(await screen.findByRole("button", { name: "Edit profile" }));
    await user.click(screen.getByRole("button", { name: "Save profile" }));
    expect(await screen.findByText("Birth date cannot be after today or before 1900")).toBeTruthy();
    // Under the form, and announced by the snackbar.
    expect(screen.getByText("Please correct the highlighted fields", { selector: ".form-error" })).toBeTruthy();
    expect(screen.getAllByRole("alert").some((a) => a.textContent?.includes("Please correct the highlighted fields"))).toBe(true);
  });

  it("says the chart needs a connection instead of an error when the server cannot be reached; drafts and files stay", async () => {
    const user = userEvent.setup();
    const stub = createFetchStub({ [`GET /patient/${PATIENT_ID}`]: () => Promise.reject(new TypeError("Failed to fetch")) });
    renderApp(chartPath, signedInDeps(doctor(), { fetch: stub.fetch }));
    expect(await screen.findByText("Profile: needs a connection")).toBeTruthy();
    expect(screen.queryByRole("alert", { name: /Cannot reach/ })).toBeNull();
    await user.click(screen.getByRole("tab", { name: "Drafts & files" }));
    expect(screen.getByRole("button", { name: "New draft" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Attach file" })).toBeTruthy();
  });

  it("offline, heads the chart and shows Profile and Medical card from the device, read-only", async () => {
    const user = userEvent.setup();
    renderAppOnDevice(chartPath, await offlineDevice());
    expect(await screen.findByRole("heading", { level: 1, name: "Pat Patient" })).toBeTruthy();
    const header = screen.getByRole("heading", { level: 1 }).closest("header")!;
    expect(within(header).getByText("Born Jul 2, 1980")).toBeTruthy();
    expect(within(header).getByRole("link", { name: "Call +17025550103" })).toBeTruthy();

    const profile = screen.getByRole("tabpanel", { name: "Profile" });
    expect(await within(profile).findByText("Saved on this device. Editing needs a connection.")).toBeTruthy();
    // The allergy banner reads from the device too: a home visit without signal still shows it.
    expect(screen.getByRole("region", { name: "Allergies and medications" }).textContent).toContain("Penicillin (Hives)");
    expect(within(profile).getByText("patient@demo.test")).toBeTruthy();
    expect(within(profile).queryByRole("button", { name: "Edit profile" })).toBeNull();
    expect(screen.queryByText("Profile: needs a connection")).toBeNull();

    await user.click(screen.getByRole("tab", { name: "Medical card" }));
    const card = screen.getByRole("tabpanel", { name: "Medical card" });
    expect(within(card).getByText("Saved on this device. Editing needs a connection.")).toBeTruthy();
    const allergies = within(card).getByRole("region", { name: "Allergies" });
    expect(within(allergies).getByRole("listitem").textContent).toContain("Penicillin");
    expect(within(allergies).getByRole("listitem").textContent).toContain("Reaction: Hives");
    expect(within(within(card).getByRole("region", { name: "Medications" })).getByText("Lisinopril")).toBeTruthy();
    expect(within(within(card).getByRole("region", { name: "Family history" })).getByText("No significant family history")).toBeTruthy();
    expect(within(card).getByText("Weekly")).toBeTruthy();
    expect(within(card).queryAllByRole("button")).toEqual([]);
  });

  it("'Document this visit' opens a new encounter filled from the consultation and links it (issue 32)", async () => {
    const user = userEvent.setup();
    const me = doctor();
    const visitId = "3f2b9c1e-0000-4000-8000-0000000000c9";
    let sent: Record<string, unknown> | null = null;
    const visitDoc: ConsultationDoc = {
          id: visitId, doctorId: me.id, patientId: PATIENT_ID, doctorName: "Grace Hopper", patientName: "Pat Patient", type: "video",
          status: "finished", startAt: "2026-01-05T10:00:00.000Z", endAt: "2026-01-05T10:30:00.000Z", reason: "Sore throat",
          outOfStateReason: null, declineReason: null, cancelReason: null, encounterId: null, updatedAt: 3, _deleted: false,
        };
    const device = await openSyncDevice({
      user: me,
      serve: {
        patients: [panelPatient()],
        consultations: [visitDoc],
      },
      handlers: {
        [`GET /patient/${PATIENT_ID}`]: () => success(patientChart()),
        [`GET /encounters/${PATIENT_ID}/list`]: () => success({ list: [], totalCount: 0 }),
        "GET /doctors/encounter/creators": () => success([]),
        [`POST /encounters/${PATIENT_ID}`]: (req) => {
          sent = req.body as Record<string, unknown>;
          return success({ id: "3f2b9c1e-0000-4000-8000-0000000000e9" });
        },
      },
    });
    devices.push(device);
    renderAppOnDevice(`${chartPath}?document=${visitId}`, device);
    const dialog = await screen.findByRole("dialog", { name: "Document this visit" });
    const visit = await within(dialog).findByLabelText("Visit documented (optional)") as HTMLSelectElement;
    await waitFor(() => expect(visit.value).toBe(visitId));
    expect((within(dialog).getByLabelText("Reason") as HTMLInputElement).value).toBe("Sore throat");
    expect((within(dialog).getByLabelText("Type") as HTMLSelectElement).value).toBe("video");
    await user.click(within(dialog).getByRole("button", { name: "Create encounter" }));
    await waitFor(() => expect(sent).not.toBeNull());
    expect([sent!.consultationId, sent!.type, sent!.reason, sent!.datetime]).toEqual([visitId, "video", "Sore throat", "2026-01-05T10:00:00.000Z"]);
  });

  it("answers a malformed address with not found, asking the server nothing", async () => {
    const stub = createFetchStub();
    renderApp("/doctor/patients/not-a-patient", signedInDeps(doctor(), { fetch: stub.fetch }));
    expect(await screen.findByRole("heading", { level: 1, name: "Patient not found" })).toBeTruthy();
    expect(stub.calls.filter((c) => c.path.startsWith("/patient"))).toEqual([]);
  });

  it("shows a server 404 for the chart with a retry", async () => {
    const stub = createFetchStub({ [`GET /patient/${PATIENT_ID}`]: () => failure(404, "No such patient") });
    renderApp(chartPath, signedInDeps(doctor(), { fetch: stub.fetch }));
    await waitFor(() => expect(screen.getByText("No such patient")).toBeTruthy());
    expect(screen.getByRole("button", { name: "Try again" })).toBeTruthy();
  });
});
