import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { LedgerTransaction } from "../../../../../sync/schemas/commerce.ts";
import { createFetchStub, failure, pagedList, preloadScreens, randomUser, renderApp, signedInDeps, type StubRequest, success } from "../../../test/helpers.tsx";
import { TRANSACTIONS_PAGE } from "./TransactionsPage.tsx";

beforeAll(preloadScreens, 60_000);
afterEach(() => vi.unstubAllGlobals());

const DOCTOR = "3f2b9c1e-0000-4000-8000-0000000000d1";
const PATIENT = "3f2b9c1e-0000-4000-8000-0000000000a1";

function tx(i: number): LedgerTransaction {
  return {
    id: `3f2b9c1e-0000-4000-8000-${String(i).padStart(12, "0")}`, type: "service", status: "succeeded", patientId: PATIENT,
    patientName: `Pat ${i}`, doctorId: DOCTOR, doctorName: "Dana Doc", description: "Imaging referral", amountCents: 4720,
    feeCents: 708, netCents: 4012, refundedCents: 0, createdAt: "2026-11-20T10:00:00.000Z",
  } as LedgerTransaction;
}

/** `GET /transactions` answering `total` rows in pages, as the edge does (offset, limit). */
function ledger(total: number) {
  return (r: StubRequest) => {
    const offset = Number(r.url.searchParams.get("offset") ?? 0);
    const limit = Number(r.url.searchParams.get("limit") ?? 50);
    const rows = Array.from({ length: Math.max(0, Math.min(limit, total - offset)) }, (_, i) => tx(offset + i + 1));
    return success({ list: rows, offset, limit, totalCount: total });
  };
}
const lastList = (calls: StubRequest[]) => calls.filter((c) => c.path === "/transactions").at(-1)!.url.searchParams;
const admin = () => randomUser({ role: "admin" });

describe("admin transactions", { timeout: 30_000 }, () => {
  it("pages through the rows with the edge's totalCount; a filter goes back to the first page", async () => {
    const user = userEvent.setup();
    const stub = createFetchStub({ "GET /transactions": ledger(120) });
    renderApp("/admin/transactions", signedInDeps(admin(), { fetch: stub.fetch }));
    const pages = await screen.findByRole("navigation", { name: "Transactions pages" });
    expect(within(pages).getByText("1–50 of 120")).toBeTruthy();
    expect(screen.getAllByRole("row")).toHaveLength(51);
    expect(within(pages).getByRole("button", { name: "Previous" }).getAttribute("aria-disabled")).toBe("true");
    await user.click(within(pages).getByRole("button", { name: "Next" }));
    expect(await within(pages).findByText("51–100 of 120")).toBeTruthy();
    expect(lastList(stub.calls).get("offset")).toBe("50");
    expect(lastList(stub.calls).get("limit")).toBe("50");
    await user.click(within(pages).getByRole("button", { name: "Next" }));
    expect(await within(pages).findByText("101–120 of 120")).toBeTruthy();
    expect(within(pages).getByRole("button", { name: "Next" }).getAttribute("aria-disabled")).toBe("true");
    await user.selectOptions(screen.getByLabelText("Status"), "refunded");
    await waitFor(() => expect(lastList(stub.calls).get("status")).toBe("refunded"));
    expect(lastList(stub.calls).get("offset")).toBe("0");
  });

  it("the last row of the last page refunded out of the status filtered on: back to the last page that has rows", async () => {
    const user = userEvent.setup();
    const all = Array.from({ length: 2 * TRANSACTIONS_PAGE + 1 }, (_, i) => tx(i + 1));
    const last = all[all.length - 1];
    const stub = createFetchStub({
      "GET /transactions": (r) => pagedList(all.filter((t) => !r.url.searchParams.get("status") || t.status === r.url.searchParams.get("status")))(r),
      [`POST /transactions/${last.id}/refund`]: () => {
        Object.assign(last, { status: "refunded", refundedCents: last.amountCents });
        return success(last);
      },
    });
    renderApp("/admin/transactions", signedInDeps(admin(), { fetch: stub.fetch }));
    await user.selectOptions(await screen.findByLabelText("Status"), "succeeded");
    await waitFor(() => expect(lastList(stub.calls).get("status")).toBe("succeeded"));
    await user.click(within(await screen.findByRole("navigation", { name: "Transactions pages" })).getByRole("button", { name: "Next" }));
    await user.click(await within(screen.getByRole("navigation", { name: "Transactions pages" })).findByRole("button", { name: "Next" }));
    await user.click(await screen.findByRole("button", { name: `Refund ${last.patientName}'s Imaging referral` }));
    const dialog = screen.getByRole("dialog", { name: "Refund" });
    await user.type(within(dialog).getByLabelText(/Reason/), "Charged twice");
    await user.click(within(dialog).getByRole("button", { name: "Refund" }));
    const pages = screen.getByRole("navigation", { name: "Transactions pages" });
    expect(await within(pages).findByText(`${TRANSACTIONS_PAGE + 1}–${2 * TRANSACTIONS_PAGE} of ${2 * TRANSACTIONS_PAGE}`)).toBeTruthy();
    await waitFor(() => expect(lastList(stub.calls).get("offset")).toBe(String(TRANSACTIONS_PAGE)));
    expect(screen.queryByText("No transactions match these filters")).toBeNull();
  });

  it("filters by a doctor and a patient found by name; Clear removes the filter; the CSV gets the same filters", async () => {
    const user = userEvent.setup();
    const searched: string[] = [];
    const stub = createFetchStub({
      "GET /transactions": ledger(2),
      "GET /users/role/doctor": (r) => {
        searched.push(`doctor:${r.url.searchParams.get("search")}`);
        return success({ list: [randomUser({ id: DOCTOR, role: "doctor", firstName: "Dana", lastName: "Doc", email: "dana@x.test" })], offset: 0, limit: 10, totalCount: 1 });
      },
      "GET /users/role/patient": (r) => {
        searched.push(`patient:${r.url.searchParams.get("search")}`);
        return success({ list: [randomUser({ id: PATIENT, role: "patient", firstName: "Pat", lastName: "Patient", email: "pat@x.test" })], offset: 0, limit: 10, totalCount: 1 });
      },
      "GET /transactions/csv": () => new Response("date\r\n", { status: 200, headers: { "content-type": "text/csv" } }),
    });
    const created = vi.fn(() => "blob:csv");
    Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() });
    renderApp("/admin/transactions", signedInDeps(admin(), { fetch: stub.fetch }));
    await screen.findAllByText("Imaging referral");

    await user.type(screen.getByLabelText(/^Find a doctor/), "dan");
    await user.selectOptions(await screen.findByLabelText("Doctor"), DOCTOR);
    expect(screen.getByTestId("filter-doctor").textContent).toBe("Dana Doc");
    await waitFor(() => expect(lastList(stub.calls).get("doctorId")).toBe(DOCTOR));
    expect(searched).toContain("doctor:dan");

    await user.type(screen.getByLabelText(/^Find a patient/), "pat");
    await user.selectOptions(await screen.findByLabelText("Patient"), PATIENT);
    await waitFor(() => expect(lastList(stub.calls).get("patientId")).toBe(PATIENT));
    expect(lastList(stub.calls).get("doctorId")).toBe(DOCTOR);

    await user.click(screen.getByRole("button", { name: "Download CSV" }));
    await waitFor(() => expect(created).toHaveBeenCalled());
    const csv = stub.calls.find((c) => c.path === "/transactions/csv")!.url.searchParams;
    expect([csv.get("doctorId"), csv.get("patientId"), csv.get("offset")]).toEqual([DOCTOR, PATIENT, null]);

    await user.click(screen.getByRole("button", { name: "Clear the doctor filter" }));
    await waitFor(() => expect(lastList(stub.calls).get("doctorId")).toBeNull());
    expect(lastList(stub.calls).get("patientId")).toBe(PATIENT);
    expect(screen.getByLabelText(/^Find a doctor/)).toBeTruthy();
  });

  it("a failed CSV download is said, not swallowed; the button shows it is working meanwhile", async () => {
    const user = userEvent.setup();
    let answer: (r: Response) => void = () => {};
    const stub = createFetchStub({
      "GET /transactions": ledger(1),
      "GET /transactions/csv": () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    renderApp("/admin/transactions", signedInDeps(admin(), { fetch: stub.fetch }));
    const button = await screen.findByRole("button", { name: /Download CSV/ });
    await user.click(button);
    await waitFor(() => expect(button.getAttribute("aria-busy")).toBe("true"));
    expect((button as HTMLButtonElement).disabled).toBe(true);
    answer(failure(403, "Forbidden"));
    expect((await screen.findByText("The CSV could not be downloaded: Forbidden")).getAttribute("role")).toBe("alert");
    expect(button.getAttribute("aria-busy")).toBeNull();
  });
});

describe("a practice's transactions", { timeout: 30_000 }, () => {
  it("a VMA filters by one of the practice's patients, found by name; no doctor filter; the CSV gets it too", async () => {
    const user = userEvent.setup();
    const searched: (string | null)[] = [];
    const stub = createFetchStub({
      "GET /transactions": ledger(2),
      "GET /doctorPatients/list/dropdown": (r) => {
        searched.push(r.url.searchParams.get("search"));
        return success({ list: [{ id: PATIENT, firstName: "Pat", lastName: "Patient", birthDate: "1980-02-03" }], offset: 0, limit: 10, totalCount: 1 });
      },
      "GET /transactions/csv": () => new Response("date\r\n", { status: 200, headers: { "content-type": "text/csv" } }),
    });
    Object.assign(URL, { createObjectURL: vi.fn(() => "blob:csv"), revokeObjectURL: vi.fn() });
    renderApp("/vma/transactions", signedInDeps(randomUser({ role: "vma" }), { fetch: stub.fetch }));
    await screen.findAllByText("Imaging referral");
    expect(screen.queryByLabelText(/^Find a doctor/)).toBeNull();

    await user.type(screen.getByLabelText(/^Find a patient/), "pat");
    const choose = await screen.findByLabelText("Patient");
    expect(within(choose).getByRole("option", { name: /^Pat Patient \(/ })).toBeTruthy();
    await user.selectOptions(choose, PATIENT);
    expect(screen.getByTestId("filter-patient").textContent).toBe("Pat Patient");
    await waitFor(() => expect(lastList(stub.calls).get("patientId")).toBe(PATIENT));
    expect(searched).toContain("pat");
    expect(stub.calls.some((c) => c.path.startsWith("/users/role/"))).toBe(false);

    await user.click(screen.getByRole("button", { name: "Download CSV" }));
    await waitFor(() => expect(stub.calls.some((c) => c.path === "/transactions/csv")).toBe(true));
    expect(stub.calls.find((c) => c.path === "/transactions/csv")!.url.searchParams.get("patientId")).toBe(PATIENT);
  });
});

describe("the doctor's payout account", { timeout: 30_000 }, () => {
  it("active: 'Open payout dashboard' goes to the processor's page from /stripe/account/me/link; a refusal is shown", async () => {
    const user = userEvent.setup();
    let link = () => failure(404, "You have no Stripe account.");
    const stub = createFetchStub({
      "GET /stripe/account/me": () => success({ connected: true, active: true }),
      "GET /stripe/balance/me": () => success({ availableCents: 0, pendingCents: 4012, payouts: [] }),
      "GET /transactions": ledger(0),
      "GET /stripe/account/me/link": () => link(),
    });
    const assign = vi.fn();
    vi.stubGlobal("location", { ...globalThis.location, assign });
    renderApp("/transactions", signedInDeps(randomUser({ role: "doctor", isAccountApproved: true, stripeAccount: "acct_1", isActiveStripeAccount: true }), { fetch: stub.fetch }));
    await user.click(await screen.findByRole("button", { name: "Open payout dashboard" }));
    expect(await screen.findByText("You have no Stripe account.")).toBeTruthy();
    expect(assign).not.toHaveBeenCalled();
    link = () => success({ url: "http://127.0.0.1:12111/_emulator/connect/dashboard/acct_1" });
    await user.click(screen.getByRole("button", { name: "Open payout dashboard" }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith("http://127.0.0.1:12111/_emulator/connect/dashboard/acct_1"));
    // The processor's onboarding again, to update the same account's details.
    expect(screen.getByRole("link", { name: "Update payout details" }).getAttribute("href")).toBe("/stripe/connect");
  });
});
