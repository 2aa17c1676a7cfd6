/**
 * Test helpers: a stubbed `fetch` that answers by "METHOD /path", random
 * users, and the app rendered in a memory router with fresh dependencies.
 */
import { render } from "@testing-library/react";
import type { ReactNode } from "react";
import { createMemoryRouter, MemoryRouter } from "react-router";
import type { AuthUser } from "../../../sync/schemas/user.ts";
import { App } from "../app/App.tsx";
import { createRoutes } from "../app/routes.tsx";
export { preloadScreens } from "../app/routes.tsx";
import { type AppDeps, AppDepsProvider, createAppDeps, createMemoryStorage } from "../lib/app-deps.tsx";
import type { SessionState } from "../lib/session/session-store.ts";
import type { ApiClient, ApiTransport } from "../lib/api/client.ts";
import { AUTH_STORAGE_KEY } from "../lib/session/token-storage.ts";
import { SnackbarProvider } from "../ui/index.ts";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";

export type StubRequest = {
  method: string;
  path: string;
  url: URL;
  headers: Headers;
  body: unknown;
  form: FormData | null;
};
export type StubHandler = (request: StubRequest) => Response | Promise<Response>;

export const success = (result: unknown, status = 200) =>
  new Response(JSON.stringify({ status: "success", result }), {
    status,
    headers: { "Content-Type": "application/json" },
  });
export const failure = (code: number, message: string, details: Record<string, unknown> = {}) =>
  new Response(JSON.stringify({ status: "error", code, message, details }), {
    status: code,
    headers: { "Content-Type": "application/json" },
  });

/** A list endpoint answering `rows` as the edge pages them (`offset`, `limit` from the query; `totalCount`). */
export const pagedList = (rows: readonly unknown[]): StubHandler => ({ url }) => {
  const offset = Number(url.searchParams.get("offset") ?? 0);
  const limit = Number(url.searchParams.get("limit") ?? 20);
  return success({ list: rows.slice(offset, offset + limit), offset, limit, totalCount: rows.length });
};

/** A fetch that routes "METHOD /path" (path after /api/v1, no query) to handlers and records every call. */
export function createFetchStub(handlers: Record<string, StubHandler> = {}) {
  const calls: StubRequest[] = [];
  const fetch = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(String(input), "http://localhost");
    const method = (init.method ?? "GET").toUpperCase();
    const path = url.pathname.replace(/^\/api\/v1/, "");
    const form = init.body instanceof FormData ? init.body : null;
    const body = typeof init.body === "string" ? JSON.parse(init.body) : undefined;
    const request: StubRequest = { method, path, url, headers: new Headers(init.headers), body, form };
    calls.push(request);
    const handler = handlers[`${method} ${path}`];
    if (!handler) return failure(404, `No stub for ${method} ${path}`);
    return await handler(request);
  };
  return { fetch: fetch as typeof globalThis.fetch, calls, handlers };
}

let counter = 0;
export function randomId(): string {
  counter += 1;
  return `00000000-0000-4000-8000-${String(Date.now() % 1e6).padStart(6, "0")}${String(counter).padStart(6, "0")}`;
}

export function randomUser(patch: Partial<AuthUser> = {}): AuthUser {
  const id = patch.id ?? randomId();
  return {
    id,
    role: "patient",
    email: `user-${id.slice(-6)}@example.com`,
    firstName: "Alex",
    lastName: `Tester${id.slice(-4)}`,
    birthDate: "1980-05-17",
    gender: "Female",
    phoneNumber: "+12025550143",
    isPhoneNumberVerified: true,
    state: "NY",
    city: "Albany",
    zip: "12207",
    address: "1 Main St",
    isActivated: true,
    isBlocked: false,
    isSuperAdmin: false,
    isAccountApproved: false,
    applicationStatus: null,
    doctor: null,
    profileNotFilledStage: null,
    fullAccess: true,
    sign: null,
    lastPasswordChangedAt: null,
    stripeAccount: null,
    isActiveStripeAccount: false,
    npi: null,
    dea: null,
    fax: null,
    timezone: null,
    specialty: null,
    licensedStates: [],
    bio: null,
    createdAt: "2024-01-01T00:00:00.000Z",
    impersonatedBy: null,
    ...patch,
  };
}

/** localStorage of a browser signed in here before (the flag only: tokens are in memory and in the cookie). */
export function storedTokens(authorized = true) {
  return { [AUTH_STORAGE_KEY]: JSON.stringify({ authorized }) };
}

/** localStorage as a release before the refresh cookie left it (both tokens stored). */
export function legacyStoredTokens(authorized = true, access = "access-token-1", refresh = "refresh-token-1") {
  return { [AUTH_STORAGE_KEY]: JSON.stringify({ accessToken: access, refreshToken: refresh, authorized }) };
}

type DepsOptions = {
  fetch?: typeof globalThis.fetch;
  storage?: Record<string, string>;
  session?: Partial<SessionState>;
  currentPath?: () => string;
  /** An access token already in this tab's memory (a tab that signed in or refreshed before). */
  accessToken?: string;
};

/**
 * The untyped transport under a deps' typed API (createApiClient returns both): for tests of the transport itself
 * (envelopes, refresh, announcements), which call made-up paths the typed methods rightly refuse.
 */
export const transportOf = (api: ApiClient): ApiClient & ApiTransport => api as ApiClient & ApiTransport;

export function makeDeps(options: DepsOptions = {}): AppDeps {
  const deps = createAppDeps({
    storage: createMemoryStorage(options.storage),
    tabFlags: createMemoryStorage(),
    fetch: options.fetch ?? createFetchStub().fetch,
    currentPath: options.currentPath ?? (() => "/"),
    initialSession: options.session,
  });
  if (options.accessToken) {
    deps.session.tokens.write({ accessToken: options.accessToken, authorized: deps.session.tokens.read()?.authorized ?? true });
  }
  return deps;
}

/** Signs a user in on fresh deps (tokens stored, status authorized). */
export function signedInDeps(user: AuthUser, options: DepsOptions = {}): AppDeps {
  const deps = makeDeps({ storage: storedTokens(), ...options });
  deps.session.signIn({ accessToken: "access-token-1" }, user);
  return deps;
}

/** The whole app at `path`, as main.tsx builds it but with a memory router. */
export function renderApp(path: string, deps: AppDeps) {
  const router = createMemoryRouter(createRoutes(), { initialEntries: [path] });
  const utils = render(<App deps={deps} router={router} />);
  return { ...utils, router, deps };
}

/** A component with the providers it needs, outside the full app. */
export function renderWithDeps(ui: ReactNode, deps: AppDeps = makeDeps({ session: { status: "guest" } }), path = "/") {
  const queries = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const utils = render(
    <AppDepsProvider deps={deps}>
      <QueryClientProvider client={queries}>
        <SnackbarProvider>
          <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
        </SnackbarProvider>
      </QueryClientProvider>
    </AppDepsProvider>,
  );
  return { ...utils, deps };
}
