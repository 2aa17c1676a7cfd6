import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import type { CalendarDay } from "../../../../../sync/schemas/calendar.ts";
import { countOf } from "../lib/calendar-view.ts";
import { MonthGrid } from "./MonthGrid.tsx";

const november: CalendarDay[] = Array.from({ length: 30 }, (_, i) => {
  const date = `2026-11-${String(i + 1).padStart(2, "0")}`;
  const consultations = date === "2026-11-23"
    ? [
      { status: "requested" as const },
      { status: "accepted" as const },
    ].map((c, n) => ({
      id: `3f2b9c1e-0000-4000-8000-00000000000${n}`, doctorId: "d", patientId: "p", doctorName: "Grace Hopper",
      patientName: "Pat Patient", type: "video" as const, status: c.status, startAt: `${date}T17:0${n}:00.000Z`, endAt: `${date}T17:30:00.000Z`,
    }))
    : [];
  return { date, from: `${date}T08:00:00.000Z`, to: `${date}T08:00:00.000Z`, counts: countOf(consultations), freeSlots: 16, consultations };
});

function Harness({ onLeaveMonth = vi.fn() }: { onLeaveMonth?: (date: string) => void }) {
  const [selected, setSelected] = useState("2026-11-23");
  return <MonthGrid days={november} selected={selected} today="2026-11-21" onSelect={setSelected} onLeaveMonth={onLeaveMonth} />;
}

describe("MonthGrid", () => {
  it("lays out the month from Monday, says what each day holds and marks today", () => {
    render(<Harness />);
    const rows = screen.getAllByRole("row");
    expect(rows).toHaveLength(1 + 6);
    const monday23 = screen.getByRole("button", { name: "Monday, November 23: 2 consultations, 1 requested, 16 free" });
    expect(monday23.tabIndex).toBe(0);
    expect(screen.getByRole("button", { name: /^Saturday, November 21/ }).getAttribute("aria-current")).toBe("date");
    expect(screen.getAllByRole("gridcell").filter((c) => c.getAttribute("aria-selected") === "true")).toHaveLength(1);
  });

  it("moves and selects with the keyboard (one tab stop), and leaves the month at its edges", async () => {
    const user = userEvent.setup();
    const onLeaveMonth = vi.fn();
    render(<Harness onLeaveMonth={onLeaveMonth} />);
    screen.getByRole("button", { name: /^Monday, November 23/ }).focus();
    await user.keyboard("{ArrowRight}");
    expect(document.activeElement?.getAttribute("aria-label")).toMatch(/^Tuesday, November 24/);
    expect(screen.getByRole("button", { name: /^Tuesday, November 24/ }).tabIndex).toBe(0);
    expect(screen.getByRole("button", { name: /^Monday, November 23/ }).tabIndex).toBe(-1);
    await user.keyboard("{ArrowUp}{Home}");
    expect(document.activeElement?.getAttribute("aria-label")).toMatch(/^Monday, November 16/);
    await user.keyboard("{End}");
    expect(document.activeElement?.getAttribute("aria-label")).toMatch(/^Sunday, November 22/);
    // Past the month's end: the page shows December with that day chosen.
    await user.keyboard("{ArrowDown}{ArrowDown}");
    expect(onLeaveMonth).toHaveBeenCalledWith("2026-12-06");
  });
});
