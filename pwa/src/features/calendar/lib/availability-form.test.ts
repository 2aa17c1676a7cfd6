import { describe, expect, it } from "vitest";
import type { Availability } from "../../../../../sync/schemas/availability.ts";
import { checkAvailability, draftOf, sortDraft, toAvailabilityInput, weeklyHours } from "./availability-form.ts";

const SAVED: Availability = {
  doctorId: "3f2b9c1e-0000-4000-8000-0000000000d1",
  timezone: "America/Los_Angeles",
  slotMinutes: 30,
  weekly: {
    monday: [{ start: "09:00", end: "12:00" }, { start: "13:00", end: "17:00" }],
    tuesday: [], wednesday: [], thursday: [], friday: [], saturday: [], sunday: [],
  },
  overrides: [{ date: "2026-12-25", intervals: [] }, { date: "2026-12-24", intervals: [{ start: "09:00", end: "12:00" }] }],
  updatedAt: "2026-03-01T00:00:00.000Z",
};

describe("availability draft", () => {
  it("round-trips what the server answered, closed dates as empty hours", () => {
    const draft = draftOf(SAVED, "UTC");
    expect(draft.overrides.map((o) => o.closed)).toEqual([true, false]);
    expect(checkAvailability(draft)).toEqual({});
    expect(toAvailabilityInput(draft)).toEqual({
      timezone: "America/Los_Angeles", slotMinutes: 30, weekly: SAVED.weekly, overrides: SAVED.overrides,
    });
    expect(weeklyHours(draft)).toBe(7);
  });

  it("a closed override sends no hours even if some were typed before closing it", () => {
    const draft = draftOf(SAVED, "UTC");
    draft.overrides[1].closed = true;
    expect(toAvailabilityInput(draft).overrides[1]).toEqual({ date: "2026-12-24", intervals: [] });
  });

  it("reports the shared schema's problems at the paths of the rows shown", () => {
    const draft = draftOf(SAVED, "UTC");
    draft.weekly.tuesday = [{ start: "15:00", end: "18:00" }, { start: "10:00", end: "11:00" }, { start: "16:00", end: "17:00" }];
    draft.weekly.friday = [{ start: "10:00", end: "09:00" }];
    draft.overrides.push({ date: "2026-12-25", closed: true, intervals: [] });
    draft.timezone = "Mars/Olympus";
    const sorted = sortDraft(draft);
    expect(sorted.weekly.tuesday.map((i) => i.start)).toEqual(["10:00", "15:00", "16:00"]);
    const errors = checkAvailability(sorted);
    expect(errors["weekly.friday.0.end"]).toBe("The start must be before the end");
    expect(errors["weekly.tuesday.2.start"]).toBe("These hours overlap other hours of the day");
    expect(errors["overrides.2.date"]).toBe("This date is listed twice");
    expect(errors.timezone).toBeTruthy();
  });

  it("uses the fallback timezone when the doctor never set one", () => {
    expect(draftOf({ ...SAVED, timezone: null }, "America/Chicago").timezone).toBe("America/Chicago");
  });
});
