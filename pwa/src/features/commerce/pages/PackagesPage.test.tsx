import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { PaidService } from "../../../../../sync/schemas/commerce.ts";
import { createFetchStub, pagedList, randomUser, renderWithDeps, signedInDeps, success } from "../../../test/helpers.tsx";
import { PackagesPage, SERVICES_PAGE } from "./PackagesPage.tsx";

const referral: PaidService = {
  id: "3f2b9c1e-0000-4000-8000-000000000051", name: "Imaging referral", description: "", subscriberPriceCents: 3000,
  nonSubscriberPriceCents: 5900, fields: [], attachableFiles: true, intakeForm: false, isActive: true, isHomepage: true,
  createdAt: "2026-01-01T00:00:00.000Z", additional: { priceCents: 3000, max: 3, withinDays: 30 }, refundWindowDays: 30,
};

function render(extra: Parameters<typeof createFetchStub>[0] = {}) {
  const stub = createFetchStub({
    "GET /paidServices/list": () => success({ list: [referral], totalCount: 1 }),
    "GET /plans": () => success({ list: [], totalCount: 0 }),
    [`PUT /paidServices/${referral.id}`]: (r) => success({ ...referral, ...(r.body as object) }),
    ...extra,
  });
  renderWithDeps(<PackagesPage />, signedInDeps(randomUser({ role: "admin" }), { fetch: stub.fetch }));
  return stub;
}

describe("/admin/packages → paid services", { timeout: 20_000 }, () => {
  it("edits the 02 §9 options: additional requests (price, how many, within how many days) and the refund window", async () => {
    const user = userEvent.setup();
    const stub = render();
    await user.click(await screen.findByRole("button", { name: "Edit Imaging referral" }));
    const dialog = screen.getByRole("dialog", { name: "Edit service" });
    expect((within(dialog).getByLabelText("Price of an additional request (USD)") as HTMLInputElement).value).toBe("30.00");
    const max = within(dialog).getByLabelText("At most (additional requests)");
    await user.clear(max);
    await user.type(max, "2");
    const refund = within(dialog).getByLabelText(/Refund window \(days\)/);
    await user.clear(refund);
    await user.type(refund, "14");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(stub.calls.some((c) => c.method === "PUT")).toBe(true));
    expect(stub.calls.find((c) => c.method === "PUT")!.body).toMatchObject({
      additional: { priceCents: 3000, max: 2, withinDays: 30 },
      refundWindowDays: 14,
    });
  });

  it("turning the options off sends none; a bad number is refused before anything is sent", async () => {
    const user = userEvent.setup();
    const stub = render();
    await user.click(await screen.findByRole("button", { name: "Edit Imaging referral" }));
    const dialog = screen.getByRole("dialog", { name: "Edit service" });
    const days = within(dialog).getByLabelText("Within (days of the first)");
    await user.clear(days);
    await user.type(days, "0");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect((await within(dialog).findByRole("alert")).textContent).toContain("At least 1 day");
    expect(stub.calls.some((c) => c.method === "PUT")).toBe(false);

    await user.click(within(dialog).getByRole("checkbox", { name: "Further requests after a paid first one have their own price" }));
    await user.clear(within(dialog).getByLabelText(/Refund window \(days\)/));
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(stub.calls.some((c) => c.method === "PUT")).toBe(true));
    expect(stub.calls.find((c) => c.method === "PUT")!.body).toMatchObject({ additional: null, refundWindowDays: null });
  });
});

describe("/admin/packages → paid services: paging", { timeout: 20_000 }, () => {
  it("pages through every service, 50 at a time (it listed 100 and no more)", async () => {
    const user = userEvent.setup();
    const all = Array.from({ length: 70 }, (_, i) => ({ ...referral, id: crypto.randomUUID(), name: `Service ${String(i + 1).padStart(2, "0")}` }));
    render({
      "GET /paidServices/list": pagedList(all),
    });
    const pages = await screen.findByRole("navigation", { name: "Paid services pages" });
    expect(within(pages).getByText(`1–${SERVICES_PAGE} of 70`)).toBeTruthy();
    await user.click(within(pages).getByRole("button", { name: "Next" }));
    expect(await screen.findByRole("button", { name: "Edit Service 70" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Edit Service 01" })).toBeNull();
  });
});
