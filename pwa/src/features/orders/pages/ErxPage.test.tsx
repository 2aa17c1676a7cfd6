import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeAll, describe, expect, it } from "vitest";
import type { OrderSummary } from "../../../../../sync/schemas/orders.ts";
import { createFetchStub, pagedList, preloadScreens, randomUser, renderApp, signedInDeps, success } from "../../../test/helpers.tsx";
import { ERX_PAGE } from "./ErxPage.tsx";

beforeAll(preloadScreens, 60_000);

const rx = (i: number): OrderSummary => ({
  kind: "prescription", id: crypto.randomUUID(), encounterId: crypto.randomUUID(), patientId: crypto.randomUUID(), patientName: `Patient ${i}`,
  title: `Medication ${i}`, state: "current", transmission: "transmitted", isShared: true, open: false,
  createdAt: "2026-01-10T15:00:00.000Z", updatedAt: "2026-01-10T15:00:00.000Z",
});

describe("ErxPage", { timeout: 20_000 }, () => {
  it("pages through all prescriptions (it stopped at the first 100); a new filter starts at the first page", async () => {
    const user = userEvent.setup();
    const all = Array.from({ length: 130 }, (_, i) => rx(i + 1));
    const stub = createFetchStub({
      "GET /doctors/check/erx": () => success({ complete: true, missing: [] }),
      "GET /orders": (req) => pagedList(req.url.searchParams.get("state") === "all" ? all : all.slice(0, 3))(req),
    });
    renderApp("/doctor/erx", signedInDeps(randomUser({ role: "doctor", stripeAccount: "acct_1", isActiveStripeAccount: true }), { fetch: stub.fetch }));
    expect(await screen.findByText("Medication 3")).toBeTruthy();
    expect(screen.queryByRole("navigation", { name: "Pages" })).toBeNull();

    await user.selectOptions(screen.getByLabelText("Show"), "all");
    const pages = await screen.findByRole("navigation", { name: "Pages" });
    expect(within(pages).getByText(`1–${ERX_PAGE} of 130`)).toBeTruthy();
    await user.click(within(pages).getByRole("button", { name: "Next" }));
    await user.click(await within(pages).findByRole("button", { name: "Next" }));
    expect(await within(pages).findByText(`${2 * ERX_PAGE + 1}–130 of 130`)).toBeTruthy();
    expect(await screen.findByText("Medication 130")).toBeTruthy();

    await user.selectOptions(screen.getByLabelText("Show"), "open");
    await waitFor(() => expect(stub.calls.filter((c) => c.path === "/orders").at(-1)!.url.searchParams.get("offset")).toBe("0"));
  });
});
