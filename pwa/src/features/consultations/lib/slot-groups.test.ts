import { describe, expect, it } from "vitest";
import { groupSlotsByDay } from "./slot-groups.ts";

const slot = (startAt: string, minutes = 30) => ({
  startAt,
  endAt: new Date(new Date(startAt).getTime() + minutes * 60_000).toISOString(),
});

describe("groupSlotsByDay", () => {
  it("puts each slot on the day it starts in the patient's timezone, not the doctor's or UTC", () => {
    // 16:30 and 17:00 in Los Angeles on Monday 9 March 2026 (PDT, UTC-7) are 23:30 Monday and 00:00 Tuesday UTC.
    const slots = [slot("2026-03-09T23:30:00.000Z"), slot("2026-03-10T00:00:00.000Z")];
    expect(groupSlotsByDay(slots, "America/Los_Angeles").map((d) => [d.date, d.slots.length])).toEqual([["2026-03-09", 2]]);
    expect(groupSlotsByDay(slots, "UTC").map((d) => d.date)).toEqual(["2026-03-09", "2026-03-10"]);
    // In Tokyo (UTC+9) both fall on Tuesday morning.
    expect(groupSlotsByDay(slots, "Asia/Tokyo").map((d) => d.date)).toEqual(["2026-03-10"]);
  });

  it("orders days and slots by time whatever order the slots came in", () => {
    const slots = [slot("2026-03-11T17:00:00.000Z"), slot("2026-03-10T18:00:00.000Z"), slot("2026-03-10T17:30:00.000Z")];
    const days = groupSlotsByDay(slots, "America/New_York");
    expect(days.map((d) => d.date)).toEqual(["2026-03-10", "2026-03-11"]);
    expect(days[0].slots.map((s) => s.startAt)).toEqual(["2026-03-10T17:30:00.000Z", "2026-03-10T18:00:00.000Z"]);
  });

  it("keeps a day that crosses a daylight-saving change together", () => {
    // 8 March 2026: New York springs forward at 02:00; 01:30 EST and 03:00 EDT are both that day.
    const days = groupSlotsByDay([slot("2026-03-08T06:30:00.000Z"), slot("2026-03-08T07:00:00.000Z")], "America/New_York");
    expect(days).toHaveLength(1);
    expect(days[0].date).toBe("2026-03-08");
  });

  it("has no days without slots", () => {
    expect(groupSlotsByDay([], "UTC")).toEqual([]);
  });
});
