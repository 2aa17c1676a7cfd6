import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Route, Routes } from "react-router";
import { describe, expect, it } from "vitest";
import type { AuthUser } from "../../../../../sync/schemas/user.ts";
import { createFetchStub, failure, randomId, randomUser, renderWithDeps, signedInDeps, success } from "../../../test/helpers.tsx";
import { UserSettingsPage } from "./UserSettingsPage.tsx";

function renderAt(viewer: AuthUser, userId: string, stub: ReturnType<typeof createFetchStub>) {
  return renderWithDeps(
    <Routes>
      <Route path="/settings/:userId" element={<UserSettingsPage />} />
      <Route path="/settings" element={<h1>My settings</h1>} />
    </Routes>,
    signedInDeps(viewer, { fetch: stub.fetch }),
    `/settings/${userId}`,
  );
}

const notFound = () => screen.findByRole("heading", { level: 1, name: "Page not found" });

describe("/settings/{userId}", () => {
  it("an admin sees a patient's account, their email change and sign in as, and blocks them after a confirmation", async () => {
    const user = userEvent.setup();
    let target = randomUser({ role: "patient", firstName: "Pia", lastName: "Page", email: "pia@example.test", isActivated: true });
    const stub = createFetchStub({
      [`GET /users/${target.id}`]: () => success(target),
      [`PUT /users/block/${target.id}`]: () => success(target = { ...target, isBlocked: true }),
    });
    renderAt(randomUser({ role: "admin" }), target.id, stub);
    await screen.findByRole("heading", { level: 1, name: "Settings of Pia Page" });
    expect(screen.getByText("pia@example.test")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Change email" })).toBeTruthy();
    // Sign in as asks first (issue 32: it acted at once); cancelling sends nothing.
    await user.click(screen.getByRole("button", { name: "Sign in as Pia Page" }));
    const signIn = screen.getByRole("dialog", { name: "Sign in as Pia Page?" });
    expect(signIn.textContent).toMatch(/The audit log records it/);
    await user.click(within(signIn).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("dialog", { name: "Sign in as Pia Page?" })).toBeNull();
    expect(stub.calls.some((c) => c.method === "POST")).toBe(false);

    await user.click(screen.getByRole("button", { name: "Block Pia Page" }));
    const dialog = screen.getByRole("dialog", { name: "Block Pia Page?" });
    await user.click(within(dialog).getByRole("button", { name: "Block" }));
    await screen.findByRole("button", { name: "Unblock Pia Page" });
    expect(screen.getByText("Blocked")).toBeTruthy();
    // A blocked user cannot be signed in as (the server refuses it).
    expect(screen.queryByRole("button", { name: "Sign in as Pia Page" })).toBeNull();
    expect(stub.calls.filter((c) => c.method === "PUT").map((c) => c.path)).toEqual([`/users/block/${target.id}`]);
  });

  it("an admin who is not a super admin sees another admin without block, email change or sign in as", async () => {
    const other = randomUser({ role: "admin", firstName: "Ada", lastName: "Min" });
    const stub = createFetchStub({ [`GET /users/${other.id}`]: () => success(other) });
    renderAt(randomUser({ role: "admin", isSuperAdmin: false }), other.id, stub);
    await screen.findByRole("heading", { level: 1, name: "Settings of Ada Min" });
    expect(screen.getByText("Only a super admin may block an admin.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: /Block|Change email|Sign in as/ })).toBeNull();
  });

  it("an admin asking for an unknown user gets the not-found page", async () => {
    const id = randomId();
    const stub = createFetchStub({ [`GET /users/${id}`]: () => failure(404, "User not found") });
    renderAt(randomUser({ role: "admin" }), id, stub);
    await notFound();
  });

  it("a doctor manages their own VMA: a password link, then detach back to Manage VMAs", async () => {
    const user = userEvent.setup();
    const vma = { id: randomId(), firstName: "Vic", lastName: "Tor", email: "vic@example.test", passwordSet: true };
    let list = [vma];
    const stub = createFetchStub({
      "GET /vmas/list": () => success({ list }),
      "POST /vmas/doctor/reset/password": () => success({ sent: true }),
      "POST /vmas/detach": () => {
        list = [];
        return success({ detached: true });
      },
    });
    renderAt(randomUser({ role: "doctor", isAccountApproved: true }), vma.id, stub);
    await screen.findByRole("heading", { level: 1, name: "Settings of Vic Tor" });
    await user.click(screen.getByRole("button", { name: "Send a password link" }));
    await screen.findByText("A password link was sent to vic@example.test");
    await user.click(screen.getByRole("button", { name: "Detach Vic Tor" }));
    await user.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Detach" }));
    await screen.findByRole("heading", { level: 1, name: "My settings" });
    expect(stub.calls.filter((c) => c.method === "POST").map((c) => [c.path, c.body])).toEqual([
      ["/vmas/doctor/reset/password", { vmaId: vma.id }],
      ["/vmas/detach", { vmaId: vma.id }],
    ]);
  });

  it("a doctor asking for anyone but their VMAs gets the not-found page, without asking for the user", async () => {
    const stub = createFetchStub({ "GET /vmas/list": () => success({ list: [] }) });
    renderAt(randomUser({ role: "doctor" }), randomId(), stub);
    await notFound();
    expect(stub.calls.map((c) => c.path)).toEqual(["/vmas/list"]);
  });

  it.each(["patient", "vma"] as const)("a %s gets the not-found page and nothing is asked of the server", async (role) => {
    const stub = createFetchStub();
    renderAt(randomUser({ role }), randomId(), stub);
    await notFound();
    expect(stub.calls).toEqual([]);
  });

  it("one's own id opens one's own settings", async () => {
    const me = randomUser({ role: "patient" });
    renderAt(me, me.id, createFetchStub());
    await screen.findByRole("heading", { level: 1, name: "My settings" });
  });
});
