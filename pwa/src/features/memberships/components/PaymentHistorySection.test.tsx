import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { createFetchStub, failure, randomId, randomUser, renderWithDeps, signedInDeps, success } from "../../../test/helpers.tsx";
import type { Transaction } from "../../../../../sync/schemas/membership.ts";
import { PaymentHistorySection } from "./PaymentHistorySection.tsx";

function tx(patch: Partial<Transaction> = {}): Transaction {
  return {
    id: randomId(), type: "membership", status: "succeeded", amountCents: 5900, refundedCents: 0, currency: "usd", doctorId: randomId(),
    description: "Primary care — monthly membership", createdAt: "2026-11-24T12:00:00.000Z", ...patch,
  };
}

const render = (fetch: typeof globalThis.fetch) => renderWithDeps(<PaymentHistorySection />, signedInDeps(randomUser(), { fetch }));

describe("Settings → Payment history (patient)", () => {
  it("lists payments as money with status, date and what they paid for, and loads more pages with startingAfter", async () => {
    const user = userEvent.setup();
    const first = [
      tx(),
      tx({ amountCents: 4720, type: "service", description: "Imaging referral", status: "refunded", refundedCents: 4720, createdAt: "2026-11-20T12:00:00.000Z" }),
      tx({ amountCents: 5900, type: "service", description: "Imaging referral with Dr. Maya Lopez", refundedCents: 2000, createdAt: "2026-11-19T12:00:00.000Z" }),
    ];
    const second = [tx({ amountCents: 14700, description: "Primary care — 3 months membership", status: "failed", createdAt: "2026-08-24T12:00:00.000Z" })];
    const stub = createFetchStub({
      "GET /payments/transactions": ({ url }) =>
        url.searchParams.get("startingAfter") === first[2].id
          ? success({ list: second, hasMore: false, startingAfter: second[0].id })
          : success({ list: first, hasMore: true, startingAfter: first[2].id }),
    });
    render(stub.fetch);
    const table = await screen.findByRole("table", { name: "Your payments, newest first" });
    const rows = () => within(table).getAllByRole("row").slice(1).map((r) => within(r).getAllByRole("cell").map((c) => c.textContent));
    expect(rows()).toEqual([
      ["November 24, 2026", "Primary care — monthly membership", "$59.00", "Paid"],
      ["November 20, 2026", "Imaging referral", "$47.20", "Refunded"],
      // A partial refund (issue 32: it still read "$59.00 Paid").
      ["November 19, 2026", "Imaging referral with Dr. Maya Lopez", "$59.00", "Paid, $20.00 refunded"],
    ]);
    expect(stub.calls[0].url.searchParams.get("startingAfter")).toBeNull();

    await user.click(screen.getByRole("button", { name: "Load more" }));
    await waitFor(() => expect(rows()).toHaveLength(4));
    expect(rows()[3]).toEqual(["August 24, 2026", "Primary care — 3 months membership", "$147.00", "Failed"]);
    expect(stub.calls.at(-1)!.url.searchParams.get("startingAfter")).toBe(first[2].id);
    expect(screen.queryByRole("button", { name: "Load more" })).toBeNull();
    expect(screen.getByText("4 payments in all")).not.toBeNull();
  });

  it("says so when there are no payments", async () => {
    render(createFetchStub({ "GET /payments/transactions": () => success({ list: [], hasMore: false, startingAfter: null }) }).fetch);
    expect(await screen.findByText("No payments yet")).not.toBeNull();
    expect(screen.queryByRole("table")).toBeNull();
  });

  it("shows the server's error and loads again on request", async () => {
    const user = userEvent.setup();
    let fail = true;
    render(createFetchStub({
      "GET /payments/transactions": () => (fail ? failure(500, "Internal error") : success({ list: [tx()], hasMore: false, startingAfter: null })),
    }).fetch);
    expect(await screen.findByText("Your payments could not be loaded: Internal error")).not.toBeNull();
    fail = false;
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("table")).not.toBeNull();
  });
});
