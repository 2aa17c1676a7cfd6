import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { PaidService } from "../../../../../sync/schemas/commerce.ts";
import { createFetchStub, failure, makeDeps, preloadScreens, randomUser, renderApp, renderWithDeps, signedInDeps, success } from "../../../test/helpers.tsx";
import { DoctorServicesSection, HomeServicesSection } from "./OfferedServices.tsx";

beforeAll(preloadScreens, 60_000);
afterEach(() => vi.restoreAllMocks());

const DOCTOR = "3f2b9c1e-0000-4000-8000-0000000000d1";
const OTHER = "3f2b9c1e-0000-4000-8000-0000000000d2";
const service = (id: string, name: string, patch: Partial<PaidService> = {}): PaidService => ({
  id, name, description: "", subscriberPriceCents: 3000, nonSubscriberPriceCents: 5900, fields: [], attachableFiles: false,
  intakeForm: false, isActive: true, isHomepage: true, createdAt: "2026-01-01T00:00:00.000Z", ...patch,
});
const imaging = service("3f2b9c1e-0000-4000-8000-000000000051", "Imaging referral");
const week = service("3f2b9c1e-0000-4000-8000-000000000052", "One-week access", { subscriberPriceCents: null, nonSubscriberPriceCents: 4900 });

/** What the sign-in prompt gets: the shell's `auth:open` event. */
function authEvents() {
  const opened: string[] = [];
  const listener = (e: Event) => opened.push((e as CustomEvent<string>).detail);
  globalThis.addEventListener("auth:open", listener);
  afterEach(() => globalThis.removeEventListener("auth:open", listener));
  return opened;
}

describe("a doctor's services on their profile", () => {
  it("a guest sees names and prices; Request asks them to sign in and remembers the request form", async () => {
    const opened = authEvents();
    const stub = createFetchStub({ [`GET /paidServices/doctor/${DOCTOR}`]: () => success([imaging, week]) });
    const { deps } = renderWithDeps(<DoctorServicesSection doctorId={DOCTOR} doctorName="Dr. Dana Doc" />, makeDeps({ fetch: stub.fetch, session: { status: "guest" } }));
    expect(await screen.findByRole("heading", { name: "Imaging referral" })).toBeTruthy();
    expect(screen.getByText("Without a membership: $59.00. Members: $30.00.")).toBeTruthy();
    expect(screen.getByText("Without a membership: $49.00.")).toBeTruthy();
    expect(screen.getByText(/Sign in as a patient to request one/)).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Request One-week access" }));
    expect(opened).toEqual(["login"]);
    expect(deps.session.getState().rememberedPath).toBe(`/orders?doctor=${DOCTOR}&service=${week.id}`);
  });

  it("a doctor sees the prices without Request; none on offer shows nothing; a failure is said, with Try again", async () => {
    let fail = true;
    const stub = createFetchStub({
      [`GET /paidServices/doctor/${DOCTOR}`]: () => (fail ? failure(409, "Something went wrong") : success([imaging])),
      [`GET /paidServices/doctor/${OTHER}`]: () => success([]),
    });
    const deps = signedInDeps(randomUser({ role: "doctor" }), { fetch: stub.fetch });
    renderWithDeps(
      <>
        <DoctorServicesSection doctorId={DOCTOR} doctorName="Dr. Dana Doc" />
        <DoctorServicesSection doctorId={OTHER} doctorName="Dr. Other" />
      </>,
      deps,
    );
    expect(await screen.findByText("Something went wrong")).toBeTruthy();
    fail = false;
    await userEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("heading", { name: "Imaging referral" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: /^Request/ })).toBeNull();
    expect(screen.getAllByRole("heading", { name: "Services" })).toHaveLength(1);
  });
});

describe("the homepage services", () => {
  it("on the patient's home: Request opens the request form of their doctor on /orders with that service", async () => {
    const me = randomUser({ role: "patient", doctor: { id: DOCTOR, firstName: "Dana", lastName: "Doc" } as never });
    const stub = createFetchStub({
      "GET /paidServices/home": () => success([imaging]),
      [`GET /paidServices/doctor/${DOCTOR}`]: () => success([imaging]),
      "GET /stripe/account/paymentMethods": () => success([]),
      "GET /paidServices/requests": () => success([]),
      "GET /orders": () => success({ list: [], offset: 0, limit: 20, totalCount: 0 }),
      "GET /consultations": () => success({ list: [], offset: 0, limit: 20, totalCount: 0 }),
    });
    const { router } = renderApp("/home", signedInDeps(me, { fetch: stub.fetch }));
    await userEvent.click(await screen.findByRole("button", { name: "Request Imaging referral" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/orders"));
    expect(router.state.location.search).toBe(`?service=${imaging.id}`);
    expect(await screen.findByRole("form", { name: "Imaging referral" })).toBeTruthy();
  });

  it("on /orders from another doctor's profile: that doctor's form; a service they do not offer is said", async () => {
    const me = randomUser({ role: "patient", doctor: { id: DOCTOR, firstName: "Dana", lastName: "Doc" } as never });
    const stub = createFetchStub({
      [`GET /paidServices/doctor/${OTHER}`]: () => success([week]),
      "GET /stripe/account/paymentMethods": () => success([]),
      "GET /paidServices/requests": () => success([]),
      "GET /orders": () => success({ list: [], offset: 0, limit: 20, totalCount: 0 }),
    });
    renderApp(`/orders?doctor=${OTHER}&service=${imaging.id}`, signedInDeps(me, { fetch: stub.fetch }));
    expect((await screen.findByText(/This doctor does not offer that service/)).textContent).toBeTruthy();
    expect(screen.getByRole("link", { name: "Back to their profile" }).getAttribute("href")).toBe(`/profile/${OTHER}`);
    await userEvent.click(screen.getByRole("button", { name: "Request One-week access" }));
    expect(await screen.findByRole("form", { name: "One-week access" })).toBeTruthy();
    expect(stub.calls.some((c) => c.path === `/paidServices/doctor/${DOCTOR}`)).toBe(false);
  });

  it("nothing is shown when no service is on the homepage", async () => {
    const stub = createFetchStub({ "GET /paidServices/home": () => success([]) });
    const { container } = renderWithDeps(<HomeServicesSection />, makeDeps({ fetch: stub.fetch, session: { status: "guest" } }));
    await waitFor(() => expect(stub.calls.length).toBe(1));
    await waitFor(() => expect(container.textContent).toBe(""));
  });
});
