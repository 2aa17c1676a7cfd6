import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { createSessionActions } from "../features/auth/index.ts";
import {
  createFetchStub,
  failure,
  makeDeps,
  randomUser,
  renderApp,
  signedInDeps,
  storedTokens,
  success,
} from "../test/helpers.tsx";
import { beforeAll as preloadBeforeAll } from "vitest";
import { preloadScreens, transportOf } from "../test/helpers.tsx";

// Screens load by route (React.lazy): loaded once here, before the 1 s waits of the tests.
preloadBeforeAll(preloadScreens, 60_000);

const LANDING = /Your own doctor, online/;

const DASHBOARD = {
  pendingApplications: 2, newPatientsThisWeek: 3, newDoctorsThisWeek: 1, openContactMessages: 4, openAdminTasks: null,
  commerce: null, credentialingDue: 0,
};

describe("start-up (01 §4)", () => {
  it("signs in by token when the authorized flag is stored", async () => {
    const patient = randomUser({ firstName: "Robin" });
    const stub = createFetchStub({
      "POST /users/refreshToken": () => success({ accessToken: "access-token-1" }),
      "POST /users/loginByToken": () => success({ user: patient }),
    });
    const deps = makeDeps({ fetch: stub.fetch, storage: storedTokens() });
    const started = createSessionActions(deps).start();
    renderApp("/home", deps);
    expect(screen.getByText("Checking your sign-in…")).not.toBeNull();
    await started;
    expect(await screen.findByRole("heading", { name: "Welcome, Robin" })).not.toBeNull();
    // The access token lives in memory: a new page gets one with the refresh cookie first.
    expect(stub.calls.map((c) => c.path).slice(0, 2)).toEqual(["/users/refreshToken", "/users/loginByToken"]);
    expect(stub.calls.filter((c) => c.path === "/users/refreshToken")).toHaveLength(1);
    expect(stub.calls[1].headers.get("Authorization")).toBe("Bearer access-token-1");
    expect(deps.session.getState().accessTokenChecked).toBe(true);
  });

  it("logs out a token stored without the authorized flag", async () => {
    const stub = createFetchStub();
    const deps = makeDeps({ fetch: stub.fetch, storage: storedTokens(false) });
    await createSessionActions(deps).start();
    expect(stub.calls).toHaveLength(0);
    expect(deps.session.tokens.read()).toBeNull();
    expect(deps.session.getState().status).toBe("guest");
  });

  it("keeps the shell and the address when the server cannot be reached", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const fetch = vi.fn(() => Promise.reject(new TypeError("Failed to fetch")));
    const deps = makeDeps({ fetch, storage: storedTokens() });
    await createSessionActions(deps).start();
    const { router } = renderApp("/messages", deps);
    expect(await screen.findByRole("heading", { name: "You are offline" })).not.toBeNull();
    expect(router.state.location.pathname).toBe("/messages");
    expect(screen.getByRole("banner")).not.toBeNull();
    expect(deps.session.tokens.read()).not.toBeNull();
  });
});

describe("guards in the app", () => {
  it("sends a guest from a signed-in page to the landing page", async () => {
    const { router } = renderApp("/settings", makeDeps({ session: { status: "guest" } }));
    expect(await screen.findByRole("heading", { name: LANDING })).not.toBeNull();
    expect(router.state.location.pathname).toBe("/");
  });

  it("sends an admin at / to the dashboard; the patients page lists users", async () => {
    const admin = randomUser({ role: "admin", firstName: "Ada" });
    const patients = [randomUser({ firstName: "Pat" }), randomUser({ firstName: "Sam", isBlocked: true })];
    const stub = createFetchStub({
      "GET /users/role/patient": () => success({ list: patients, offset: 0, limit: 20, totalCount: 2 }),
      [`PUT /users/unblock/${patients[1].id}`]: () => success(null),
      "GET /admin/dashboard": () => success(DASHBOARD),
    });
    const { router } = renderApp("/", signedInDeps(admin, { fetch: stub.fetch }));
    expect(await screen.findByRole("heading", { name: "Dashboard" })).not.toBeNull();
    expect(router.state.location.pathname).toBe("/admin");
    expect((await screen.findByRole("link", { name: /Pending applications/ })).getAttribute("href")).toBe("/admin/providers?status=initial");
    await router.navigate("/admin/patients");
    const row = (await screen.findByText(/^Sam /)).closest("tr")!;
    expect(within(row).getByText("Blocked")).not.toBeNull();
    await userEvent.click(within(row).getByRole("button", { name: /Unblock Sam/ }));
    // Asked first (issue 32), then done.
    const confirm = screen.getByRole("dialog", { name: /^Unblock Sam/ });
    await userEvent.click(within(confirm).getByRole("button", { name: "Unblock" }));
    expect(await within(row).findByText("Active")).not.toBeNull();
    const list = stub.calls.find((call) => call.url.pathname.endsWith("/users/role/patient"));
    expect(list?.url.searchParams.get("limit")).toBe("20");
  });

  it("keeps a patient with an unfilled profile on /fillProfile", async () => {
    const patient = randomUser({ profileNotFilledStage: "medicalCard", fullAccess: false });
    const stub = createFetchStub({ "GET /patient/medicalCard": () => success(null) });
    const { router } = renderApp("/messages", signedInDeps(patient, { fetch: stub.fetch }));
    expect(await screen.findByRole("heading", { name: "Tell us about your health" })).not.toBeNull();
    expect(router.state.location.pathname).toBe("/fillProfile");
  });

  it("shows the not-found page with its title for unknown paths", async () => {
    renderApp("/no/such/page", makeDeps({ session: { status: "guest" } }));
    expect(await screen.findByRole("heading", { name: "Page not found" })).not.toBeNull();
    await waitFor(() => expect(document.title).toBe("Page not found"));
  });

  it("shows a role page (the report builder) as a real screen inside the layout, not a placeholder", async () => {
    renderApp("/reports", signedInDeps(randomUser({ role: "doctor", stripeAccount: "acct_1", isActiveStripeAccount: true })));
    expect(await screen.findByRole("heading", { level: 1, name: /Reports/ })).not.toBeNull();
    expect(screen.getByRole("navigation", { name: "Main" })).not.toBeNull();
  });
});

describe("server logout and return", () => {
  it("goes to / after a failed refresh and returns to the remembered page after the next sign-in", async () => {
    const patient = randomUser({ firstName: "Kim" });
    const stub = createFetchStub({
      "GET /probe": () => failure(401, "Unauthorized"),
      "POST /users/refreshToken": () => failure(401, "Invalid refresh token"),
      "POST /users/login": () => success({ accessToken: "x".repeat(20), refreshToken: "y".repeat(20), user: patient }),
    });
    let currentPath = () => "/";
    const deps = signedInDeps(patient, { fetch: stub.fetch, currentPath: () => currentPath() });
    const { router } = renderApp("/messages", deps);
    currentPath = () => router.state.location.pathname;
    expect(await screen.findByRole("heading", { name: "Messages" })).not.toBeNull();

    await act(() => transportOf(deps.api).get("/probe").catch(() => {}));
    await waitFor(() => expect(router.state.location.pathname).toBe("/"));
    expect(deps.session.getState().logoutCause).toBe("server");

    act(() => void globalThis.dispatchEvent(new CustomEvent("auth:open", { detail: "login" })));
    const dialog = await screen.findByRole("dialog", { name: "Sign in" });
    const user = userEvent.setup();
    await user.type(within(dialog).getByLabelText("Email"), patient.email);
    await user.type(within(dialog).getByLabelText("Password"), "secret1");
    await user.click(within(dialog).getByRole("button", { name: "Sign in" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/messages"));
  });
});

describe("layout", () => {
  it("opens the registration dialog on the landing page's auth:open event", async () => {
    renderApp("/", makeDeps({ session: { status: "guest" } }));
    await screen.findByRole("heading", { name: LANDING });
    act(() => void globalThis.dispatchEvent(new CustomEvent("auth:open", { detail: "register" })));
    expect(await screen.findByRole("dialog", { name: "Join DPC Telehealth" })).not.toBeNull();
  });

  it("has a skip link and a menu button that reports its state", () => {
    renderApp("/faq", makeDeps({ session: { status: "guest" } }));
    expect(screen.getByRole("link", { name: "Skip to content" }).getAttribute("href")).toBe("#main-content");
    const menu = screen.getByRole("button", { name: "Menu" });
    expect(menu.getAttribute("aria-expanded")).toBe("false");
    fireEvent.click(menu);
    expect(menu.getAttribute("aria-expanded")).toBe("true");
  });

  it("shows the impersonation banner and goes back to the admin account", async () => {
    const admin = randomUser({ role: "admin" });
    const patient = randomUser({ firstName: "Jo", impersonatedBy: admin.id });
    const stub = createFetchStub({
      "DELETE /users/logout/to/admin": () => success({ accessToken: "b".repeat(20), refreshToken: "c".repeat(20), user: admin }),
      "GET /admin/dashboard": () => success(DASHBOARD),
    });
    const { router } = renderApp("/home", signedInDeps(patient, { fetch: stub.fetch }));
    expect(await screen.findByText(/You are signed in as/)).not.toBeNull();
    await userEvent.click(screen.getByRole("button", { name: "Back to admin" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/admin"));
    expect(await screen.findByRole("link", { name: /Open contact-us messages/ }, { timeout: 5000 })).not.toBeNull();
  });

  it("logs out through the account menu", async () => {
    const patient = randomUser({ firstName: "Lou", lastName: "Reed" });
    const stub = createFetchStub({ "POST /users/logout": () => success(null) });
    const deps = signedInDeps(patient, { fetch: stub.fetch });
    const { router } = renderApp("/home", deps);
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: /Lou Reed/ }));
    await user.click(screen.getByRole("button", { name: "Log out" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/"));
    expect(stub.calls[0].headers.get("Authorization")).toBe("Bearer access-token-1");
    expect(deps.session.getState()).toMatchObject({ status: "guest", user: null, logoutCause: "user" });
    expect(deps.session.tokens.read()).toBeNull();
  });
});
