import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { createFetchStub, randomUser, renderApp, signedInDeps, success } from "../../../test/helpers.tsx";
import { diagnosis, encounter, ENCOUNTER_ID, list, PATIENT_ID, problem, vitals } from "../test-fixtures.ts";
import { beforeAll as preloadBeforeAll } from "vitest";
import { preloadScreens } from "../../../test/helpers.tsx";

// Screens load by route (React.lazy): loaded once here, before the 1 s waits of the tests.
preloadBeforeAll(preloadScreens, 60_000);

const patient = () => randomUser({ id: PATIENT_ID, role: "patient", firstName: "Pat", lastName: "Patient" });

// Generous: userEvent typing is slow when the suite runs files in parallel on few cores.
describe("HealthRecordPage", { timeout: 20_000 }, () => {
  it("shows the patient what was shared: visits with their shared diagnoses, problems, vitals of sent visits", async () => {
    const stub = createFetchStub({
      [`GET /encounters/${PATIENT_ID}/list`]: () => success(list([encounter({ isShared: true })], 0, 10)),
      "GET /doctors/encounter/creators": () => success([]),
      [`POST /diagnoses/list/${ENCOUNTER_ID}`]: () => success(list([diagnosis({ isShared: true })], 0, 100)),
      [`GET /problems/patient/${PATIENT_ID}`]: () => success([problem({ name: "Seasonal allergies", code: null, isShared: true })]),
      [`GET /vitals/patient/${PATIENT_ID}`]: () => success([vitals({ encounterId: ENCOUNTER_ID, weight: 180, bloodPressure: "120/80" })]),
    });
    renderApp("/health-record", signedInDeps(patient(), { fetch: stub.fetch }));
    expect(await screen.findByRole("heading", { level: 1, name: "Your health record" })).toBeTruthy();
    expect(screen.getByRole("navigation", { name: "Main" }).querySelector('a[href="/health-record"]')?.textContent).toBe("Health record");

    const visits = screen.getByRole("region", { name: "Visits" });
    const visit = await within(visits).findByRole("listitem");
    expect(within(visit).getByRole("link", { name: /^Cough for a week/ }).getAttribute("href")).toBe(`/health-record/encounters/${ENCOUNTER_ID}`);
    expect(await within(visit).findByText("J20.9")).toBeTruthy();
    expect(within(visit).getByText(/Acute bronchitis/)).toBeTruthy();
    // Sharing marks are for the care team; everything here is shared.
    expect(within(visits).queryByText(/Sent to the patient|Not sent/)).toBeNull();
    expect(within(visits).queryByRole("button", { name: "New encounter" })).toBeNull();

    const problems = screen.getByRole("region", { name: "Problems" });
    expect(await within(problems).findByText("Seasonal allergies")).toBeTruthy();
    expect(within(problems).queryByRole("button")).toBeNull();

    expect(await screen.findByRole("img", { name: /^Weight \(lbs\)/ })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Add vitals" })).toBeNull();
    expect(stub.calls.some((c) => c.path.includes("areImportsFromIntakeFormsPossible"))).toBe(false);
  });

  it("says each part needs a connection when the server cannot be reached", async () => {
    const offline = () => Promise.reject(new TypeError("Failed to fetch"));
    const stub = createFetchStub({
      [`GET /encounters/${PATIENT_ID}/list`]: offline,
      "GET /doctors/encounter/creators": offline,
      [`GET /problems/patient/${PATIENT_ID}`]: offline,
      [`GET /vitals/patient/${PATIENT_ID}`]: offline,
    });
    renderApp("/health-record", signedInDeps(patient(), { fetch: stub.fetch }));
    expect(await screen.findByText("Visits: needs a connection")).toBeTruthy();
    expect(await screen.findByText("Problems: needs a connection")).toBeTruthy();
    expect(await screen.findByText("Vitals: needs a connection")).toBeTruthy();
    expect(screen.queryByText(/Cannot reach the server/, { selector: ".form-error" })).toBeNull();
  });

  it("is the patient's: a doctor is sent to the landing page", async () => {
    const doctor = randomUser({ role: "doctor", isAccountApproved: true, stripeAccount: "acct_1", isActiveStripeAccount: true });
    const { router } = renderApp("/health-record", signedInDeps(doctor, { fetch: createFetchStub().fetch }));
    await screen.findAllByRole("link");
    expect(router.state.location.pathname).toBe("/");
  });
});
