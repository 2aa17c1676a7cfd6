import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import type { ChatDoc } from "../../../../../sync/collections/index.ts";
import type { Local } from "../../sync/index.ts";
import { ChatList } from "./ChatList.tsx";

const SELF = "00000000-0000-4000-8000-000000000001";
const DOCTOR = "00000000-0000-4000-8000-000000000002";

const chat = (patch: Partial<Local<ChatDoc>>): Local<ChatDoc> => ({
  id: "0d3c0c1e-5f6a-4c8e-9a11-000000000001", kind: "group", title: "Care team", memberIds: [SELF, DOCTOR],
  lastMessageAt: null, updatedAt: 1, _deleted: false, pending: false, ...patch,
});

const renderList = (props: Partial<Parameters<typeof ChatList>[0]> = {}) =>
  render(
    <MemoryRouter initialEntries={["/messages"]}>
      <ChatList chats={[]} loading={false} selectedId={null} selfId={SELF} names={{}} {...props} />
    </MemoryRouter>,
  );

describe("ChatList", () => {
  it("links each chat to ?chat=<id>, newest first, marking the open one", () => {
    renderList({
      chats: [
        chat({ id: "0d3c0c1e-5f6a-4c8e-9a11-00000000000a", title: "Older", lastMessageAt: "2026-01-01T10:00:00.000Z" }),
        chat({ id: "0d3c0c1e-5f6a-4c8e-9a11-00000000000b", kind: "direct", title: "", lastMessageAt: "2026-01-03T10:00:00.000Z" }),
        chat({ id: "0d3c0c1e-5f6a-4c8e-9a11-00000000000c", title: "Removed", _deleted: true }),
      ],
      names: { [DOCTOR]: "Grace Hopper" },
      selectedId: "0d3c0c1e-5f6a-4c8e-9a11-00000000000a",
    });
    const links = within(screen.getByRole("navigation", { name: "Chats" })).getAllByRole("link");
    expect(links.map((link) => link.textContent)).toEqual([expect.stringContaining("Grace Hopper"), expect.stringContaining("Older")]);
    expect(links[0].getAttribute("href")).toBe("/messages?chat=0d3c0c1e-5f6a-4c8e-9a11-00000000000b");
    expect(links[1].getAttribute("aria-current")).toBe("page");
    expect(links[0].getAttribute("aria-current")).toBeNull();
  });

  it("says when there are no chats, and shows a loader while the first load runs", () => {
    const { unmount } = renderList({ loading: true });
    expect(screen.getByRole("status").textContent).toContain("Loading chats");
    unmount();
    renderList();
    expect(screen.getByText("No chats yet")).toBeTruthy();
  });

  it("shows unread badges and a presence dot, and filters by the search box", async () => {
    const user = userEvent.setup();
    renderList({
      chats: [
        chat({ id: "0d3c0c1e-5f6a-4c8e-9a11-00000000000a", kind: "direct", title: "", lastMessageAt: "2026-01-03T10:00:00.000Z" }),
        chat({ id: "0d3c0c1e-5f6a-4c8e-9a11-00000000000b", title: "Billing", memberIds: [SELF, "x"] }),
      ],
      names: { [DOCTOR]: "Grace Hopper" },
      unread: new Map([["0d3c0c1e-5f6a-4c8e-9a11-00000000000a", 3]]),
      online: new Set([DOCTOR]),
    });
    const links = screen.getAllByRole("link");
    expect(within(links[0]).getByLabelText("3 unread messages").textContent).toBe("3");
    expect(within(links[0]).getByRole("img", { name: "Online" })).toBeTruthy();
    expect(within(links[1]).queryByLabelText(/unread/)).toBeNull();
    expect(within(links[1]).getByRole("img", { name: "Offline" })).toBeTruthy();
    await user.type(screen.getByRole("searchbox", { name: "Search chats" }), "hopper");
    expect(screen.getAllByRole("link").map((link) => link.textContent)).toEqual([expect.stringContaining("Grace Hopper")]);
    await user.clear(screen.getByRole("searchbox", { name: "Search chats" }));
    await user.type(screen.getByRole("searchbox", { name: "Search chats" }), "nobody");
    expect(screen.getByText("No chat matches “nobody”.")).toBeTruthy();
  });
});
