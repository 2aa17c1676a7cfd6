import { describe, expect, it } from "vitest";
import type { PanelPatientDoc } from "../../../../../sync/collections/index.ts";
import { deviceCard, deviceChart } from "./device-chart.ts";

const doc = (patch: Partial<PanelPatientDoc> = {}): PanelPatientDoc => ({
  id: "3f2b9c1e-0000-4000-8000-0000000000a1", doctorId: "3f2b9c1e-0000-4000-8000-0000000000d1", firstName: "Pat",
  middleName: null, lastName: "Patient", email: "patient@demo.test", phoneNumber: null, birthDate: "1980-07-02", gender: "Male",
  state: "NV", city: "Reno", card: null, updatedAt: 4, _deleted: false, ...patch,
});

describe("the chart from the device", () => {
  it("gives every list, and a record without an `_id` one from its list and place", () => {
    const card = deviceCard({
      allergies: [{ name: "Penicillin", reaction: "Hives" }, { _id: "a-9", name: "Latex" }],
      medications: [{ name: "Lisinopril", dose: "10 mg" }],
      allergiesNoSignificant: false,
    });
    expect(card.allergies).toEqual([
      { name: "Penicillin", reaction: "Hives", _id: "allergies-0" },
      { _id: "a-9", name: "Latex" },
    ]);
    expect(card.medications).toEqual([{ name: "Lisinopril", dose: "10 mg", _id: "medications-0" }]);
    expect(card).toMatchObject({ pastMedicalHistory: [], surgicalHistory: [], familyHistory: [], familyHistoryNoSignificant: false });
  });

  it("reads no card as an empty one, and only a complete social history", () => {
    expect(deviceCard(null)).toEqual({
      allergies: [], allergiesNoSignificant: false, medications: [], pastMedicalHistory: [], surgicalHistory: [], familyHistory: [],
      familyHistoryNoSignificant: false, socialHistory: null,
    });
    expect(deviceCard({ socialHistory: { tobacco: "never", alcohol: "weekly", drugs: "never" } }).socialHistory)
      .toEqual({ tobacco: "never", alcohol: "weekly", drugs: "never" });
    expect(deviceCard({ socialHistory: { tobacco: "never" } }).socialHistory).toBeNull();
  });

  it("maps the patient as the chart's answer would (no middle name is empty)", () => {
    expect(deviceChart(doc())).toMatchObject({ firstName: "Pat", middleName: "", lastName: "Patient", gender: "Male", lastEncounterAt: null });
  });
});
