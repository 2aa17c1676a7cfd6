import { describe, expect, it } from "vitest";
import { medicalFileSchema } from "../../../../../sync/collections/medical-files.ts";
import { isStorableText } from "../../../../../sync/rules/storable-text.ts";
import { safeFileName } from "./use-medical-files.ts";

describe("safeFileName", () => {
  it("keeps a name as it is, separators and control characters aside", () => {
    expect(safeFileName("Lab results.pdf")).toBe("Lab results.pdf");
    expect(safeFileName("a/b\\c\u0000.pdf")).toBe("a_b_c_.pdf");
    expect(safeFileName("   ")).toBe("file");
  });

  it("cuts a long name to 255 units, keeping its extension, never in the middle of an emoji", () => {
    // 251 units before ".pdf": the cut falls inside an emoji with an even pad, between two with an odd one.
    for (const pad of [248, 249, 250]) {
      const name = `${"x".repeat(pad)}${"🩺".repeat(10)}.pdf`;
      const safe = safeFileName(name);
      expect(safe.length).toBeLessThanOrEqual(255);
      expect(safe.endsWith(".pdf")).toBe(true);
      expect(isStorableText(safe)).toBe(true);
      expect(medicalFileSchema.shape.name.safeParse(safe).success).toBe(true);
    }
  });
});
