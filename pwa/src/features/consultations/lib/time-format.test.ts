import { describe, expect, it } from "vitest";
import { formatCountdown, formatDay, formatTime, zoneAbbreviation, zoneCity } from "./time-format.ts";

describe("time formatting", () => {
  it("shows an instant at its wall time in the named timezone", () => {
    expect(formatTime("2026-03-09T17:00:00.000Z", "America/Los_Angeles")).toBe("10:00 AM");
    expect(formatTime("2026-03-09T17:00:00.000Z", "America/New_York")).toBe("1:00 PM");
    expect(zoneAbbreviation("America/Los_Angeles", new Date("2026-03-09T17:00:00.000Z"))).toBe("PDT");
    expect(zoneAbbreviation("America/Los_Angeles", new Date("2026-01-09T17:00:00.000Z"))).toBe("PST");
    expect(zoneCity("America/Los_Angeles")).toBe("Los Angeles");
  });

  it("shows a wall date as that date whatever the device's timezone", () => {
    expect(formatDay("2026-03-09")).toBe("Monday, March 9");
    expect(formatDay("2027-01-04", 2026)).toBe("Monday, January 4, 2027");
  });

  it("counts down in words", () => {
    expect(formatCountdown(0)).toBe("now");
    expect(formatCountdown(45_000)).toBe("in 45 s");
    expect(formatCountdown(14 * 60_000 + 5_000)).toBe("in 14 min 5 s");
    expect(formatCountdown(3 * 3_600_000 + 5 * 60_000)).toBe("in 3 h 5 min");
    expect(formatCountdown(26 * 3_600_000)).toBe("in 1 day 2 h");
    expect(formatCountdown(5 * 86_400_000)).toBe("in 5 days");
  });
});
