import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { createFetchStub, failure, makeDeps, randomUser, renderWithDeps, success } from "../../../test/helpers.tsx";
import { LoginForm } from "./LoginForm.tsx";

const noop = () => {};

/** The error shown for a field: it must be the element its aria-describedby points at. */
function errorOf(field: HTMLElement): string | null {
  const ids = field.getAttribute("aria-describedby")?.split(" ") ?? [];
  const texts = ids.map((id) => document.getElementById(id)).filter((el) => el?.getAttribute("role") === "alert");
  return texts[0]?.textContent ?? null;
}

describe("LoginForm", () => {
  it("shows the shared schema's errors beside each field and sends nothing", async () => {
    const user = userEvent.setup();
    const stub = createFetchStub();
    renderWithDeps(<LoginForm onDone={noop} onForgot={noop} onRegister={noop} />, makeDeps({ fetch: stub.fetch }));
    await user.type(screen.getByLabelText("Email"), "not-an-email");
    await user.click(screen.getByRole("button", { name: "Sign in" }));

    const email = screen.getByLabelText("Email");
    const password = screen.getByLabelText("Password");
    expect(email.getAttribute("aria-invalid")).toBe("true");
    expect(errorOf(email)).toBe("Enter a valid email");
    expect(errorOf(password)).toBe("Password is required");
    expect(document.activeElement).toBe(email);
    expect(stub.calls).toHaveLength(0);
  });

  it("shows the server's message when sign-in is refused", async () => {
    const user = userEvent.setup();
    const stub = createFetchStub({ "POST /users/login": () => failure(401, "Email or password mismatch") });
    renderWithDeps(<LoginForm onDone={noop} onForgot={noop} onRegister={noop} />, makeDeps({ fetch: stub.fetch }));
    await user.type(screen.getByLabelText("Email"), "Someone@Example.com ");
    await user.type(screen.getByLabelText("Password"), "secret1");
    await user.click(screen.getByRole("button", { name: "Sign in" }));
    // Announced once by the snackbar, and kept visible in the form.
    await waitFor(() => expect(screen.getByRole("alert").textContent).toContain("Email or password mismatch"));
    expect(screen.getAllByText("Email or password mismatch")).toHaveLength(2);
    expect(stub.calls[0].body).toEqual({ email: "someone@example.com", password: "secret1" });
  });

  it("stores the session on success", async () => {
    const user = userEvent.setup();
    const account = randomUser();
    const stub = createFetchStub({
      "POST /users/login": () => success({ accessToken: "a".repeat(20), refreshToken: "r".repeat(20), user: account }),
    });
    const deps = makeDeps({ fetch: stub.fetch, session: { status: "guest" } });
    const onDone = vi.fn();
    renderWithDeps(<LoginForm onDone={onDone} onForgot={noop} onRegister={noop} />, deps);
    await user.type(screen.getByLabelText("Email"), account.email);
    await user.type(screen.getByLabelText("Password"), "secret1");
    await user.click(screen.getByRole("button", { name: "Sign in" }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(deps.session.getState().user?.id).toBe(account.id);
    // The access token in memory only; a refresh token in the answer is never kept.
    expect(deps.session.tokens.read()).toEqual({ accessToken: "a".repeat(20), authorized: true });
  });
});
