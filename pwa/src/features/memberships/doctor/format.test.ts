import { describe, expect, it } from "vitest";
import { describeInterval } from "./format.ts";

describe("membership formatting", () => {
  it("describes durations", () => {
    expect(describeInterval("month", 1)).toBe("Every month");
    expect(describeInterval("month", 3)).toBe("Every 3 months");
    expect(describeInterval("custom", 10)).toBe("Every 10 days");
    expect(describeInterval("week", 1, false)).toBe("For 1 week");
  });
});
