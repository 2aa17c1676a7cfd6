import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { Pager } from "./Pager.tsx";

function Paged({ total = 45, busy = false, announce }: { total?: number; busy?: boolean; announce?: boolean }) {
  const [offset, setOffset] = useState(0);
  return <Pager offset={offset} limit={20} total={total} busy={busy} onChange={setOffset} label="Things pages" announce={announce} />;
}

describe("Pager", () => {
  it("pages with the keyboard, keeping the focus on Next when it reaches the last page", async () => {
    const user = userEvent.setup();
    render(<Paged />);
    const next = screen.getByRole("button", { name: "Next" });
    const previous = screen.getByRole("button", { name: "Previous" });
    expect(previous.getAttribute("aria-disabled")).toBe("true");
    next.focus();
    await user.keyboard("{Enter}");
    expect(screen.getByText("21–40 of 45")).toBeTruthy();
    await user.keyboard("{Enter}");
    expect(screen.getByText("41–45 of 45")).toBeTruthy();
    expect(next.getAttribute("aria-disabled")).toBe("true");
    expect(document.activeElement).toBe(next);
    // Pressed again on the last page: nothing happens.
    await user.keyboard("{Enter}");
    expect(screen.getByText("41–45 of 45")).toBeTruthy();
    expect(previous.getAttribute("aria-disabled")).toBeNull();
  });

  it("while a page is on its way, neither button acts", async () => {
    const user = userEvent.setup();
    render(<Paged busy />);
    const next = screen.getByRole("button", { name: "Next" });
    expect(next.getAttribute("aria-disabled")).toBe("true");
    await user.click(next);
    expect(screen.getByText("1–20 of 45")).toBeTruthy();
  });

  it("announces the range politely unless told not to, and is absent when one page holds all", () => {
    const { unmount } = render(<Paged />);
    expect(screen.getByText("1–20 of 45").getAttribute("aria-live")).toBe("polite");
    unmount();
    const quiet = render(<Paged announce={false} />);
    expect(screen.getByText("1–20 of 45").getAttribute("aria-live")).toBeNull();
    quiet.unmount();
    render(<Paged total={20} />);
    expect(screen.queryByRole("navigation", { name: "Things pages" })).toBeNull();
  });
});
