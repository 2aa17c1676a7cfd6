import { describe, expect, it } from "vitest";
import { describeInterval, dollarsToCents } from "./format.ts";

describe("membership formatting", () => {
  it("describes durations", () => {
    expect(describeInterval("month", 1)).toBe("Every month");
    expect(describeInterval("month", 3)).toBe("Every 3 months");
    expect(describeInterval("custom", 10)).toBe("Every 10 days");
    expect(describeInterval("week", 1, false)).toBe("For 1 week");
  });
  it("turns dollars into cents for the schema to judge", () => {
    expect(dollarsToCents("47.2")).toBe(4720);
    expect(dollarsToCents("$0.29")).toBe(29);
    expect(dollarsToCents("1.005")).toBeNaN();
    expect(dollarsToCents("abc")).toBeNaN();
    expect(dollarsToCents(" ")).toBeNull();
    expect(dollarsToCents("-3")).toBe(-300);
  });
});
