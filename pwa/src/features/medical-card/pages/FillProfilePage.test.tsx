import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { createFetchStub, randomUser, renderApp, signedInDeps, success } from "../../../test/helpers.tsx";
import { beforeAll as preloadBeforeAll } from "vitest";
import { preloadScreens } from "../../../test/helpers.tsx";

// Screens load by route (React.lazy): loaded once here, before the 1 s waits of the tests.
preloadBeforeAll(preloadScreens, 60_000);

describe("FillProfilePage", () => {
  it("shows the schema's errors for an empty card", async () => {
    const user = userEvent.setup();
    const stub = createFetchStub({ "GET /patient/medicalCard": () => success(null) });
    renderApp("/fillProfile", signedInDeps(randomUser({ profileNotFilledStage: "medicalCard" }), { fetch: stub.fetch }));
    await user.click(await screen.findByRole("button", { name: "Save medical card" }));
    expect(screen.getByText("Choose an answer about tobacco")).not.toBeNull();
    expect(screen.getByLabelText("Tobacco").getAttribute("aria-invalid")).toBe("true");
    expect(document.activeElement).toBe(screen.getByLabelText("Tobacco"));
    // An invalid card is never sent (other components, like the notification bell, may read).
    expect(stub.calls.filter((c) => c.method !== "GET")).toEqual([]);
  });

  it("starts from the saved card", async () => {
    const saved = {
      allergies: [{ name: "Penicillin", reaction: "Rash", comment: "" }],
      allergiesNoSignificant: false,
      medications: [],
      pastMedicalHistory: [],
      surgicalHistory: [],
      familyHistory: [],
      familyHistoryNoSignificant: true,
      socialHistory: { tobacco: "former", alcohol: "weekly", drugs: "never" },
    };
    const stub = createFetchStub({ "GET /patient/medicalCard": () => success(saved) });
    renderApp("/fillProfile", signedInDeps(randomUser(), { fetch: stub.fetch }));
    expect(await screen.findByRole("heading", { name: "Your medical card" })).not.toBeNull();
    expect((screen.getByLabelText("Allergy") as HTMLInputElement).value).toBe("Penicillin");
    expect((screen.getByLabelText("Tobacco") as HTMLSelectElement).value).toBe("former");
  });

  it("starts from a card the care team wrote before the patient (record ids, no social history yet)", async () => {
    const saved = {
      allergies: [{ _id: "5b1c2d3e-4f50-4617-8a9b-0c1d2e3f4a5b", name: "Latex", reaction: "Hives", comment: "", type: "other" }],
      allergiesNoSignificant: false,
      medications: [{ _id: "6c1c2d3e-4f50-4617-8a9b-0c1d2e3f4a5b", name: "Lisinopril", dose: "10 mg", frequency: "Once daily" }],
      pastMedicalHistory: [],
      surgicalHistory: [],
      familyHistory: [],
      familyHistoryNoSignificant: false,
      socialHistory: null,
    };
    const stub = createFetchStub({ "GET /patient/medicalCard": () => success(saved) });
    renderApp("/fillProfile", signedInDeps(randomUser(), { fetch: stub.fetch }));
    expect(await screen.findByRole("heading", { name: "Your medical card" })).not.toBeNull();
    expect((screen.getByLabelText("Allergy") as HTMLInputElement).value).toBe("Latex");
    expect((screen.getByLabelText("Medication") as HTMLInputElement).value).toBe("Lisinopril");
    expect((screen.getByLabelText("Tobacco") as HTMLSelectElement).value).toBe("");
  });

  it("saves the card, lifts the guard and goes home", async () => {
    const user = userEvent.setup();
    const patient = randomUser({ firstName: "Mia", profileNotFilledStage: "medicalCard" });
    const stub = createFetchStub({
      "GET /patient/medicalCard": () => success(null),
      "PUT /patient/medicalCard": () => success({ ...patient, profileNotFilledStage: null }),
    });
    const deps = signedInDeps(patient, { fetch: stub.fetch });
    const { router } = renderApp("/fillProfile", deps);

    await user.click(await screen.findByLabelText("No known allergies"));
    await user.click(screen.getByRole("button", { name: "Add medication" }));
    const medication = screen.getByRole("group", { name: "Medication 1" });
    await user.type(within(medication).getByLabelText("Medication"), "Metformin");
    await user.type(within(medication).getByLabelText("Dose"), "500 mg");
    await user.click(screen.getByLabelText("Nothing significant"));
    await user.selectOptions(screen.getByLabelText("Tobacco"), "never");
    await user.selectOptions(screen.getByLabelText("Alcohol"), "occasionally");
    await user.selectOptions(screen.getByLabelText("Recreational drugs"), "never");
    await user.click(screen.getByRole("button", { name: "Save medical card" }));

    await waitFor(() => expect(router.state.location.pathname).toBe("/home"));
    expect(await screen.findByRole("heading", { name: "Welcome, Mia" })).not.toBeNull();
    expect(stub.calls.find((c) => c.method === "PUT")?.body).toEqual({
      allergies: [],
      allergiesNoSignificant: true,
      medications: [{ name: "Metformin", dose: "500 mg", frequency: "" }],
      pastMedicalHistory: [],
      surgicalHistory: [],
      familyHistory: [],
      familyHistoryNoSignificant: true,
      socialHistory: { tobacco: "never", alcohol: "occasionally", drugs: "never" },
    });
    expect(deps.session.getState().user?.profileNotFilledStage).toBeNull();
  });
});
