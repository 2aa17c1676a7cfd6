import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { LedgerReport, LedgerSide } from "../../../../../sync/schemas/commerce.ts";
import { createFetchStub, failure, randomUser, renderWithDeps, signedInDeps, success } from "../../../test/helpers.tsx";
import { LedgerPanel } from "./LedgerPanel.tsx";

const side = (patch: Partial<LedgerSide> = {}): LedgerSide => ({
  paidCents: 10620, refundedCents: 1000, feeCents: 1593, feeRefundedCents: 150, doctorShareCents: 8177, platformFeeCents: 1443, ...patch,
});
const report = (patch: Partial<LedgerReport> = {}): LedgerReport => ({
  totals: { stored: side(), processor: side() },
  rows: [
    { ...side(), id: "t1", type: "service", chargeId: "ch_1", balanced: true, agrees: true },
    { ...side(), id: "t2", type: "membership", chargeId: "ch_2", balanced: true, agrees: true },
  ],
  mismatches: [],
  accounts: [{ accountId: "acct_1", storedDoctorShareCents: 8177, receivedCents: 8177, agrees: true }],
  balanced: true,
  agrees: true,
  ...patch,
});
const render = (stub: ReturnType<typeof createFetchStub>) =>
  renderWithDeps(<LedgerPanel />, signedInDeps(randomUser({ role: "admin" }), { fetch: stub.fetch }));

describe("LedgerPanel", { timeout: 20_000 }, () => {
  it("reads the ledger only when asked, then shows both sides' totals as money and the verdict", async () => {
    const user = userEvent.setup();
    const stub = createFetchStub({ "GET /admin/ledger": () => success(report()) });
    render(stub);
    expect(stub.calls.length).toBe(0);
    await user.click(screen.getByRole("button", { name: "Check the ledger" }));
    expect((await screen.findByTestId("ledger-verdict")).textContent).toBe("Agrees with the processor to the cent (2 charges).");
    const table = screen.getByRole("table", { name: /Ledger totals/ });
    const paid = within(table).getByRole("row", { name: /Paid by patients/ });
    expect(within(paid).getAllByText("$106.20")).toHaveLength(2);
    expect(within(table).getByRole("row", { name: /Platform commission/ }).textContent).toContain("$14.43");
    expect(screen.getByRole("button", { name: "Check again" })).toBeTruthy();
  });

  it("names the charges and accounts that differ", async () => {
    const user = userEvent.setup();
    const differing = side({ feeCents: 1594 });
    const stub = createFetchStub({
      "GET /admin/ledger": () =>
        success(report({
          agrees: false,
          totals: { stored: side({ platformFeeCents: 1444 }), processor: side() },
          mismatches: [{ id: "t1", type: "service", doctorId: null, chargeId: "ch_1", differences: ["feeCents"], stored: differing, processor: side() }],
          accounts: [{ accountId: "acct_1", storedDoctorShareCents: 8176, receivedCents: 8177, agrees: false }],
        })),
    });
    render(stub);
    await user.click(screen.getByRole("button", { name: "Check the ledger" }));
    expect((await screen.findByTestId("ledger-verdict")).textContent).toBe("1 charge differs from the processor.");
    expect(within(screen.getByRole("list", { name: "Charges that differ" })).getByText(/ch_1: commission \$15\.94 here, \$15\.93 at the processor/)).toBeTruthy();
    expect(within(screen.getByRole("list", { name: "Payout accounts that differ" })).getByText(/our records \$81\.76, received \$81\.77/))
      .toBeTruthy();
  });

  it("shows the server's error", async () => {
    const user = userEvent.setup();
    const stub = createFetchStub({ "GET /admin/ledger": () => failure(502, "The card processor did not answer") });
    render(stub);
    await user.click(screen.getByRole("button", { name: "Check the ledger" }));
    expect((await screen.findByText("The card processor did not answer")).getAttribute("role")).toBe("alert");
  });
});
