import { describe, expect, it } from "vitest";
import { isOverdue } from "./keys.ts";

describe("isOverdue", () => {
  const now = new Date(2026, 2, 9, 23, 30);
  it("an open task due before today is overdue; today is not", () => {
    expect(isOverdue({ status: "open", dueDate: "2026-03-08" }, now)).toBe(true);
    expect(isOverdue({ status: "open", dueDate: "2026-03-09" }, now)).toBe(false);
  });
  it("closed tasks and tasks without a due date never are", () => {
    expect(isOverdue({ status: "closed", dueDate: "2026-01-01" }, now)).toBe(false);
    expect(isOverdue({ status: "open", dueDate: null }, now)).toBe(false);
  });
});
