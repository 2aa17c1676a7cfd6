import { describe, expect, it } from "vitest";
import { CARET_COLOURS, editorUser, othersHere, readUser, userColour } from "./presence.ts";

describe("who else is here", () => {
  it("lists every other person once, by name, whatever their tabs", () => {
    const states = new Map<number, unknown>([
      [1, { user: { id: "me", name: "Dana Doctor", color: "#0b5fb3" } }],
      [2, { user: { id: "vma", name: "Victor Assistant", color: "#b3261e" } }],
      [3, { user: { id: "vma", name: "Victor Assistant", color: "#b3261e" } }],
      [4, { user: { id: "me", name: "Dana Doctor" } }],
      [5, { user: { id: "other", name: "Ann Other" } }],
      [6, {}],
    ]);
    expect(othersHere(states, "me").map((u) => u.name)).toEqual(["Ann Other", "Victor Assistant"]);
  });

  it("reads awareness field by field: no user, no id or a bad colour are handled", () => {
    expect(readUser(null)).toBeNull();
    expect(readUser({ user: "x" })).toBeNull();
    expect(readUser({ user: { name: "No id" } })).toBeNull();
    const user = readUser({ user: { id: "u1", name: "  ", color: "red; background: url(x)" } });
    expect(user).toEqual({ id: "u1", name: "Someone", color: userColour("u1") });
  });

  it("gives each user a stable colour from the palette and a display name", () => {
    expect(userColour("abc")).toBe(userColour("abc"));
    expect(CARET_COLOURS).toContain(userColour(crypto.randomUUID()));
    expect(editorUser({ id: "d", firstName: "Dana", lastName: "Doctor" })).toEqual({ id: "d", name: "Dana Doctor", color: userColour("d") });
  });
});
