import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { firstMatches, MoreMatches } from "./MoreMatches.tsx";

describe("MoreMatches", () => {
  it("says how many of how many are shown, naming the search, and how to find the others", () => {
    render(<MoreMatches shown={20} total={45} noun="patients" term=" ann " advice="type more of the name to find the others." />);
    expect(screen.getByRole("status").textContent).toBe("Showing 20 of 45 patients matching “ann”: type more of the name to find the others.");
  });

  it("without a count, says the first ones are shown when more match", () => {
    render(<MoreMatches shown={12} more noun="tests" advice="type more of the name or code to narrow them." />);
    expect(screen.getByRole("status").textContent).toBe("Showing the first 12 tests: type more of the name or code to narrow them.");
  });

  it("says nothing when everything matching is listed, its status staying in place for the next answer", () => {
    const { container } = render(
      <>
        <MoreMatches shown={45} total={45} noun="patients" advice="x" />
        <MoreMatches shown={3} more={false} noun="tests" advice="x" />
        <MoreMatches shown={3} noun="tests" advice="x" />
      </>,
    );
    expect(container.textContent).toBe("");
    expect(screen.getAllByRole("status")).toHaveLength(3);
  });
});

describe("firstMatches", () => {
  it("keeps the first ones and tells whether the extra one came", () => {
    expect(firstMatches([1, 2, 3], 2)).toEqual({ shown: [1, 2], more: true });
    expect(firstMatches([1, 2], 2)).toEqual({ shown: [1, 2], more: false });
    expect(firstMatches(undefined, 2)).toEqual({ shown: [], more: false });
  });
});
