import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import type { SiteNotificationView } from "../notification-text.ts";
import { NotificationBell } from "./NotificationBell.tsx";

const items: SiteNotificationView[] = [
  {
    id: "n1", kind: "consultation.startsSoon", isRead: false, createdAt: "2026-01-02T10:00:00.000Z",
    payload: { consultationId: "c1", startAt: "2026-01-02T10:15:00.000Z", withUser: { firstName: "Grace", lastName: "Hopper" } },
  },
  { id: "n2", kind: "contactUs.received", isRead: true, createdAt: "2026-01-01T10:00:00.000Z", payload: { subject: "Billing" } },
];

function Harness({ marked }: { marked: string[][] }) {
  const [open, setOpen] = useState(false);
  return (
    <MemoryRouter>
      <NotificationBell count={1} open={open} onToggle={setOpen} items={items} loading={false} onMarkRead={(ids) => marked.push(ids)}
        onMarkAllRead={() => marked.push(["all"])} total={items.length} onMore={() => {}} />
    </MemoryRouter>
  );
}

describe("NotificationBell", () => {
  it("shows the count on a disclosure button and lists notifications with mark read", async () => {
    const user = userEvent.setup();
    const marked: string[][] = [];
    render(<Harness marked={marked} />);
    const button = screen.getByRole("button", { name: "Notifications, 1 unread" });
    expect(button.getAttribute("aria-expanded")).toBe("false");
    await user.click(button);
    expect(button.getAttribute("aria-expanded")).toBe("true");
    const panel = screen.getByRole("region", { name: "Notifications" });
    const rows = within(panel).getAllByRole("listitem");
    expect(within(rows[0]).getByRole("link").textContent).toContain("Your consultation with Grace Hopper starts at");
    expect(within(rows[0]).getByRole("link").getAttribute("href")).toBe("/consultation/c1");
    expect(rows[1].textContent).toContain("New contact-us message: Billing");
    expect(within(rows[1]).queryByRole("button")).toBeNull();
    await user.click(within(rows[0]).getByRole("button", { name: /^Mark read/ }));
    await user.click(within(panel).getByRole("button", { name: "Mark all read" }));
    expect(marked).toEqual([["n1"], ["all"]]);
    await user.keyboard("{Escape}");
    expect(button.getAttribute("aria-expanded")).toBe("false");
  });

  it("says when there is nothing", () => {
    render(
      <MemoryRouter>
        <NotificationBell count={0} open onToggle={() => {}} items={[]} loading={false} onMarkRead={() => {}} onMarkAllRead={() => {}} total={0}
          onMore={() => {}} />
      </MemoryRouter>,
    );
    expect(screen.getByRole("button", { name: "Notifications" })).toBeTruthy();
    expect(screen.getByText("No notifications.")).toBeTruthy();
  });
});
