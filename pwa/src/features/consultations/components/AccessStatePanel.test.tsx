import { render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { AccessStatePanel } from "./AccessStatePanel.tsx";

const NOW = new Date("2026-11-23T16:00:00.000Z");
const base = { now: NOW, timeZone: "America/Los_Angeles", opensAt: "2026-11-23T16:45:00.000Z" };

describe("AccessStatePanel", () => {
  it("before the window: counts down to 15 minutes before the start, Join off with the reason", () => {
    render(<AccessStatePanel {...base} state="not_started" status="accepted" />);
    expect(screen.getByRole("heading", { name: "Not started yet" })).toBeTruthy();
    expect(screen.getByText(/You can join 15 minutes before the start: in 45 min 0 s \(Mon, Nov 23, 8:45 AM\)/)).toBeTruthy();
    const join = screen.getByRole("button", { name: "Join" }) as HTMLButtonElement;
    expect(join.disabled).toBe(true);
    expect(join.getAttribute("aria-describedby")).toBe("join-blocked");
    expect(screen.getByText("Joining opens 15 minutes before the start.")).toBeTruthy();
  });

  it("a request waits for the doctor, or for the doctor's answer when they look at it", () => {
    const { unmount } = render(<AccessStatePanel {...base} state="not_started" status="requested" />);
    expect(screen.getByRole("heading", { name: "Waiting for the doctor" })).toBeTruthy();
    unmount();
    render(<AccessStatePanel {...base} state="not_started" status="requested" answersRequests />);
    expect(screen.getByRole("heading", { name: "Waiting for your answer" })).toBeTruthy();
  });

  it.each([
    ["open", "accepted", "Open now", "Video is not available for this consultation."],
    ["ended", "accepted", "Ended", "This consultation can no longer be joined."],
    ["finished", "finished", "Finished", "This consultation can no longer be joined."],
    ["canceled", "canceled", "Canceled", "This consultation can no longer be joined."],
    ["canceled", "declined", "Declined", "This consultation can no longer be joined."],
    ["no_access", "accepted", "View only", "Only the patient and the doctor can join."],
  ] as const)("%s (%s): %s", (state, status, title, reason) => {
    render(<AccessStatePanel {...base} state={state} status={status} />);
    expect(screen.getByRole("heading", { name: title })).toBeTruthy();
    expect(screen.getByText(reason)).toBeTruthy();
    expect((screen.getByRole("button", { name: "Join" }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("open with a room: Join is on and enters it", () => {
    const onJoin = vi.fn();
    render(<AccessStatePanel {...base} state="open" status="accepted" onJoin={onJoin} />);
    const join = screen.getByRole("button", { name: "Join" }) as HTMLButtonElement;
    expect(join.disabled).toBe(false);
    join.click();
    expect(onJoin).toHaveBeenCalledOnce();
  });

  it("not found has no Join at all", () => {
    render(<AccessStatePanel {...base} state="not_found" status={null} opensAt={null} />);
    expect(screen.getByRole("heading", { name: "Not found" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Join" })).toBeNull();
  });
});
