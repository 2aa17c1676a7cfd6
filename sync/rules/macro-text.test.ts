import { describe, expect, it } from "vitest";
import { fillMacro, shortcutAt } from "./macro-text.ts";

const today = new Date(2026, 2, 9);
describe("fillMacro", () => {
  it("fills patient, doctor and today", () => {
    const out = fillMacro("Hi {patient.firstName} ({patient.age}), {doctor.fullName} on {today}", {
      patient: { firstName: "Ann", lastName: "Lee", birthDate: "1990-03-10" },
      doctor: { firstName: "Ada", lastName: "Zeller" },
      today,
    });
    expect(out).toBe("Hi Ann (35), Ada Zeller on 03/09/2026");
  });
  it("keeps unknown placeholders and patient ones without a patient", () => {
    expect(fillMacro("{patient.firstName} {foo} {patient.ssn}", { today })).toBe("{patient.firstName} {foo} {patient.ssn}");
  });
});

describe("shortcutAt", () => {
  it("finds the shortcut before the caret", () => {
    expect(shortcutAt("note ;bp", 8)).toEqual({ start: 5, shortcut: ";bp" });
    expect(shortcutAt(";bp", 3)).toEqual({ start: 0, shortcut: ";bp" });
  });
  it("ignores a semicolon inside a word or a caret elsewhere", () => {
    expect(shortcutAt("a;bp", 4)).toBeNull();
    expect(shortcutAt("note ;bp more", 13)).toBeNull();
  });
});
