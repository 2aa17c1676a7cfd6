import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { groupSlotsByDay } from "../lib/slot-groups.ts";
import { SlotPicker, type SlotPickerProps } from "./SlotPicker.tsx";

const slot = (startAt: string) => ({ startAt, endAt: new Date(new Date(startAt).getTime() + 1_800_000).toISOString() });
// The demo doctor's Monday 9:00 and 9:30 in Los Angeles (PST), and Tuesday 16:30.
const SLOTS = [slot("2026-11-23T17:00:00.000Z"), slot("2026-11-23T17:30:00.000Z"), slot("2026-11-25T00:30:00.000Z")];

function renderPicker(props: Partial<SlotPickerProps> = {}) {
  const all: SlotPickerProps = {
    firstDay: "2026-11-22", lastDay: "2026-11-28", days: groupSlotsByDay(SLOTS, "America/New_York"), timeZone: "America/New_York",
    doctorTimeZone: "America/Los_Angeles", selected: "", onSelect: vi.fn(), loading: false, error: null, onRetry: vi.fn(),
    canGoEarlier: false, onEarlier: vi.fn(), onLater: vi.fn(), ...props,
  };
  render(<SlotPicker {...all} />);
  return all;
}

describe("SlotPicker", () => {
  it("shows the days with free times and the first day's slots in the patient's timezone, noting the doctor's", () => {
    renderPicker();
    expect(screen.getByText(/your timezone, New York \(EST\)/)).toBeTruthy();
    expect(screen.getByText(/doctor works in Los Angeles time \(PST\)/)).toBeTruthy();
    expect(screen.getByRole("button", { name: /Mon, Nov 23/ }).getAttribute("aria-pressed")).toBe("true");
    // Tuesday 16:30 in Los Angeles is 19:30 in New York, still Tuesday.
    expect(screen.getByRole("button", { name: /Tue, Nov 24/ })).toBeTruthy();
    expect(screen.getAllByRole("button", { name: /^Monday, November 23, / }).map((b) => b.textContent)).toEqual(["12:00 PM", "12:30 PM"]);
  });

  it("picks a slot, switches days and moves through weeks", async () => {
    const user = userEvent.setup();
    const props = renderPicker({ canGoEarlier: true });
    await user.click(screen.getByRole("button", { name: "Monday, November 23, 12:30 PM" }));
    expect(props.onSelect).toHaveBeenCalledWith("2026-11-23T17:30:00.000Z");
    await user.click(screen.getByRole("button", { name: /Tue, Nov 24/ }));
    expect(screen.getByRole("button", { name: "Tuesday, November 24, 7:30 PM" })).toBeTruthy();
    await user.click(screen.getByRole("button", { name: /Later/ }));
    await user.click(screen.getByRole("button", { name: /Earlier/ }));
    expect(props.onLater).toHaveBeenCalled();
    expect(props.onEarlier).toHaveBeenCalled();
  });

  it("shows the chosen slot's day pressed", () => {
    renderPicker({ selected: "2026-11-25T00:30:00.000Z" });
    expect(screen.getByRole("button", { name: /Tue, Nov 24/ }).getAttribute("aria-pressed")).toBe("true");
    expect(screen.getByRole("button", { name: "Tuesday, November 24, 7:30 PM" }).getAttribute("aria-pressed")).toBe("true");
  });

  it("says when there is nothing free, and offers a retry after a failure", async () => {
    const user = userEvent.setup();
    const { unmount } = render(<SlotPicker {...{
      firstDay: "2026-11-22", lastDay: "2026-11-28", days: [], timeZone: "UTC", doctorTimeZone: null, selected: "", onSelect: vi.fn(),
      loading: false, error: null, onRetry: vi.fn(), canGoEarlier: false, onEarlier: vi.fn(), onLater: vi.fn(),
    }} />);
    expect(screen.getByText("No free times in these days. Try later dates.")).toBeTruthy();
    expect(screen.queryByText(/doctor works in/)).toBeNull();
    unmount();
    const props = renderPicker({ error: "Cannot reach the server." });
    expect(screen.getByRole("alert").textContent).toBe("Cannot reach the server.");
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(props.onRetry).toHaveBeenCalled();
  });
});
