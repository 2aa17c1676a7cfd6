import { describe, expect, it } from "vitest";
import type { CalendarItem } from "../../../../../sync/schemas/calendar.ts";
import { momentOf, monthWeeks, moveInGrid, offlineCalendar, offlineStatistic, shiftDate } from "./calendar-view.ts";

const DOCTOR = "3f2b9c1e-0000-4000-8000-0000000000d1";
const OTHER = "3f2b9c1e-0000-4000-8000-0000000000d2";
let n = 0;
function item(startAt: string, patch: Partial<CalendarItem> = {}): CalendarItem {
  n += 1;
  return {
    id: `3f2b9c1e-0000-4000-8000-${String(n).padStart(12, "0")}`,
    doctorId: DOCTOR, patientId: "3f2b9c1e-0000-4000-8000-0000000000a1", doctorName: "Grace Hopper", patientName: "Pat Patient",
    type: "video", status: "accepted", startAt, endAt: new Date(new Date(startAt).getTime() + 1_800_000).toISOString(), ...patch,
  };
}

describe("moving through periods", () => {
  it("shifts months (across years), weeks and three days", () => {
    expect(shiftDate("month", "2026-01-31", -1)).toBe("2025-12-01");
    expect(shiftDate("month", "2026-12-15", 1)).toBe("2027-01-01");
    expect(shiftDate("week", "2026-03-09", 1)).toBe("2026-03-16");
    expect(shiftDate("three-days", "2026-03-09", -1)).toBe("2026-03-06");
  });

  it("lays a month out in Monday-first weeks", () => {
    // March 2026 begins on a Sunday: six blanks, then 31 days, then blanks to fill the week.
    const dates = Array.from({ length: 31 }, (_, i) => `2026-03-${String(i + 1).padStart(2, "0")}`);
    const weeks = monthWeeks(dates);
    expect(weeks).toHaveLength(6);
    expect(weeks[0]).toEqual([null, null, null, null, null, null, "2026-03-01"]);
    expect(weeks[5]).toEqual(["2026-03-30", "2026-03-31", null, null, null, null, null]);
  });

  it("moves the focused day with the keys of a date grid", () => {
    expect(moveInGrid("2026-03-11", "ArrowRight")).toBe("2026-03-12");
    expect(moveInGrid("2026-03-11", "ArrowUp")).toBe("2026-03-04");
    expect(moveInGrid("2026-03-11", "Home")).toBe("2026-03-09");
    expect(moveInGrid("2026-03-11", "End")).toBe("2026-03-15");
    expect(moveInGrid("2026-03-31", "PageUp")).toBe("2026-02-28");
    expect(moveInGrid("2026-03-11", "Tab")).toBeNull();
  });

  it("asks for a moment inside the chosen day in any timezone", () => {
    for (const zone of ["UTC", "America/Los_Angeles", "Pacific/Kiritimati", "Pacific/Pago_Pago"]) {
      const moment = momentOf("2026-03-09", zone);
      expect(new Intl.DateTimeFormat("en-CA", { timeZone: zone }).format(moment)).toBe("2026-03-09");
    }
  });
});

describe("offline calendar", () => {
  const items = [
    // 23:30 on Sunday 8 March in Los Angeles (PDT since that morning) is 06:30 UTC on Monday.
    item("2026-03-09T06:30:00.000Z"),
    item("2026-03-09T17:00:00.000Z", { status: "requested" }),
    item("2026-03-10T17:00:00.000Z", { status: "canceled" }),
    item("2026-03-10T18:00:00.000Z", { doctorId: OTHER }),
    item("2026-03-20T17:00:00.000Z"),
  ];

  it("groups the doctor's consultations into the days of the view, in the calendar's timezone", () => {
    const week = offlineCalendar({
      view: "week", moment: new Date("2026-03-10T12:00:00.000Z"), timeZone: "America/Los_Angeles", doctorId: DOCTOR, items,
    });
    expect(week.days.map((d) => d.date)).toEqual([
      "2026-03-09", "2026-03-10", "2026-03-11", "2026-03-12", "2026-03-13", "2026-03-14", "2026-03-15",
    ]);
    expect(week.days[0].consultations.map((c) => c.status)).toEqual(["requested"]);
    expect(week.days[1].counts).toMatchObject({ canceled: 1, total: 1 });
    expect(week.counts.total).toBe(2);
    expect(week.days.every((d) => d.freeSlots === null)).toBe(true);

    const threeDays = offlineCalendar({
      view: "three-days", moment: new Date("2026-03-08T20:00:00.000Z"), timeZone: "America/Los_Angeles", doctorId: DOCTOR, items,
    });
    // Sunday 8 March is a 23-hour day there; the late consultation still belongs to it.
    expect(new Date(threeDays.days[0].to).getTime() - new Date(threeDays.days[0].from).getTime()).toBe(23 * 3_600_000);
    expect(threeDays.days[0].counts.total).toBe(1);
  });

  it("counts the month and the upcoming accepted ones", () => {
    const stat = offlineStatistic({
      moment: new Date("2026-03-10T12:00:00.000Z"), timeZone: "America/Los_Angeles", doctorId: DOCTOR, items,
      now: new Date("2026-03-10T00:00:00.000Z"),
    });
    expect(stat.counts).toMatchObject({ total: 4, accepted: 2, requested: 1, canceled: 1 });
    expect(stat.upcoming).toBe(1);
  });
});
