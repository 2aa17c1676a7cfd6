import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { createFetchStub, failure, randomUser, renderApp, signedInDeps, success } from "../../../test/helpers.tsx";
import { beforeAll as preloadBeforeAll } from "vitest";
import { preloadScreens } from "../../../test/helpers.tsx";

// Screens load by route (React.lazy): loaded once here, before the 1 s waits of the tests.
preloadBeforeAll(preloadScreens, 60_000);

describe("Settings: change password", () => {
  it("stores the new token pair and the change date", async () => {
    const user = userEvent.setup();
    const stub = createFetchStub({
      "POST /users/change-password": () =>
        success({ accessToken: "n".repeat(20), refreshToken: "m".repeat(20), lastPasswordChangedAt: "2025-02-03T10:00:00.000Z" }),
      "GET /users/sessions": () => success([]),
    });
    const deps = signedInDeps(randomUser(), { fetch: stub.fetch });
    renderApp("/settings", deps);
    await user.type(await screen.findByLabelText("Current password"), "old-secret");
    await user.type(screen.getByLabelText("New password"), "new-secret");
    await user.type(screen.getByLabelText("Repeat password"), "new-secret");
    await user.click(screen.getByRole("button", { name: "Change password" }));

    await waitFor(() => expect(deps.session.tokens.read()?.accessToken).toBe("n".repeat(20)));
    expect(deps.session.tokens.read()).toEqual({ accessToken: "n".repeat(20), authorized: true });
    expect(deps.session.getState().user?.lastPasswordChangedAt).toBe("2025-02-03T10:00:00.000Z");
    const call = stub.calls.find((c) => c.path === "/users/change-password")!;
    expect(call.body).toEqual({ currentPassword: "old-secret", password: "new-secret", repeatPassword: "new-secret" });
    expect((screen.getByLabelText("Current password") as HTMLInputElement).value).toBe("");
  });

  it("refuses a short or common new password before sending", async () => {
    const user = userEvent.setup();
    const stub = createFetchStub({ "GET /users/sessions": () => success([]) });
    renderApp("/settings", signedInDeps(randomUser(), { fetch: stub.fetch }));
    await user.type(await screen.findByLabelText("Current password"), "old-secret");
    for (const [password, message] of [["Abc#12x", /at least 8 symbols/], ["qwerty123", /too common/]] as const) {
      await user.clear(screen.getByLabelText("New password"));
      await user.clear(screen.getByLabelText("Repeat password"));
      await user.type(screen.getByLabelText("New password"), password);
      await user.type(screen.getByLabelText("Repeat password"), password);
      await user.click(screen.getByRole("button", { name: "Change password" }));
      expect(await screen.findByText(message)).not.toBeNull();
    }
    expect(stub.calls.some((c) => c.path === "/users/change-password")).toBe(false);
  });

  it("shows the server's field error beside the current password", async () => {
    const user = userEvent.setup();
    const stub = createFetchStub({
      "POST /users/change-password": () =>
        failure(400, "Current password incorrect", { fields: { currentPassword: "Current password incorrect" } }),
      "GET /users/sessions": () => success([]),
    });
    renderApp("/settings", signedInDeps(randomUser(), { fetch: stub.fetch }));
    await user.type(await screen.findByLabelText("Current password"), "wrong");
    await user.type(screen.getByLabelText("New password"), "new-secret");
    await user.type(screen.getByLabelText("Repeat password"), "new-secret");
    await user.click(screen.getByRole("button", { name: "Change password" }));
    await waitFor(() => expect(screen.getByLabelText("Current password").getAttribute("aria-invalid")).toBe("true"));
    // Said once, beside the field: not again above the button nor in a snackbar.
    expect(screen.getAllByText("Current password incorrect")).toHaveLength(1);
  });
});

describe("Settings: sessions", () => {
  it("lists sessions and revokes another device", async () => {
    const user = userEvent.setup();
    const sessions = [
      { id: "s1", device: "Chrome on Mac", address: "10.0.0.1", createdAt: "2025-01-01T00:00:00Z", lastUsedAt: "2025-01-02T00:00:00Z", current: true, impersonatedBy: null },
      { id: "s2", device: "Safari on iPhone", address: null, createdAt: "2025-01-01T00:00:00Z", lastUsedAt: "2025-01-02T00:00:00Z", current: false, impersonatedBy: null },
    ];
    const stub = createFetchStub({
      "GET /users/sessions": () => success(sessions),
      "DELETE /users/sessions/s2": () => success(null),
    });
    renderApp("/settings", signedInDeps(randomUser(), { fetch: stub.fetch }));
    expect(await screen.findByText("Chrome on Mac")).not.toBeNull();
    expect(screen.queryByRole("button", { name: "Sign out Chrome on Mac" })).toBeNull();
    await user.click(screen.getByRole("button", { name: "Sign out Safari on iPhone" }));
    await waitFor(() => expect(stub.calls.some((c) => c.method === "DELETE" && c.path === "/users/sessions/s2")).toBe(true));
  });
});
