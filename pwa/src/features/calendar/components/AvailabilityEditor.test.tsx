import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import type { Availability } from "../../../../../sync/schemas/availability.ts";
import { ApiError } from "../../../lib/api/index.ts";
import { AvailabilityEditor } from "./AvailabilityEditor.tsx";

const SAVED: Availability = {
  doctorId: "3f2b9c1e-0000-4000-8000-0000000000d1",
  timezone: "America/Los_Angeles",
  slotMinutes: 30,
  weekly: {
    monday: [{ start: "09:00", end: "17:00" }],
    tuesday: [], wednesday: [], thursday: [], friday: [], saturday: [], sunday: [],
  },
  overrides: [],
  updatedAt: null,
};

describe("AvailabilityEditor", () => {
  it("saves weekly hours, slot length, timezone and a closed date as PUT /availability's body", async () => {
    const user = userEvent.setup();
    const onSave = vi.fn(() => Promise.resolve(SAVED));
    render(<AvailabilityEditor availability={SAVED} fallbackTimezone="UTC" readOnly={false} onSave={onSave} />);
    await user.click(screen.getByRole("button", { name: "Add hours on Tuesday" }));
    await user.selectOptions(screen.getByLabelText("Slot length"), "45");
    await user.type(screen.getByLabelText("Add a date"), "2026-12-25");
    await user.click(screen.getByRole("button", { name: "Add date" }));
    expect(screen.getByRole("checkbox", { name: "Closed all day" })).toHaveProperty("checked", true);
    await user.click(screen.getByRole("button", { name: "Save availability" }));
    expect(onSave).toHaveBeenCalledWith({
      timezone: "America/Los_Angeles",
      slotMinutes: 45,
      weekly: { ...SAVED.weekly, tuesday: [{ start: "09:00", end: "10:00" }] },
      overrides: [{ date: "2026-12-25", intervals: [] }],
    });
  });

  it("shows the shared schema's problems beside the times and sends nothing", async () => {
    const user = userEvent.setup();
    const onSave = vi.fn(() => Promise.resolve(SAVED));
    render(<AvailabilityEditor availability={SAVED} fallbackTimezone="UTC" readOnly={false} onSave={onSave} />);
    const until = screen.getByLabelText("Monday, period 1, until");
    await user.clear(until);
    await user.type(until, "08:00");
    await user.click(screen.getByRole("button", { name: "Save availability" }));
    expect(onSave).not.toHaveBeenCalled();
    expect(screen.getByText("The start must be before the end")).toBeTruthy();
    expect(until.getAttribute("aria-invalid")).toBe("true");
  });

  it("puts the server's field errors beside the fields", async () => {
    const user = userEvent.setup();
    const onSave = vi.fn(() =>
      Promise.reject(
        new ApiError({ code: 400, message: "Please correct the highlighted fields", details: { fields: { timezone: "Unknown timezone" } } }),
      )
    );
    render(<AvailabilityEditor availability={SAVED} fallbackTimezone="UTC" readOnly={false} onSave={onSave} />);
    await user.click(screen.getByRole("button", { name: "Save availability" }));
    expect(await screen.findByText("Unknown timezone")).toBeTruthy();
    expect(screen.getByText("Please correct the highlighted fields")).toBeTruthy();
  });
});
