import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { createFetchStub, failure, randomId, randomUser, renderWithDeps, signedInDeps, success } from "../../../test/helpers.tsx";
import type { Membership, MembershipOption } from "../../../../../sync/schemas/membership.ts";
import { MembershipsSection } from "./MembershipsSection.tsx";

const PERIOD_END = "2026-12-24T12:00:00.000Z";
const doctorId = randomId();

function membership(patch: Partial<Membership> = {}): Membership {
  return {
    id: randomId(), doctorId, doctorName: "Grace Hopper", patientId: randomId(), patientName: "Alex Tester",
    planId: "plan-monthly", planName: "Primary care — monthly", interval: "month", intervalCount: 1, status: "active",
    cancelAtPeriodEnd: false, cancelledByPatient: false, renews: true, currentPeriodEnd: PERIOD_END, amountCents: 5900, pendingChange: null, ...patch,
  };
}
function option(planId: string, name: string, priceCents: number, patch: Partial<MembershipOption> = {}): MembershipOption {
  return {
    planId, doctorId, name, description: "", interval: "month", intervalCount: 1, welcomePackage: false, enabled: true,
    trialDays: 0, priceCents, initialPriceCents: null, previousPriceCents: null, priceAppliesAt: null, autoRenewable: true, loyalClientsOnly: false, placesLeft: null, ...patch,
  };
}

/** The edge's subscribe endpoints over one stored membership, as the service answers them. */
function memberServer(start: Membership, options: MembershipOption[] = []) {
  let m = start;
  const stub = createFetchStub({
    "GET /payments/stripe/subscribe": () => success([m]),
    [`GET /membershipOptions/doctor/${doctorId}`]: () => success(options),
    "DELETE /payments/stripe/subscribe": ({ body }) => {
      const { mode } = body as { mode: string };
      if (mode === "immediately") m = { ...m, status: "expired", pendingChange: null };
      else if (mode === "periodEnd") m = { ...m, status: "cancelled", cancelAtPeriodEnd: true, pendingChange: null };
      else m = { ...m, status: "active", cancelAtPeriodEnd: false };
      return success(m);
    },
    "PUT /payments/stripe/subscribe": ({ body }) => {
      const o = options.find((x) => x.planId === (body as { planId: string }).planId)!;
      m = { ...m, pendingChange: { planId: o.planId, planName: o.name, startsAt: PERIOD_END, amountCents: o.priceCents } };
      return success(m);
    },
    [`DELETE /payments/stripe/subscribe/change/${start.id}`]: () => success((m = { ...m, pendingChange: null })),
  });
  return stub;
}

const render = (fetch: typeof globalThis.fetch, user = randomUser()) =>
  renderWithDeps(<MembershipsSection />, signedInDeps(user, { fetch }));

describe("Settings → Memberships (patient)", () => {
  it("shows the plan, the doctor, the state and the next charge", async () => {
    const stub = memberServer(membership());
    render(stub.fetch);
    const card = await screen.findByRole("article", { name: "Primary care — monthly" });
    expect(within(card).getByRole("link", { name: "Dr. Grace Hopper" }).getAttribute("href")).toBe(`/profile/${doctorId}`);
    expect(within(card).getByText("$59.00 every month")).not.toBeNull();
    expect(within(card).getByTestId("membership-status").textContent).toContain("Active");
    expect(within(card).getByTestId("membership-next-charge").textContent).toBe("$59.00 on December 24, 2026");
  });

  it("cancels at period end behind a dialog that states the consequences, shows the end date, then resumes", async () => {
    const user = userEvent.setup();
    const m = membership();
    const stub = memberServer(m);
    render(stub.fetch);
    await user.click(await screen.findByRole("button", { name: "Cancel membership" }));
    const dialog = screen.getByRole("dialog", { name: "Cancel membership" });
    expect(within(dialog).getByRole("radio", { name: "At the end of the period (December 24, 2026)" })).toHaveProperty("checked", true);
    expect(within(dialog).getByText(/stay a member of Dr. Grace Hopper's practice until December 24, 2026/)).not.toBeNull();
    expect(within(dialog).getByText(/not refunded/)).not.toBeNull();
    await user.click(within(dialog).getByRole("button", { name: "Cancel at period end" }));

    const card = await screen.findByRole("article", { name: "Primary care — monthly" });
    await waitFor(() => expect(within(card).getByTestId("membership-status").textContent).toContain("Active until December 24, 2026"));
    expect(within(card).queryByTestId("membership-next-charge")).toBeNull();
    expect(within(card).queryByRole("button", { name: "Change plan" })).toBeNull();
    expect(stub.calls.find((c) => c.method === "DELETE")!.body).toEqual({ membershipId: m.id, mode: "periodEnd" });

    await user.click(within(card).getByRole("button", { name: "Resume membership" }));
    await waitFor(() => expect(within(card).getByTestId("membership-next-charge").textContent).toBe("$59.00 on December 24, 2026"));
    expect(stub.calls.filter((c) => c.method === "DELETE").at(-1)!.body).toEqual({ membershipId: m.id, mode: "notCancel" });
  });

  it("a plan that does not renew shows its end date and offers no resume", async () => {
    const stub = memberServer(membership({ planName: "1-week access", status: "cancelled", cancelAtPeriodEnd: true, renews: false }));
    render(stub.fetch);
    const card = await screen.findByRole("article", { name: "1-week access" });
    expect(within(card).getByTestId("membership-status").textContent).toContain("Active until December 24, 2026");
    expect(within(card).queryByRole("button", { name: "Resume membership" })).toBeNull();
  });

  it("cancels immediately: the membership moves to past memberships and the empty state offers the doctor again", async () => {
    const user = userEvent.setup();
    const stub = memberServer(membership());
    render(stub.fetch, randomUser({ doctor: { id: doctorId, firstName: "Grace", lastName: "Hopper", specialty: null } }));
    await user.click(await screen.findByRole("button", { name: "Cancel membership" }));
    const dialog = screen.getByRole("dialog", { name: "Cancel membership" });
    await user.click(within(dialog).getByRole("radio", { name: "Immediately" }));
    expect(within(dialog).getByText(/ends now/)).not.toBeNull();
    await user.click(within(dialog).getByRole("button", { name: "End membership now" }));
    expect(await screen.findByText("You are not a member of a practice yet")).not.toBeNull();
    expect(screen.getByRole("link", { name: "See Dr. Grace Hopper's plans" }).getAttribute("href")).toBe(`/profile/${doctorId}`);
    expect(screen.getByRole("heading", { name: "Past memberships" })).not.toBeNull();
    expect(screen.getByText(/expired \(ended December 24, 2026\)/)).not.toBeNull();
    expect(stub.calls.find((c) => c.method === "DELETE")!.body).toMatchObject({ mode: "immediately" });
  });

  it("keeps the dialog open with the server's message when the cancellation is refused", async () => {
    const user = userEvent.setup();
    const stub = createFetchStub({
      "GET /payments/stripe/subscribe": () => success([membership()]),
      "DELETE /payments/stripe/subscribe": () => failure(409, "This membership has already ended"),
    });
    render(stub.fetch);
    await user.click(await screen.findByRole("button", { name: "Cancel membership" }));
    const dialog = screen.getByRole("dialog", { name: "Cancel membership" });
    await user.click(within(dialog).getByRole("button", { name: "Cancel at period end" }));
    expect((await within(dialog).findByRole("alert")).textContent).toBe("This membership has already ended");
    await user.click(within(dialog).getByRole("button", { name: "Keep my membership" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(screen.getByTestId("membership-status").textContent).toContain("Active");
  });

  it("changes the plan at period end, shows the pending change and undoes it", async () => {
    const user = userEvent.setup();
    const m = membership();
    const options = [option("plan-monthly", "Primary care — monthly", 5900), option("plan-annual", "Primary care — annual", 46800, { interval: "year" })];
    const stub = memberServer(m, options);
    render(stub.fetch);
    await user.click(await screen.findByRole("button", { name: "Change plan" }));
    const dialog = screen.getByRole("dialog", { name: "Change plan" });
    expect(within(dialog).getByText(/stays as it is until December 24, 2026/)).not.toBeNull();
    expect(within(dialog).queryByRole("radio", { name: /monthly/ })).toBeNull();
    await user.click(await within(dialog).findByRole("radio", { name: "Primary care — annual: $468.00 every year" }));
    await user.click(within(dialog).getByRole("button", { name: "Change at period end" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(stub.calls.find((c) => c.method === "PUT")!.body).toEqual({ membershipId: m.id, planId: "plan-annual" });
    expect(await screen.findByText(/Changing to/)).not.toBeNull();
    expect(screen.getByText(/Changing to/).textContent).toContain("Primary care — annual ($468.00) on December 24, 2026");
    expect(screen.getByTestId("membership-next-charge").textContent).toBe("$468.00 on December 24, 2026");
    expect(screen.queryByRole("button", { name: "Change plan" })).toBeNull();

    await user.click(screen.getByRole("button", { name: "Undo the change to Primary care — annual" }));
    await waitFor(() => expect(screen.queryByText(/Changing to/)).toBeNull());
    expect(screen.getByTestId("membership-next-charge").textContent).toBe("$59.00 on December 24, 2026");
    expect(stub.calls.some((c) => c.method === "DELETE" && c.path === `/payments/stripe/subscribe/change/${m.id}`)).toBe(true);
  });

  it("asks a past-due member to update their card, with no next charge", async () => {
    render(memberServer(membership({ status: "pastDue" })).fetch);
    expect((await screen.findByTestId("membership-status")).textContent).toContain("Payment past due");
    expect(screen.getByRole("link", { name: "Update your card" }).getAttribute("href")).toBe("#payment-methods");
    expect(screen.queryByTestId("membership-next-charge")).toBeNull();
    expect(screen.getByRole("button", { name: "Cancel membership" })).not.toBeNull();
  });

  it("shows a trial with its first charge", async () => {
    render(memberServer(membership({ status: "trialing" })).fetch);
    expect((await screen.findByTestId("membership-status")).textContent).toContain("Your trial ends on December 24, 2026");
    expect(screen.getByTestId("membership-next-charge").textContent).toBe("$59.00 on December 24, 2026");
  });

  it("offers the doctors list to a patient with no membership and no doctor", async () => {
    render(createFetchStub({ "GET /payments/stripe/subscribe": () => success([]) }).fetch);
    expect(await screen.findByText("You are not a member of a practice yet")).not.toBeNull();
    expect(screen.getByRole("link", { name: "Find a doctor" }).getAttribute("href")).toBe("/doctors");
  });

  it("shows the error and loads again on request", async () => {
    const user = userEvent.setup();
    let fail = true;
    const stub = createFetchStub({
      "GET /payments/stripe/subscribe": () => (fail ? failure(500, "Internal error") : success([])),
    });
    render(stub.fetch);
    expect(await screen.findByText("Your memberships could not be loaded: Internal error")).not.toBeNull();
    fail = false;
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByText("You are not a member of a practice yet")).not.toBeNull();
  });
});
