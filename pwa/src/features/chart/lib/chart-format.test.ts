import { describe, expect, it } from "vitest";
import { encounterCreateSchema } from "../../../../../sync/schemas/encounter.ts";
import { ageOn, fromLocalInput, numberOrUndefined, toLocalInput } from "./chart-format.ts";

describe("ageOn", () => {
  it("counts whole years, the birthday itself included", () => {
    expect(ageOn("1980-07-02", new Date(2026, 6, 1))).toBe(45);
    expect(ageOn("1980-07-02", new Date(2026, 6, 2))).toBe(46);
    expect(ageOn("2000-02-29", new Date(2026, 1, 28))).toBe(25);
  });
  it("is null when the birth date is unknown, malformed or in the future", () => {
    expect(ageOn(null)).toBeNull();
    expect(ageOn("July 2")).toBeNull();
    expect(ageOn("2099-01-01", new Date(2026, 0, 1))).toBeNull();
  });
});

describe("datetime-local values", () => {
  it("go to an ISO instant the shared schema accepts, and back to the same wall time", () => {
    const iso = fromLocalInput("2026-03-09T14:30");
    expect(encounterCreateSchema.shape.datetime.safeParse(iso).success).toBe(true);
    expect(toLocalInput(iso)).toBe("2026-03-09T14:30");
    expect(new Date(iso).getHours()).toBe(14);
  });
  it("come back as typed when they are not a date, so the schema names the mistake", () => {
    expect(fromLocalInput("tomorrow")).toBe("tomorrow");
    expect(encounterCreateSchema.shape.datetime.safeParse(fromLocalInput("")).success).toBe(false);
    expect(toLocalInput("nope")).toBe("");
  });
});

describe("numberOrUndefined", () => {
  it("leaves empty fields out and keeps text as NaN for the schema to refuse", () => {
    expect(numberOrUndefined("  ")).toBeUndefined();
    expect(numberOrUndefined(" 98.6 ")).toBe(98.6);
    expect(numberOrUndefined("abc")).toBeNaN();
  });
});
