import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { Plan } from "../../../../../sync/schemas/membership.ts";
import { createFetchStub, pagedList, failure, randomId, randomUser, renderWithDeps, signedInDeps, success } from "../../../test/helpers.tsx";
import { PLANS_PAGE, PlansSection } from "./PlansSection.tsx";

const plan = (patch: Partial<Plan> = {}): Plan => ({
  id: randomId(), name: "Primary care — monthly", description: "", priceCents: 5900, initialPriceCents: null, interval: "month",
  intervalCount: 1, trialDays: 0, autoRenewable: true, loyalClientsOnly: false, availableClients: null, category: "primary",
  welcomePackage: false, isActive: true, isHomepage: false, createdAt: "2026-01-01T00:00:00.000Z", ...patch,
});
const page = (list: Plan[]) => success({ list, offset: 0, limit: 100, totalCount: list.length });

/** The plans API on a stub: list (sorted by `sort`), create, update, flags. */
function server(initial: Plan[]) {
  let plans = [...initial];
  const stub = createFetchStub({
    "GET /plans": (req) => {
      const sort = req.url.searchParams.get("sort") ?? "-createdAt";
      const field = sort.replace(/^-/, "") as keyof Plan;
      const sorted = [...plans].sort((a, b) => (a[field]! < b[field]! ? -1 : a[field]! > b[field]! ? 1 : 0));
      return page(sort.startsWith("-") ? sorted.reverse() : sorted);
    },
    "POST /plans": (req) => {
      const created = { ...plan(), ...(req.body as Partial<Plan>), id: randomId(), createdAt: new Date().toISOString() };
      plans = [...plans, created];
      return success(created, 201);
    },
  });
  for (const p of initial) {
    stub.handlers[`PUT /plans/${p.id}`] = (req) => {
      plans = plans.map((x) => (x.id === p.id ? { ...x, ...(req.body as Partial<Plan>) } : x));
      return success(plans.find((x) => x.id === p.id));
    };
    stub.handlers[`PUT /plans/deactivate/${p.id}`] = () => {
      plans = plans.map((x) => (x.id === p.id ? { ...x, isActive: false } : x));
      return success(plans.find((x) => x.id === p.id));
    };
    stub.handlers[`PUT /plans/${p.id}/add-to-homepage`] = () => {
      plans = plans.map((x) => (x.id === p.id ? { ...x, isHomepage: true } : x));
      return success(plans.find((x) => x.id === p.id));
    };
  }
  return stub;
}

const render = (stub: ReturnType<typeof createFetchStub>) =>
  renderWithDeps(<PlansSection />, signedInDeps(randomUser({ role: "admin" }), { fetch: stub.fetch }), "/admin/packages");

const rowNames = () =>
  within(screen.getByRole("region", { name: "Membership plans (scrolls sideways)" })).getAllByRole("rowheader").map((c) => c.textContent);

describe("/admin/packages → Membership plans", { timeout: 20_000 }, () => {
  it("lists newest first and sorts by another field on request", async () => {
    const user = userEvent.setup();
    const stub = server([
      plan({ name: "Annual", priceCents: 46800, interval: "year", createdAt: "2026-01-01T00:00:00.000Z" }),
      plan({ name: "Weekly", priceCents: 4900, interval: "week", autoRenewable: false, createdAt: "2026-02-01T00:00:00.000Z" }),
    ]);
    render(stub);
    await screen.findByRole("region", { name: "Membership plans (scrolls sideways)" });
    expect(rowNames()).toEqual(["Weekly", "Annual"]);
    expect(screen.getByText("$468.00")).toBeTruthy();
    expect(screen.getByText("For 1 week")).toBeTruthy();
    await user.selectOptions(screen.getByRole("combobox", { name: "Sort plans by" }), "-priceCents");
    await waitFor(() => expect(rowNames()).toEqual(["Annual", "Weekly"]));
    expect(stub.calls.at(-1)!.url.searchParams.get("sort")).toBe("-priceCents");
  });

  it("creates a plan: the shared schema's rules per field first, then dollars sent as cents", async () => {
    const user = userEvent.setup();
    const stub = server([]);
    render(stub);
    expect(await screen.findByText("No membership plans yet")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "New plan" }));
    const dialog = screen.getByRole("dialog", { name: "New plan" });
    const field = (name: RegExp) => within(dialog).getByRole("textbox", { name });
    await user.type(field(/^Price \(USD\)/), "0");
    await user.selectOptions(within(dialog).getByRole("combobox", { name: "Interval" }), "week");
    await user.clear(field(/^Interval count/));
    await user.type(field(/^Interval count/), "53");
    await user.click(within(dialog).getByRole("button", { name: "Save plan" }));
    expect(within(dialog).getByText("Name is required")).toBeTruthy();
    expect(within(dialog).getByText("Price must be above 0")).toBeTruthy();
    expect(within(dialog).getByText("At most 52 for week")).toBeTruthy();
    expect(document.activeElement).toBe(field(/^Name/));
    expect(stub.calls.some((c) => c.method === "POST")).toBe(false);

    await user.type(field(/^Name/), "Weekly care");
    await user.clear(field(/^Price \(USD\)/));
    await user.type(field(/^Price \(USD\)/), "12.34");
    await user.clear(field(/^Interval count/));
    await user.type(field(/^Interval count/), "2");
    await user.clear(field(/^Trial days/));
    await user.type(field(/^Trial days/), "7");
    await user.click(within(dialog).getByRole("checkbox", { name: "Includes a welcome package" }));
    await user.click(within(dialog).getByRole("button", { name: "Save plan" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(stub.calls.find((c) => c.method === "POST")!.body).toMatchObject({
      name: "Weekly care", priceCents: 1234, interval: "week", intervalCount: 2, trialDays: 7, welcomePackage: true, initialPriceCents: null,
    });
    expect(await screen.findByText("Weekly care")).toBeTruthy();
    expect(screen.getByText("Every 2 weeks")).toBeTruthy();
  });

  it("edits a plan's price, warns about the notice, and shows the server's field errors", async () => {
    const user = userEvent.setup();
    const monthly = plan();
    const stub = server([monthly]);
    render(stub);
    await user.click(await screen.findByRole("button", { name: "Edit Primary care — monthly" }));
    let dialog = screen.getByRole("dialog", { name: "Edit Primary care — monthly" });
    const price = within(dialog).getByRole("textbox", { name: /^Price \(USD\)/ });
    expect((price as HTMLInputElement).value).toBe("59.00");
    await user.clear(price);
    await user.type(price, "69");
    expect(within(dialog).getByText(/existing members are told and keep their price for 30 days/)).toBeTruthy();
    await user.click(within(dialog).getByRole("button", { name: "Save plan" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(stub.calls.find((c) => c.method === "PUT")!.body).toMatchObject({ priceCents: 6900 });
    expect(await screen.findByText("$69.00")).toBeTruthy();

    stub.handlers[`PUT /plans/${monthly.id}`] = () =>
      failure(400, "Please correct the highlighted fields", { reason: "VALIDATION_FAILED", fields: { name: "At most 100 symbols" } });
    await user.click(screen.getByRole("button", { name: "Edit Primary care — monthly" }));
    dialog = screen.getByRole("dialog", { name: "Edit Primary care — monthly" });
    await user.click(within(dialog).getByRole("button", { name: "Save plan" }));
    expect(await within(dialog).findByText("At most 100 symbols")).toBeTruthy();
    expect(within(dialog).getByRole("textbox", { name: /^Name/ }).getAttribute("aria-invalid")).toBe("true");
  });

  it("deactivates and adds to the homepage", async () => {
    const user = userEvent.setup();
    const monthly = plan();
    const stub = server([monthly]);
    render(stub);
    await user.click(await screen.findByRole("button", { name: "Deactivate Primary care — monthly" }));
    expect(await screen.findByRole("button", { name: "Activate Primary care — monthly" })).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Add to homepage: Primary care — monthly" }));
    expect(await screen.findByRole("button", { name: "Remove from homepage: Primary care — monthly" })).toBeTruthy();
    expect(stub.calls.filter((c) => c.method === "PUT").map((c) => c.path)).toEqual([
      `/plans/deactivate/${monthly.id}`,
      `/plans/${monthly.id}/add-to-homepage`,
    ]);
  });

  it("shows a failed load", async () => {
    render(createFetchStub({ "GET /plans": () => failure(500, "Server error") }));
    expect((await screen.findByText("Server error")).getAttribute("role")).toBe("alert");
  });
});

describe("Membership plans: paging", () => {
  it("pages through every plan, 50 at a time (it listed 100 and said how many more); a new sort starts at the first page", async () => {
    const user = userEvent.setup();
    const all = Array.from({ length: 120 }, (_, i) => plan({ name: `Plan ${String(i + 1).padStart(3, "0")}` }));
    const stub = createFetchStub({
      "GET /plans": pagedList(all),
    });
    renderWithDeps(<PlansSection />, signedInDeps(randomUser({ role: "admin" }), { fetch: stub.fetch }));
    const pages = await screen.findByRole("navigation", { name: "Plans pages" });
    expect(within(pages).getByText(`1–${PLANS_PAGE} of 120`)).toBeTruthy();
    await user.click(within(pages).getByRole("button", { name: "Next" }));
    await user.click(await within(pages).findByRole("button", { name: "Next" }));
    expect(await screen.findByRole("rowheader", { name: "Plan 120" })).toBeTruthy();
    await user.selectOptions(screen.getByLabelText("Sort plans by"), screen.getAllByRole("option")[1]);
    await waitFor(() => expect(stub.calls.at(-1)!.url.searchParams.get("offset")).toBe("0"));
  });
});
