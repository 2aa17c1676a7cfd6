import { describe, expect, it } from "vitest";
import { expandAt } from "./MacroTextArea.tsx";

describe("expandAt", () => {
  it("replaces the shortcut before the caret and moves the caret after the text", () => {
    expect(expandAt("BP ;bp done", 6, "120/80")).toEqual({ value: "BP 120/80 done", caret: 9 });
  });
  it("does nothing without a shortcut at the caret", () => {
    expect(expandAt("no shortcut", 5, "x")).toBeNull();
  });
});
