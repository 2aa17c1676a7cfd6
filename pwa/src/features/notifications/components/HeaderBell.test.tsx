import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { createFetchStub, randomUser, renderWithDeps, signedInDeps, success } from "../../../test/helpers.tsx";
import type { SiteNotificationView } from "../notification-text.ts";
import { HeaderBell } from "./HeaderBell.tsx";

/** 45 notifications, newest first, the newest 30 unread, kept as the edge keeps them. */
function inbox() {
  const all: SiteNotificationView[] = Array.from({ length: 45 }, (_, i) => ({
    id: crypto.randomUUID(), kind: "contactUs.received", isRead: i >= 30,
    createdAt: new Date(Date.UTC(2026, 0, 1) - i * 60_000).toISOString(), payload: { subject: `Message ${i + 1}` },
  }) as SiteNotificationView);
  const unread = () => all.filter((n) => !n.isRead).length;
  return createFetchStub({
    "GET /siteNotifications/count": () => success({ count: unread() }),
    "GET /siteNotifications": ({ url }) => {
      const offset = Number(url.searchParams.get("offset") ?? 0);
      const limit = Number(url.searchParams.get("limit") ?? 20);
      const rows = url.searchParams.get("unread") === "true" ? all.filter((n) => !n.isRead) : all;
      return success({ list: rows.slice(offset, offset + limit), offset, limit, totalCount: rows.length });
    },
    "POST /siteNotifications": ({ body }) => {
      for (const n of all) if ((body as { ids: string[] }).ids.includes(n.id)) n.isRead = true;
      return success({ count: unread() });
    },
  });
}

describe("the header's bell", () => {
  it("shows a page of notifications at a time and the rest on request", async () => {
    const user = userEvent.setup();
    renderWithDeps(<HeaderBell />, signedInDeps(randomUser(), { fetch: inbox().fetch }));
    await user.click(await screen.findByRole("button", { name: "Notifications, 30 unread" }));
    const panel = screen.getByRole("region", { name: "Notifications" });
    await waitFor(() => expect(within(panel).getAllByRole("listitem")).toHaveLength(20));
    await user.click(within(panel).getByRole("button", { name: "Show more (20 of 45)" }));
    await waitFor(() => expect(within(panel).getAllByRole("listitem")).toHaveLength(40));
    await user.click(within(panel).getByRole("button", { name: "Show more (40 of 45)" }));
    await waitFor(() => expect(within(panel).getAllByRole("listitem")).toHaveLength(45));
    expect(within(panel).getAllByRole("listitem")[44].textContent).toContain("Message 45");
    expect(within(panel).queryByRole("button", { name: /^Show more/ })).toBeNull();
  });

  it("Mark all read marks every unread notification, the ones not listed too, and the count goes to 0", async () => {
    const user = userEvent.setup();
    const stub = inbox();
    renderWithDeps(<HeaderBell />, signedInDeps(randomUser(), { fetch: stub.fetch }));
    await user.click(await screen.findByRole("button", { name: "Notifications, 30 unread" }));
    const panel = screen.getByRole("region", { name: "Notifications" });
    await waitFor(() => expect(within(panel).getAllByRole("listitem")).toHaveLength(20));
    await user.click(within(panel).getByRole("button", { name: "Mark all read" }));
    expect(await screen.findByRole("button", { name: "Notifications" })).toBeTruthy();
    const marked = stub.calls.filter((c) => c.method === "POST").flatMap((c) => (c.body as { ids: string[] }).ids);
    expect(new Set(marked).size).toBe(30);
    expect(within(panel).queryByRole("button", { name: /^Mark read/ })).toBeNull();
    expect(within(panel).queryByRole("button", { name: "Mark all read" })).toBeNull();
  });
});
