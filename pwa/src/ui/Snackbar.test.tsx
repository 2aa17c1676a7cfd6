import { act, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SNACKBAR_HIDE_MS } from "../../../sync/constants.ts";
import { type Notify, SnackbarProvider, useSnackbar } from "./Snackbar.tsx";

let notify: Notify = () => {};
function Capture() {
  notify = useSnackbar();
  return null;
}

describe("Snackbar", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("announces information politely and hides it after 3000 ms", () => {
    render(<SnackbarProvider><Capture /></SnackbarProvider>);
    act(() => notify("Profile saved", "success"));
    const status = screen.getByRole("status");
    expect(status.getAttribute("aria-live")).toBe("polite");
    expect(status.textContent).toContain("Profile saved");

    act(() => vi.advanceTimersByTime(SNACKBAR_HIDE_MS - 1));
    expect(screen.queryByText("Profile saved")).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText("Profile saved")).toBeNull();
    expect(SNACKBAR_HIDE_MS).toBe(3000);
  });

  it("announces errors assertively", () => {
    render(<SnackbarProvider><Capture /></SnackbarProvider>);
    act(() => notify("Could not save", "error"));
    const alert = screen.getByRole("alert");
    expect(alert.getAttribute("aria-live")).toBe("assertive");
    expect(alert.textContent).toContain("Could not save");
    act(() => vi.advanceTimersByTime(SNACKBAR_HIDE_MS));
    expect(screen.queryByText("Could not save")).toBeNull();
  });

  it("can be dismissed early", () => {
    render(<SnackbarProvider><Capture /></SnackbarProvider>);
    act(() => notify("Hello"));
    act(() => screen.getByRole("button", { name: "Dismiss" }).click());
    expect(screen.queryByText("Hello")).toBeNull();
  });
});
