import { describe, expect, it } from "vitest";
import { formatCents, parseDollars } from "./money.ts";

describe("commerce money", () => {
  it("formats cents as dollars", () => {
    expect(formatCents(4720)).toBe("$47.20");
    expect(formatCents(0)).toBe("$0.00");
    expect(formatCents(123456)).toBe("$1,234.56");
  });
  it("parses dollars to cents, refusing fractions of a cent and non-amounts", () => {
    expect(parseDollars("47.2")).toBe(4720);
    expect(parseDollars("$10")).toBe(1000);
    expect(parseDollars("0.01")).toBe(1);
    for (const bad of ["", "0", "1.234", "-5", "abc", "1e3"]) expect(parseDollars(bad)).toBeNull();
  });
});
