import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { Coupon } from "../../../../../sync/schemas/commerce.ts";
import { createFetchStub, pagedList, failure, randomUser, renderWithDeps, signedInDeps, success } from "../../../test/helpers.tsx";
import { COUPONS_PAGE, PromoCodesPage } from "./PromoCodesPage.tsx";

const spring = {
  id: "3f2b9c1e-0000-4000-8000-0000000000c1", name: "SPRING20", percentageDiscount: 20, duration: "once" as const, redemptionLimit: 5,
  appliedTimes: 2, createdAt: "2026-11-01T00:00:00.000Z",
} satisfies Coupon;

function render(del: () => Response) {
  const stub = createFetchStub({
    "GET /coupons": () => success({ list: [spring], totalCount: 1 }),
    [`DELETE /coupons/${spring.id}`]: del,
  });
  renderWithDeps(<PromoCodesPage />, signedInDeps(randomUser({ role: "admin" }), { fetch: stub.fetch }));
  return stub;
}
const deletes = (stub: ReturnType<typeof createFetchStub>) => stub.calls.filter((c) => c.method === "DELETE").length;

describe("/admin/promo-codes: deleting a code", { timeout: 20_000 }, () => {
  it("asks first; Cancel deletes nothing, the confirmation deletes it", async () => {
    const user = userEvent.setup();
    const stub = render(() => success({ id: spring.id }));
    await user.click(await screen.findByRole("button", { name: "Delete SPRING20" }));
    let dialog = screen.getByRole("dialog", { name: "Delete SPRING20?" });
    expect(within(dialog).getByText(/can no longer use SPRING20/)).toBeTruthy();
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(deletes(stub)).toBe(0);

    await user.click(screen.getByRole("button", { name: "Delete SPRING20" }));
    dialog = screen.getByRole("dialog", { name: "Delete SPRING20?" });
    await user.click(within(dialog).getByRole("button", { name: "Delete promo code" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(deletes(stub)).toBe(1);
  });

  it("keeps the dialog with the server's refusal", async () => {
    const user = userEvent.setup();
    render(() => failure(404, "No such coupon"));
    await user.click(await screen.findByRole("button", { name: "Delete SPRING20" }));
    const dialog = screen.getByRole("dialog", { name: "Delete SPRING20?" });
    await user.click(within(dialog).getByRole("button", { name: "Delete promo code" }));
    expect(await within(dialog).findByText("No such coupon")).toBeTruthy();
  });
});

describe("/admin/promo-codes: the list", { timeout: 20_000 }, () => {
  it("pages through every code, newest first (it listed the newest 100 and no more)", async () => {
    const user = userEvent.setup();
    const all = Array.from({ length: 120 }, (_, i) => ({ ...spring, id: crypto.randomUUID(), name: `CODE${String(i + 1).padStart(3, "0")}` }));
    const stub = createFetchStub({
      "GET /coupons": pagedList(all),
    });
    renderWithDeps(<PromoCodesPage />, signedInDeps(randomUser({ role: "admin" }), { fetch: stub.fetch }));
    const pages = await screen.findByRole("navigation", { name: "Pages" });
    expect(within(pages).getByText(`1–${COUPONS_PAGE} of 120`)).toBeTruthy();
    await user.click(within(pages).getByRole("button", { name: "Next" }));
    await user.click(await within(pages).findByRole("button", { name: "Next" }));
    expect(await screen.findByRole("button", { name: "Delete CODE120" })).toBeTruthy();
    expect(within(pages).getByText(`${2 * COUPONS_PAGE + 1}–120 of 120`)).toBeTruthy();
  });
});

describe("/admin/promo-codes: the last code of the last page deleted", { timeout: 20_000 }, () => {
  it("goes back to the last page that has codes", async () => {
    const user = userEvent.setup();
    let all = Array.from({ length: 2 * COUPONS_PAGE + 1 }, (_, i) => ({ ...spring, id: crypto.randomUUID(), name: `CODE${String(i + 1).padStart(3, "0")}` }));
    const last = all[all.length - 1];
    const stub = createFetchStub({
      "GET /coupons": (req) => pagedList(all)(req),
      [`DELETE /coupons/${last.id}`]: () => {
        all = all.filter((c) => c.id !== last.id);
        return success({ id: last.id });
      },
    });
    renderWithDeps(<PromoCodesPage />, signedInDeps(randomUser({ role: "admin" }), { fetch: stub.fetch }));
    const pages = await screen.findByRole("navigation", { name: "Pages" });
    await user.click(within(pages).getByRole("button", { name: "Next" }));
    await user.click(await within(pages).findByRole("button", { name: "Next" }));
    await user.click(await screen.findByRole("button", { name: `Delete ${last.name}` }));
    await user.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Delete promo code" }));
    expect(await screen.findByText(`${COUPONS_PAGE + 1}–${2 * COUPONS_PAGE} of ${2 * COUPONS_PAGE}`)).toBeTruthy();
    expect(screen.queryByText("No promo codes yet")).toBeNull();
  });
});
