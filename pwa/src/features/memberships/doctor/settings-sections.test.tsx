import { screen, within } from "@testing-library/react";
import { beforeAll, describe, expect, it } from "vitest";
import { createFetchStub, preloadScreens, randomUser, renderApp, signedInDeps, success } from "../../../test/helpers.tsx";

// Screens load by route (React.lazy): loaded once here.
beforeAll(preloadScreens, 60_000);

const stub = () =>
  createFetchStub({
    "GET /membershipOptions/settings/me": () => success([]),
    "GET /doctors/subscription/patients": () => success([]),
  });

describe("Settings: the membership sections by role", { timeout: 20_000 }, () => {
  it("the doctor has Memberships and Patient memberships", async () => {
    renderApp("/settings", signedInDeps(randomUser({ role: "doctor", applicationStatus: "approved", isAccountApproved: true, stripeAccount: "acct_1", isActiveStripeAccount: true }), { fetch: stub().fetch }));
    const memberships = await screen.findByRole("region", { name: "Memberships" });
    expect(await within(memberships).findByText("No membership plans are offered on the platform yet")).toBeTruthy();
    const patients = screen.getByRole("region", { name: "Patient memberships" });
    expect(await within(patients).findByText("No patient memberships yet")).toBeTruthy();
  });

  it("a VMA sees Patient memberships only; a patient neither", async () => {
    const vma = renderApp("/settings", signedInDeps(randomUser({ role: "vma" }), { fetch: stub().fetch }));
    expect(await screen.findByRole("region", { name: "Patient memberships" })).toBeTruthy();
    expect(screen.queryByRole("region", { name: "Memberships" })).toBeNull();
    vma.unmount();
    renderApp("/settings", signedInDeps(randomUser({ role: "patient" }), { fetch: stub().fetch }));
    await screen.findByRole("heading", { name: "Settings", level: 1 });
    expect(screen.queryByRole("region", { name: "Patient memberships" })).toBeNull();
    expect(screen.queryByRole("link", { name: "Patient memberships" })).toBeNull();
  });
});
