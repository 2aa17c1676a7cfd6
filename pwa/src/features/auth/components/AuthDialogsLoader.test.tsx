import { act, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderWithDeps } from "../../../test/helpers.tsx";
import { openAuthDialog } from "../auth-dialog-events.ts";
import { AuthDialogsLoader } from "./AuthDialogsLoader.tsx";

describe("AuthDialogsLoader", () => {
  it("renders nothing until a dialog is asked for", () => {
    renderWithDeps(<AuthDialogsLoader />);
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(screen.queryByRole("form", { name: "Sign in" })).toBeNull();
  });

  it("shows the dialog asked for while its script loaded, then answers later requests itself", async () => {
    const user = userEvent.setup();
    renderWithDeps(<AuthDialogsLoader />);
    act(() => openAuthDialog("register"));
    expect(await screen.findByRole("dialog", { name: "Join DPC Telehealth" }, { timeout: 10_000 })).toBeTruthy();

    await user.click(screen.getByRole("button", { name: /close/i }));
    expect(screen.queryByRole("dialog")).toBeNull();
    act(() => openAuthDialog("login"));
    expect(await screen.findByRole("form", { name: "Sign in" })).toBeTruthy();
  });
});
