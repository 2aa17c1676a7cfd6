import { describe, expect, it } from "vitest";
import { excerpt, formatBirthDate, formatSize, groupByFolder, patientName } from "./patient-display.ts";

describe("patient display", () => {
  it("names a patient, or says the name is missing", () => {
    expect(patientName({ firstName: "Pat", lastName: "Patient" })).toBe("Pat Patient");
    expect(patientName({ firstName: "", lastName: "" })).toBe("Unnamed patient");
  });
  it("shows a birth date as the calendar date, whatever the time zone", () => {
    expect(formatBirthDate("1980-07-02")).toMatch(/1980/);
    expect(formatBirthDate("1980-07-02")).toMatch(/\b2\b/);
    expect(formatBirthDate(null)).toBe("Birth date unknown");
  });
  it("groups files by folder in the folders' order and leaves empty folders out", () => {
    const groups = groupByFolder([
      { id: "1", folder: "Misc" as const },
      { id: "2", folder: "Labs" as const },
      { id: "3", folder: "Misc" as const },
    ]);
    expect(groups.map((g) => [g.folder, g.files.map((f) => f.id)])).toEqual([["Labs", ["2"]], ["Misc", ["1", "3"]]]);
  });
  it("formats sizes and excerpts", () => {
    expect(formatSize(512)).toBe("512 B");
    expect(formatSize(1536)).toBe("1.5 KB");
    expect(formatSize(3 * 1024 * 1024)).toBe("3.0 MB");
    expect(excerpt("  one\n\ntwo  ")).toBe("one two");
    expect(excerpt("x".repeat(100), 10)).toBe(`${"x".repeat(9)}…`);
  });
});
