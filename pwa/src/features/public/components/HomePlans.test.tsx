// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import type { Plan } from "../../../../../sync/schemas/membership.ts";
import { AppDepsProvider, createAppDeps, createMemoryStorage } from "../../../lib/app-deps.tsx";
import { LandingPage } from "../index.ts";

afterEach(cleanup);

const plan = (patch: Partial<Plan>): Plan => ({
  id: crypto.randomUUID(),
  name: "Primary care — monthly",
  description: "",
  priceCents: 5900,
  initialPriceCents: null,
  interval: "month",
  intervalCount: 1,
  trialDays: 0,
  autoRenewable: true,
  loyalClientsOnly: false,
  availableClients: null,
  category: "primary",
  welcomePackage: false,
  isActive: true,
  isHomepage: true,
  createdAt: "2026-11-01T00:00:00.000Z",
  ...patch,
});

const envelope = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

/** The landing page as a guest sees it, with an edge whose `GET /plans/home` answers `answer()` each time (calls: those). */
function renderLanding(answer: () => Promise<Response>) {
  const calls: { url: string; auth: string | null }[] = [];
  const fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    // The landing page's other lazy section (the homepage services) asks too: it offers none here.
    if (String(input) !== "/api/v1/plans/home") return Promise.resolve(envelope({ status: "success", result: [] }));
    calls.push({ url: String(input), auth: new Headers(init?.headers).get("authorization") });
    return answer();
  };
  const deps = createAppDeps({ storage: createMemoryStorage(), tabFlags: createMemoryStorage(), fetch: fetch as typeof globalThis.fetch });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <AppDepsProvider deps={deps}>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={["/"]}>
          <LandingPage />
        </MemoryRouter>
      </QueryClientProvider>
    </AppDepsProvider>,
  );
  return calls;
}

const section = () => screen.findByRole("region", { name: "Memberships" }, { timeout: 5_000 });

describe("the landing page's Memberships (GET /plans/home)", { timeout: 20_000 }, () => {
  it("shows a guest the homepage plans with price and interval, an initial price as the first payment", async () => {
    const calls = renderLanding(() =>
      Promise.resolve(envelope({
        status: "success",
        result: [
          plan({ name: "Primary care — monthly", trialDays: 7 }),
          plan({ name: "Primary care — 3 months", priceCents: 14700, initialPriceCents: 19900, intervalCount: 3, welcomePackage: true }),
        ],
      }))
    );
    const region = await section();
    const monthly = await within(region).findByRole("listitem", { name: "Primary care — monthly" });
    expect(monthly.textContent).toContain("$59.00 every month");
    expect(monthly.textContent).toContain("Free for the first 7 days");
    const quarter = within(region).getByRole("listitem", { name: "Primary care — 3 months" });
    expect(quarter.querySelector(".public-home-plans__price")?.textContent).toBe("$199.00 first payment, then $147.00 every 3 months");
    expect(quarter.textContent).toContain("Welcome package included");
    expect(calls).toEqual([{ url: "/api/v1/plans/home", auth: null }]);
  });

  it("says so while loading, and when no plan is featured", async () => {
    let release: (r: Response) => void = () => {};
    renderLanding(() => new Promise((resolve) => (release = resolve)));
    const region = await section();
    expect((await within(region).findByRole("status")).textContent).toBe("Loading memberships…");
    release(envelope({ status: "success", result: [] }));
    expect((await within(region).findByText(/No memberships are featured right now/)).textContent).toContain("find a doctor");
    expect(within(region).queryByRole("status")).toBeNull();
    expect(within(region).getByRole("link", { name: "find a doctor" }).getAttribute("href")).toBe("/doctors");
  });

  it("an error offers a retry that loads them", async () => {
    let fail = true;
    renderLanding(() =>
      Promise.resolve(
        fail
          ? envelope({ status: "error", message: "Internal error", code: 500, details: {} }, 500)
          : envelope({ status: "success", result: [plan({ name: "Specialty care — monthly", priceCents: 8900 })] }),
      )
    );
    const region = await section();
    const alert = await within(region).findByRole("alert");
    expect(alert.textContent).toContain("We could not load the memberships just now.");
    fail = false;
    await userEvent.setup().click(within(alert).getByRole("button", { name: "Try again" }));
    expect((await within(region).findByRole("listitem", { name: "Specialty care — monthly" })).textContent).toContain("$89.00 every month");
    expect(within(region).queryByRole("alert")).toBeNull();
  });
});
