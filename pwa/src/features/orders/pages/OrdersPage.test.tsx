import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { OrderSummary } from "../../../../../sync/schemas/orders.ts";
import { createFetchStub, pagedList, randomUser, renderApp, signedInDeps, success } from "../../../test/helpers.tsx";
import { ORDERS_PAGE } from "./OrdersPage.tsx";
import { beforeAll as preloadBeforeAll } from "vitest";
import { preloadScreens } from "../../../test/helpers.tsx";

// Screens load by route (React.lazy): loaded once here, before the 1 s waits of the tests.
preloadBeforeAll(preloadScreens, 60_000);

const PATIENT = "3f2b9c1e-0000-4000-8000-0000000000a1";
const LAB = "3f2b9c1e-0000-4000-8000-0000000000b1";
const summary = (patch: Partial<OrderSummary>): OrderSummary => ({
  kind: "lab", id: LAB, encounterId: "3f2b9c1e-0000-4000-8000-0000000000e1", patientId: PATIENT, patientName: "Pat Patient",
  title: "Comprehensive metabolic panel (CMP)", state: "resulted", transmission: null, isShared: true, open: false,
  createdAt: "2026-01-10T15:00:00.000Z", updatedAt: "2026-01-10T15:00:00.000Z", ...patch,
});
const page = (items: OrderSummary[]) => ({ list: items, offset: 0, limit: 20, totalCount: items.length });

describe("OrdersPage", { timeout: 20_000 }, () => {
  it("the patient: their pharmacy, and a shared lab with its result file", async () => {
    const stub = createFetchStub({
      "GET /orders": () => success(page([summary({})])),
      [`GET /patient/pharmacy/${PATIENT}`]: () => success({ pharmacy: { ncpdp: "1486974", name: "Harbor Drug #101", address: "1311 Elm St", city: "Las Vegas", state: "NV", zip: "89544" } }),
      [`GET /encounterLabs/${LAB}`]: () => success({ id: LAB, results: [{ id: "f1", name: "cmp.pdf", size: 2048, contentType: "application/pdf", uploadedAt: "" }] }),
    });
    renderApp("/orders", signedInDeps(randomUser({ id: PATIENT, role: "patient" }), { fetch: stub.fetch }));
    expect(await screen.findByRole("heading", { level: 1, name: "Orders" })).toBeTruthy();
    expect(await screen.findByText("Harbor Drug #101")).toBeTruthy();
    const item = await screen.findByRole("listitem", { name: "Lab: Comprehensive metabolic panel (CMP)" });
    expect(await within(item).findByRole("button", { name: "cmp.pdf" })).toBeTruthy();
    // A patient sees everything shared: no state filter, and all states asked for.
    expect(screen.queryByLabelText("State")).toBeNull();
    expect(stub.calls.find((c) => c.path === "/orders")?.url.searchParams.get("state")).toBe("all");
  });

  it("the doctor: open orders by default; the filters go to the server", async () => {
    const user = userEvent.setup();
    const stub = createFetchStub({
      "GET /orders": (req) => success(page(req.url.searchParams.get("kind") === "prescription"
        ? [summary({ kind: "prescription", title: "amoxicillin 500 mg oral capsule", state: "current", transmission: "pending", open: true })]
        : [])),
    });
    renderApp("/orders", signedInDeps(randomUser({ role: "doctor", stripeAccount: "acct_1", isActiveStripeAccount: true }), { fetch: stub.fetch }));
    expect(await screen.findByText("No open orders")).toBeTruthy();
    await user.selectOptions(screen.getByLabelText("Kind"), "prescription");
    const item = await screen.findByRole("listitem", { name: "Prescription: amoxicillin 500 mg oral capsule" });
    expect(item.textContent).toContain("Current · sending to the pharmacy");
    expect(within(item).getByRole("link", { name: "Open encounter" }).getAttribute("href")).toMatch(/^\/doctor\/patients\/.+\/encounters\//);
    await waitFor(() => expect(stub.calls.filter((c) => c.path === "/orders").at(-1)?.url.searchParams.get("state")).toBe("open"));
  });

  it("pages through the orders with the shared pager; a filter starts again at the first page", async () => {
    const user = userEvent.setup();
    const all = Array.from({ length: 45 }, (_, i) => summary({ id: crypto.randomUUID(), title: `Test ${i + 1}`, state: "ordered", open: true }));
    const stub = createFetchStub({ "GET /orders": pagedList(all) });
    const lastQuery = () => stub.calls.filter((c) => c.path === "/orders").at(-1)!.url.searchParams;
    renderApp("/orders", signedInDeps(randomUser({ role: "doctor", stripeAccount: "acct_1", isActiveStripeAccount: true }), { fetch: stub.fetch }));
    const pages = await screen.findByRole("navigation", { name: "Orders pages" });
    expect(within(pages).getByText(`1–${ORDERS_PAGE} of 45`)).toBeTruthy();
    expect(within(pages).getByRole("button", { name: "Previous" }).getAttribute("aria-disabled")).toBe("true");
    await user.click(within(pages).getByRole("button", { name: "Next" }));
    expect(await screen.findByText(`${ORDERS_PAGE + 1}–${2 * ORDERS_PAGE} of 45`)).toBeTruthy();
    expect(lastQuery().get("offset")).toBe(String(ORDERS_PAGE));
    expect(lastQuery().get("limit")).toBe(String(ORDERS_PAGE));
    await user.click(screen.getByRole("button", { name: "Next" }));
    expect(await screen.findByText(`${2 * ORDERS_PAGE + 1}–45 of 45`)).toBeTruthy();
    expect(screen.getByRole("listitem", { name: "Lab: Test 45" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Next" }).getAttribute("aria-disabled")).toBe("true");

    await user.selectOptions(screen.getByLabelText("Kind"), "lab");
    await waitFor(() => expect(lastQuery().get("kind")).toBe("lab"));
    expect(lastQuery().get("offset")).toBe("0");
  });
});
