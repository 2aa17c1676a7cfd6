import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { createFetchStub, failure, makeDeps, renderApp, success } from "../../../test/helpers.tsx";
import { RESET_SENT_MESSAGE } from "../components/ForgotPasswordForm.tsx";
import { beforeAll as preloadBeforeAll } from "vitest";
import { preloadScreens } from "../../../test/helpers.tsx";

// Screens load by route (React.lazy): loaded once here, before the 1 s waits of the tests.
preloadBeforeAll(preloadScreens, 60_000);

const TOKEN = "t0ken-0123456789abcdef";
const guestDeps = (fetch: typeof globalThis.fetch) => makeDeps({ fetch, session: { status: "guest" } });

describe("activation link", () => {
  it("verifies the token once and opens sign-in", async () => {
    const stub = createFetchStub({ "POST /users/verify": () => success(null) });
    renderApp(`/verifyRegistration?token=${TOKEN}`, guestDeps(stub.fetch));
    expect(await screen.findByText("Your account is active. You can sign in now.")).not.toBeNull();
    expect(await screen.findByRole("dialog", { name: "Sign in" })).not.toBeNull();
    // Once, whatever else the home page behind the dialog loads (its homepage plans).
    const verify = stub.calls.filter((c) => c.path === "/users/verify");
    expect(verify).toHaveLength(1);
    expect(verify[0].body).toEqual({ token: TOKEN });
  });

  it("shows the server's message when the token is refused", async () => {
    const stub = createFetchStub({ "POST /users/verify": () => failure(400, "Invalid or expired token") });
    renderApp(`/verifyRegistration?token=${TOKEN}`, guestDeps(stub.fetch));
    expect(await screen.findByText("Invalid or expired token")).not.toBeNull();
  });
});

describe("password reset", () => {
  it("checks the link, then sets the new password", async () => {
    const user = userEvent.setup();
    const stub = createFetchStub({
      [`GET /users/reset/${TOKEN}`]: () => success(null),
      [`POST /users/reset/${TOKEN}`]: () => success(null),
    });
    renderApp(`/resetPassword?token=${TOKEN}`, guestDeps(stub.fetch));
    await user.type(await screen.findByLabelText("New password"), "brand-new");
    await user.type(screen.getByLabelText("Repeat password"), "brand-new");
    await user.click(screen.getByRole("button", { name: "Save password" }));
    expect(await screen.findByText(/Your password has been changed. Sign in/)).not.toBeNull();
    expect(stub.calls[1].body).toEqual({ password: "brand-new", repeatPassword: "brand-new" });
  });

  it("offers a new link when the token is invalid", async () => {
    const stub = createFetchStub({ [`GET /users/reset/${TOKEN}`]: () => failure(404, "Invalid reset token") });
    renderApp(`/resetPassword?token=${TOKEN}`, guestDeps(stub.fetch));
    expect(await screen.findByText("Invalid reset token")).not.toBeNull();
    await userEvent.click(screen.getByRole("button", { name: "Request a new link" }));
    expect(await screen.findByRole("dialog", { name: "Forgot your password?" })).not.toBeNull();
  });

  it("answers the same whether or not the email is registered", async () => {
    const user = userEvent.setup();
    const stub = createFetchStub({ "POST /users/reset/request": () => failure(404, "Email not registered") });
    renderApp("/", guestDeps(stub.fetch));
    globalThis.dispatchEvent(new CustomEvent("auth:open", { detail: "forgot" }));
    const dialog = await screen.findByRole("dialog", { name: "Forgot your password?" });
    await user.type(within(dialog).getByLabelText("Email"), "nobody@example.com");
    await user.click(within(dialog).getByRole("button", { name: "Send reset link" }));
    expect(await within(dialog).findByText(RESET_SENT_MESSAGE)).not.toBeNull();
  });
});

describe("assistant password", () => {
  it("creates the password with the invitation token", async () => {
    const user = userEvent.setup();
    const stub = createFetchStub({ [`POST /vmas/password/${TOKEN}`]: () => success(null) });
    renderApp(`/vmaPassword?token=${TOKEN}`, guestDeps(stub.fetch));
    await user.type(await screen.findByLabelText("Password"), "assist-1");
    await user.type(screen.getByLabelText("Repeat password"), "assist-1");
    await user.click(screen.getByRole("button", { name: "Create password" }));
    await waitFor(() => expect(stub.calls).toHaveLength(1));
    expect(stub.calls[0].body).toEqual({ password: "assist-1", repeatPassword: "assist-1" });
    expect(stub.calls[0].headers.get("Authorization")).toBeNull();
  });
});
