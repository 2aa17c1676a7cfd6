import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { MembershipOption } from "../../../../../sync/schemas/membership.ts";
import { createFetchStub, failure, randomId, randomUser, renderWithDeps, signedInDeps, success } from "../../../test/helpers.tsx";
import { MembershipOptionsSettings } from "./MembershipOptionsSettings.tsx";

const doctor = randomUser({ role: "doctor", applicationStatus: "approved", isAccountApproved: true });
const option = (patch: Partial<MembershipOption> = {}): MembershipOption => ({
  planId: randomId(), doctorId: doctor.id, name: "Primary care — monthly", description: "", interval: "month", intervalCount: 1,
  welcomePackage: false, enabled: true, trialDays: 0, priceCents: 5900, initialPriceCents: null, previousPriceCents: null,
  priceAppliesAt: null, autoRenewable: true, loyalClientsOnly: false, placesLeft: null, ...patch,
});

/** The doctor's options on a stub of the API: list, enable/disable, update (answers like the server). */
function server(initial: MembershipOption[]) {
  let options = [...initial];
  const handlers: Parameters<typeof createFetchStub>[0] = { "GET /membershipOptions/settings/me": () => success(options) };
  for (const o of initial) {
    for (const on of [true, false]) {
      handlers[`PUT /membershipOptions/${o.planId}/${on ? "enable" : "disable"}/for/me`] = () => {
        options = options.map((x) => (x.planId === o.planId ? { ...x, enabled: on } : x));
        return success(options.find((x) => x.planId === o.planId));
      };
    }
    handlers[`PUT /membershipOptions/${o.planId}`] = (req) => {
      const body = req.body as Partial<MembershipOption>;
      options = options.map((x) =>
        x.planId === o.planId
          ? { ...x, ...body, previousPriceCents: x.priceCents, priceAppliesAt: "2026-12-25T12:00:00.000Z" } as MembershipOption
          : x
      );
      return success(options.find((x) => x.planId === o.planId));
    };
  }
  return createFetchStub(handlers);
}

const render = (stub: ReturnType<typeof createFetchStub>) => renderWithDeps(<MembershipOptionsSettings />, signedInDeps(doctor, { fetch: stub.fetch }));

describe("Settings → Memberships (doctor)", { timeout: 20_000 }, () => {
  it("disables and enables an option for the doctor", async () => {
    const user = userEvent.setup();
    const monthly = option();
    const stub = server([monthly, option({ name: "Primary care — annual", interval: "year", priceCents: 46800 })]);
    render(stub);
    const card = await screen.findByRole("article", { name: "Primary care — monthly" });
    expect(within(card).getByText("Every month")).toBeTruthy();
    const offer = within(card).getByRole("checkbox", { name: "Offer to my patients" }) as HTMLInputElement;
    expect(offer.checked).toBe(true);
    await user.click(offer);
    await waitFor(() => expect(offer.checked).toBe(false));
    expect(stub.calls.some((c) => c.method === "PUT" && c.path === `/membershipOptions/${monthly.planId}/disable/for/me`)).toBe(true);
    await user.click(offer);
    await waitFor(() => expect(offer.checked).toBe(true));
    expect(stub.calls.some((c) => c.path === `/membershipOptions/${monthly.planId}/enable/for/me`)).toBe(true);
  });

  it("checks prices and trial days with the shared schema per field, sends cents, and shows the notice", async () => {
    const user = userEvent.setup();
    const monthly = option();
    const stub = server([monthly]);
    render(stub);
    const card = await screen.findByRole("article", { name: "Primary care — monthly" });
    const price = within(card).getByRole("textbox", { name: /^Price \(USD\)/ });
    const trial = within(card).getByRole("textbox", { name: /^Trial days/ });
    expect((price as HTMLInputElement).value).toBe("59.00");
    await user.clear(price);
    await user.type(price, "0");
    await user.clear(trial);
    await user.type(trial, "-2");
    await user.click(within(card).getByRole("button", { name: "Save Primary care — monthly" }));
    expect(within(card).getByText("Price must be above 0")).toBeTruthy();
    expect(within(card).getByText("Trial days cannot be negative")).toBeTruthy();
    expect(price.getAttribute("aria-invalid")).toBe("true");
    expect(stub.calls.some((c) => c.path === `/membershipOptions/${monthly.planId}`)).toBe(false);

    await user.clear(price);
    await user.type(price, "69.5");
    await user.clear(trial);
    await user.type(trial, "14");
    await user.click(within(card).getByRole("button", { name: "Save Primary care — monthly" }));
    await waitFor(() => expect(stub.calls.some((c) => c.path === `/membershipOptions/${monthly.planId}`)).toBe(true));
    expect(stub.calls.find((c) => c.path === `/membershipOptions/${monthly.planId}`)!.body).toEqual({
      trialDays: 14, priceCents: 6950, initialPriceCents: null,
    });
    expect(await within(card).findByText(/Existing members pay \$59\.00 until Dec 25, 2026, then \$69\.50/)).toBeTruthy();
  });

  it("says how many members will be told and what before saving a new price, then offers the undo (issue 32)", async () => {
    const user = userEvent.setup();
    const monthly = option();
    const stub = server([monthly]);
    const plain = stub.handlers[`PUT /membershipOptions/${monthly.planId}`];
    stub.handlers[`PUT /membershipOptions/${monthly.planId}`] = (req) => {
      const body = req.body as Record<string, unknown>;
      if (!body.confirmNotice) {
        return failure(409, "3 members will be told of the new price. Confirm to save it.", {
          reason: "PRICE_CHANGE_NEEDS_CONFIRMATION", members: 3, oldCents: 5900, newCents: 6900, noticeDays: 30, undoMinutes: 10,
        });
      }
      return plain(req);
    };
    const undoUntil = new Date(Date.now() + 10 * 60_000).toISOString();
    stub.handlers["GET /membershipOptions/settings/me"] = () =>
      success(stub.calls.some((c) => c.body && (c.body as { confirmNotice?: boolean }).confirmNotice) && !stub.calls.some((c) => c.path.endsWith("/undo"))
        ? [{ ...monthly, priceCents: 6900, priceUndoUntil: undoUntil }]
        : [monthly]);
    stub.handlers[`POST /membershipOptions/${monthly.planId}/price/undo`] = () => success(monthly);
    render(stub);
    const card = await screen.findByRole("article", { name: "Primary care — monthly" });
    const price = within(card).getByRole("textbox", { name: /^Price \(USD\)/ });
    await user.clear(price);
    await user.type(price, "69");
    await user.click(within(card).getByRole("button", { name: "Save Primary care — monthly" }));
    const dialog = await screen.findByRole("dialog", { name: "Tell 3 members about the new price?" });
    expect(dialog.textContent).toContain("3 members pay $59.00 for Primary care — monthly");
    expect(dialog.textContent).toContain("the price becomes $69.00, and renewals in the next 30 days keep $59.00");
    expect(dialog.textContent).toContain("You can undo the change for 10 minutes");
    await user.click(within(dialog).getByRole("button", { name: "Save and tell members" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    const sent = stub.calls.filter((c) => c.method === "PUT" && c.path === `/membershipOptions/${monthly.planId}`).map((c) => c.body);
    expect(sent).toEqual([
      { trialDays: 0, priceCents: 6900, initialPriceCents: null },
      { trialDays: 0, priceCents: 6900, initialPriceCents: null, confirmNotice: true },
    ]);
    await user.click(await within(card).findByRole("button", { name: "Undo price change" }));
    await waitFor(() => expect(stub.calls.some((c) => c.path === `/membershipOptions/${monthly.planId}/price/undo`)).toBe(true));
    await waitFor(() => expect(within(card).queryByRole("button", { name: "Undo price change" })).toBeNull());
  });

  it("shows the server's field errors beside the fields", async () => {
    const user = userEvent.setup();
    const monthly = option();
    const stub = server([monthly]);
    stub.handlers[`PUT /membershipOptions/${monthly.planId}`] = () =>
      failure(400, "Please correct the highlighted fields", { reason: "VALIDATION_FAILED", fields: { initialPriceCents: "Too large" } });
    render(stub);
    const card = await screen.findByRole("article", { name: "Primary care — monthly" });
    await user.click(within(card).getByRole("button", { name: "Save Primary care — monthly" }));
    expect(await within(card).findByText("Too large")).toBeTruthy();
    expect(within(card).getByRole("textbox", { name: /^Initial price/ }).getAttribute("aria-invalid")).toBe("true");
  });

  it("has empty and error states", async () => {
    render(createFetchStub({ "GET /membershipOptions/settings/me": () => success([]) }));
    expect(await screen.findByText("No membership plans are offered on the platform yet")).toBeTruthy();
  });

  it("shows a failed load with a way to try again", async () => {
    render(createFetchStub({ "GET /membershipOptions/settings/me": () => failure(500, "Server error") }));
    expect((await screen.findByText("Server error")).getAttribute("role")).toBe("alert");
    expect(screen.getByRole("button", { name: "Try again" })).toBeTruthy();
  });
});
