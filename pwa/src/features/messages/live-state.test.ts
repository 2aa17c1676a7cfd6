import { describe, expect, it } from "vitest";
import { field, idsField, matchesSearch, presenceReducer, unreadReducer } from "./live-state.ts";

describe("unreadReducer", () => {
  const self = "me";
  it("loads the server's counts, counts others' new messages, clears on read and removal", () => {
    let state = unreadReducer(new Map(), { type: "loaded", unreadChatIds: ["a", "b"], counts: { a: 3 } });
    expect([...state]).toEqual([["a", 3], ["b", 1]]);
    state = unreadReducer(state, { type: "message", chatId: "c", authorId: "doc", selfId: self, openChatId: null });
    state = unreadReducer(state, { type: "message", chatId: "a", authorId: "doc", selfId: self, openChatId: null });
    expect(state.get("c")).toBe(1);
    expect(state.get("a")).toBe(4);
    const same = unreadReducer(state, { type: "message", chatId: "b", authorId: self, selfId: self, openChatId: null });
    expect(same).toBe(state);
    expect(unreadReducer(state, { type: "message", chatId: "b", authorId: "doc", selfId: self, openChatId: "b" })).toBe(state);
    state = unreadReducer(state, { type: "read", chatId: "a" });
    state = unreadReducer(state, { type: "removed", chatId: "b" });
    expect([...state.keys()]).toEqual(["c"]);
  });
});

describe("presenceReducer", () => {
  it("starts from online:init and follows joins and leaves", () => {
    let state = presenceReducer(new Set(), { type: "init", userIds: ["a", "b"] });
    state = presenceReducer(state, { type: "joined", userId: "c" });
    state = presenceReducer(state, { type: "leaved", userId: "a" });
    expect([...state].sort()).toEqual(["b", "c"]);
    expect(presenceReducer(state, { type: "joined", userId: "b" })).toBe(state);
  });
});

describe("payload fields and search", () => {
  it("reads only well-typed fields", () => {
    expect(field({ chatId: "x" }, "chatId")).toBe("x");
    expect(field({ chatId: 1 }, "chatId")).toBe("");
    expect(field(null, "chatId")).toBe("");
    expect(idsField({ userIds: ["a", 2, "b"] }, "userIds")).toEqual(["a", "b"]);
    expect(idsField({}, "userIds")).toEqual([]);
  });
  it("matches every word of the query, case-insensitive", () => {
    expect(matchesSearch("Grace Hopper", "hop gr")).toBe(true);
    expect(matchesSearch("Grace Hopper", "ada")).toBe(false);
    expect(matchesSearch("Support", "  ")).toBe(true);
  });
});
