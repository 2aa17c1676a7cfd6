import { describe, expect, it } from "vitest";
import { chatTitle, shortTime, sortChats } from "./chat-display.ts";

const SELF = "00000000-0000-4000-8000-000000000001";
const OTHER = "00000000-0000-4000-8000-000000000002";
const THIRD = "00000000-0000-4000-8000-000000000003";

describe("chatTitle", () => {
  it("uses the chat's own title", () => {
    expect(chatTitle({ kind: "group", title: " Care team ", memberIds: [SELF, OTHER] }, SELF, {})).toBe("Care team");
  });
  it("names the other members of an untitled chat, never oneself", () => {
    const chat = { kind: "direct" as const, title: "", memberIds: [SELF, OTHER] };
    expect(chatTitle(chat, SELF, { [SELF]: "Me Myself", [OTHER]: "Pat Patient" })).toBe("Pat Patient");
    expect(chatTitle({ ...chat, kind: "group", memberIds: [SELF, OTHER, THIRD] }, SELF, { [OTHER]: "Pat Patient" }))
      .toBe("Pat Patient and 1 more");
  });
  it("falls back to the kind while names are unknown", () => {
    expect(chatTitle({ kind: "direct", title: "", memberIds: [SELF, OTHER] }, SELF, {})).toBe("Direct chat");
    expect(chatTitle({ kind: "support", title: "", memberIds: [SELF] }, SELF, {})).toBe("Support");
  });
});

describe("sortChats", () => {
  it("puts the newest last message first and chats without messages last", () => {
    const chats = [
      { id: "a", title: "Quiet", lastMessageAt: null },
      { id: "b", title: "Old", lastMessageAt: "2026-01-01T10:00:00.000Z" },
      { id: "c", title: "New", lastMessageAt: "2026-01-02T10:00:00.000Z" },
      { id: "d", title: "Also quiet", lastMessageAt: null },
    ];
    expect(sortChats(chats).map((c) => c.title)).toEqual(["New", "Old", "Also quiet", "Quiet"]);
  });
});

describe("shortTime", () => {
  it("shows the time today and the date on other days", () => {
    const now = new Date(2026, 0, 2, 15, 0);
    expect(shortTime(new Date(2026, 0, 2, 9, 5).toISOString(), now)).toMatch(/9:05/);
    expect(shortTime(new Date(2025, 11, 30, 9, 5).toISOString(), now)).toMatch(/30/);
    expect(shortTime("not a date", now)).toBe("");
  });
});
