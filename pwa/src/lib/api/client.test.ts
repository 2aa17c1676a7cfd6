import { describe, expect, it, vi } from "vitest";
import { createFetchStub, failure, legacyStoredTokens, makeDeps, storedTokens, success, transportOf } from "../../test/helpers.tsx";
import { ApiError, BROKEN_RESPONSE_MESSAGE } from "./api-error.ts";
import { createAppDeps, createMemoryStorage } from "../app-deps.tsx";
import { toFormData } from "./multipart.ts";

const bearer = (token: string) => `Bearer ${token}`;

/** The ApiError a call rejects with; fails the test if it resolves. */
async function caught(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error("Expected the call to fail");
}

describe("envelope parsing", () => {
  it("returns the result of a success and sends the bearer token", async () => {
    const stub = createFetchStub({ "GET /things": () => success({ answer: 42 }) });
    const { api } = makeDeps({ fetch: stub.fetch, storage: storedTokens(), accessToken: "access-token-1" });
    await expect(transportOf(api).get("/things", { query: { offset: 0, search: "" } })).resolves.toEqual({ answer: 42 });
    expect(stub.calls[0].headers.get("Authorization")).toBe(bearer("access-token-1"));
    expect(stub.calls[0].url.search).toBe("?offset=0");
  });

  it("turns an error envelope into an ApiError with message, code and details", async () => {
    const stub = createFetchStub({
      "POST /things": () => failure(400, "Validation failed", { fields: { "profile.zip": "Zip must be exactly five digits" } }),
    });
    const { api } = makeDeps({ fetch: stub.fetch });
    const error = await caught(transportOf(api).post("/things", { a: 1 }));
    expect(error).toBeInstanceOf(ApiError);
    expect(error.message).toBe("Validation failed");
    expect(error.code).toBe(400);
    expect(error.fieldErrors).toEqual({ "profile.zip": "Zip must be exactly five digits" });
    expect(stub.calls[0].headers.get("Content-Type")).toBe("application/json");
    expect(stub.calls[0].body).toEqual({ a: 1 });
  });

  it("reports a response that is neither success nor error as broken", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const stub = createFetchStub({
      "GET /odd": () => new Response(JSON.stringify({ ok: true }), { status: 200 }),
      "GET /html": () => new Response("<html>", { status: 502 }),
    });
    const { api } = makeDeps({ fetch: stub.fetch });
    await expect(transportOf(api).get("/odd")).rejects.toMatchObject({ message: BROKEN_RESPONSE_MESSAGE, code: 200 });
    await expect(transportOf(api).get("/html")).rejects.toMatchObject({ message: BROKEN_RESPONSE_MESSAGE, code: 502 });
  });

  it("treats a failed fetch as a network problem with code 0 and flags the session", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const stub = createFetchStub({ "GET /ok": () => success(1) });
    const fetch = vi.fn(stub.fetch).mockRejectedValueOnce(new TypeError("Failed to fetch"));
    const deps = makeDeps({ fetch });
    const error = await caught(transportOf(deps.api).get("/ok"));
    expect(error).toBeInstanceOf(ApiError);
    expect(error.code).toBe(0);
    expect(error.isNetworkError).toBe(true);
    expect(deps.session.getState().internetFailure).toBe(true);
    expect(warn).toHaveBeenCalled();
    await transportOf(deps.api).get("/ok");
    expect(deps.session.getState().internetFailure).toBe(false);
  });

  it("sends multipart bodies untouched so the browser sets the boundary", async () => {
    const stub = createFetchStub({ "POST /users": () => success(null) });
    const { api } = makeDeps({ fetch: stub.fetch });
    const form = toFormData({ email: "a@b.co", licensedStates: ["NY", "CA"], skip: undefined }, {
      sign: new File(["x"], "sign.png", { type: "image/png" }),
    });
    await transportOf(api).request("POST", "/users", { form, auth: false });
    const sent = stub.calls[0];
    expect(sent.headers.get("Content-Type")).toBeNull();
    expect(sent.headers.get("Authorization")).toBeNull();
    expect(sent.form?.get("licensedStates")).toBe('["NY","CA"]');
    expect(sent.form?.has("skip")).toBe(false);
    expect((sent.form?.get("sign") as File).name).toBe("sign.png");
  });
});

describe("token refresh", () => {
  it("shares one refresh between concurrent 401s and retries each request once", async () => {
    let releaseRefresh: () => void = () => {};
    const refreshGate = new Promise<void>((resolve) => (releaseRefresh = resolve));
    const stub = createFetchStub({
      "GET /a": (req) => req.headers.get("Authorization") === bearer("new-access") ? success("a") : failure(401, "Unauthorized"),
      "GET /b": (req) => req.headers.get("Authorization") === bearer("new-access") ? success("b") : failure(401, "Unauthorized"),
      "GET /c": (req) => req.headers.get("Authorization") === bearer("new-access") ? success("c") : failure(401, "Unauthorized"),
      "POST /users/refreshToken": async () => {
        await refreshGate;
        return success({ accessToken: "new-access", refreshToken: "new-refresh" });
      },
    });
    const deps = makeDeps({ fetch: stub.fetch, storage: storedTokens(), accessToken: "access-token-1" });
    const pending = Promise.all([transportOf(deps.api).get("/a"), transportOf(deps.api).get("/b"), transportOf(deps.api).get("/c")]);
    await vi.waitFor(() => expect(stub.calls.filter((c) => c.path === "/users/refreshToken")).toHaveLength(1));
    releaseRefresh();
    await expect(pending).resolves.toEqual(["a", "b", "c"]);

    const refreshes = stub.calls.filter((c) => c.path === "/users/refreshToken");
    expect(refreshes).toHaveLength(1);
    // The refresh token is the HttpOnly cookie: the request has no body and no bearer token.
    expect(refreshes[0].body).toBeUndefined();
    expect(refreshes[0].headers.get("Authorization")).toBeNull();
    expect(stub.calls.filter((c) => c.path === "/a")).toHaveLength(2);
    // A refresh token in an answer is never kept.
    expect(deps.session.tokens.read()).toEqual({ accessToken: "new-access", authorized: true });
  });

  it("a tab with no access token yet (a reload) refreshes with the cookie before its first call", async () => {
    const stub = createFetchStub({
      "POST /users/refreshToken": () => success({ accessToken: "new-access" }),
      "GET /users/doctor/profile/7": (req) =>
        req.headers.get("Authorization") === bearer("new-access") ? success({ id: "7" }) : failure(401, "Unauthorized"),
    });
    const storage = storedTokens();
    const deps = makeDeps({ fetch: stub.fetch, storage });
    await expect(transportOf(deps.api).get("/users/doctor/profile/7")).resolves.toEqual({ id: "7" });
    expect(stub.calls.map((c) => c.path)).toEqual(["/users/refreshToken", "/users/doctor/profile/7"]);
  });

  it("moves a refresh token a previous release stored into the cookie: used once through the body form, deleted", async () => {
    const stub = createFetchStub({
      "POST /users/refreshToken": () => success({ accessToken: "new-access" }),
      "GET /a": () => success("a"),
    });
    const storage = createMemoryStorage(legacyStoredTokens());
    const deps = createAppDeps({ storage, tabFlags: createMemoryStorage(), fetch: stub.fetch, currentPath: () => "/" });
    // Read at start-up: the stored value keeps only the flag from then on.
    expect(deps.session.tokens.read()).toEqual({ accessToken: "", authorized: true });
    expect(JSON.parse(storage.getItem("dpc.auth")!)).toEqual({ authorized: true });
    await transportOf(deps.api).get("/a");
    await deps.api.refresh();
    const refreshes = stub.calls.filter((c) => c.path === "/users/refreshToken");
    expect(refreshes.map((c) => c.body)).toEqual([{ refreshToken: "refresh-token-1" }, undefined]);
  });

  it("waits for another tab's refresh and takes the token it announced instead of refreshing again", async () => {
    const listeners: ((token: string) => void)[] = [];
    let releaseLock: () => void = () => {};
    const held = new Promise<void>((resolve) => (releaseLock = resolve));
    const coordinator = {
      exclusive: async <T,>(task: () => Promise<T>) => {
        await held;
        return task();
      },
      announce: vi.fn(),
      listen: (listener: (token: string) => void) => (listeners.push(listener), () => {}),
    };
    const other = `${btoa(JSON.stringify({ alg: "HS256" }))}.${btoa(JSON.stringify({ sub: "u1", sid: "s1" }))}.sig`;
    const mine = `${btoa(JSON.stringify({ alg: "HS256" }))}.${btoa(JSON.stringify({ sub: "u1", sid: "s1", n: 1 }))}.sig`;
    const stub = createFetchStub({
      "GET /a": (req) => req.headers.get("Authorization") === bearer(other) ? success("a") : failure(401, "Unauthorized"),
      "POST /users/refreshToken": () => success({ accessToken: "should-not-be-used" }),
    });
    const deps = makeDeps({ fetch: stub.fetch, storage: storedTokens(), accessToken: mine });
    const { createApiClient } = await import("./client.ts");
    const api = createApiClient({ session: deps.session, events: deps.events, fetch: stub.fetch, refreshCoordinator: coordinator });
    const pending = transportOf(api).get("/a");
    await vi.waitFor(() => expect(stub.calls).toHaveLength(1));
    // The other tab, holding the lock, refreshed and announces its token; then lets go of the lock.
    listeners.forEach((l) => l(other));
    releaseLock();
    await expect(pending).resolves.toBe("a");
    expect(stub.calls.filter((c) => c.path === "/users/refreshToken")).toHaveLength(0);
    expect(coordinator.announce).not.toHaveBeenCalled();
  });

  it("retries only once when the retried request is refused again", async () => {
    const stub = createFetchStub({
      "GET /a": () => failure(401, "Unauthorized"),
      "POST /users/refreshToken": () => success({ accessToken: "new-access", refreshToken: "new-refresh" }),
    });
    const deps = makeDeps({ fetch: stub.fetch, storage: storedTokens(), accessToken: "access-token-1" });
    await expect(transportOf(deps.api).get("/a")).rejects.toMatchObject({ code: 401 });
    expect(stub.calls.filter((c) => c.path === "/a")).toHaveLength(2);
    expect(stub.calls.filter((c) => c.path === "/users/refreshToken")).toHaveLength(1);
  });

  it("does not refresh for a 401 of a request sent without a token", async () => {
    const stub = createFetchStub({ "POST /users/login": () => failure(401, "Email or password mismatch") });
    const deps = makeDeps({ fetch: stub.fetch });
    await expect(transportOf(deps.api).post("/users/login", {}, { auth: false })).rejects.toMatchObject({
      message: "Email or password mismatch",
    });
    expect(stub.calls).toHaveLength(1);
  });

  it("logs out with cause server, remembers the path and announces it when the refresh fails", async () => {
    const stub = createFetchStub({
      "GET /a": () => failure(401, "Unauthorized"),
      "GET /b": () => failure(401, "Unauthorized"),
      "POST /users/refreshToken": () => failure(401, "Account blocked by admin", { reason: "BLOCKED" }),
    });
    const deps = makeDeps({ fetch: stub.fetch, storage: storedTokens(), currentPath: () => "/messages?chat=7" });
    const onLogout = vi.fn();
    deps.events.on("serverLogout", onLogout);

    const results = await Promise.allSettled([transportOf(deps.api).get("/a"), transportOf(deps.api).get("/b")]);
    expect(results.map((r) => r.status)).toEqual(["rejected", "rejected"]);
    expect(stub.calls.filter((c) => c.path === "/users/refreshToken")).toHaveLength(1);
    const state = deps.session.getState();
    expect(state.status).toBe("guest");
    expect(state.logoutCause).toBe("server");
    expect(state.rememberedPath).toBe("/messages?chat=7");
    // Why, in the person's words (shown on / by the signed-out banner).
    expect(state.logoutReason).toBe("An administrator blocked your account. Contact support if you think this is a mistake.");
    expect(deps.session.tokens.read()).toBeNull();
    expect(onLogout).toHaveBeenCalledTimes(1);
    expect(onLogout).toHaveBeenCalledWith({ rememberedPath: "/messages?chat=7" });
  });

  it("keeps the session when the refresh gets no answer at all", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const stub = createFetchStub({
      "GET /a": () => failure(401, "Unauthorized"),
      "POST /users/refreshToken": () => Promise.reject(new TypeError("Failed to fetch")),
    });
    const deps = makeDeps({ fetch: stub.fetch, storage: storedTokens(), accessToken: "access-token-1" });
    await expect(transportOf(deps.api).get("/a")).rejects.toMatchObject({ code: 0 });
    expect(deps.session.tokens.read()?.accessToken).toBe("access-token-1");
  });
});

describe("product error events", () => {
  it.each([
    [402, "payment-action-required", "paymentActionRequired", { intentId: "pi_1" }],
    [402, "Subscription required", "subscriptionRequired", { noSubscription: true, details: { plan: "x" } }],
    [422, "Profile for erx not filled error", "erxProfileRequired", { missing: ["npi"] }],
  ] as const)("%i %s → %s", async (code, message, event, payload) => {
    const details = event === "subscriptionRequired" ? { plan: "x" } : payload;
    const stub = createFetchStub({ "POST /pay": () => failure(code, message, details) });
    const deps = makeDeps({ fetch: stub.fetch });
    const listener = vi.fn();
    deps.events.on(event, listener);
    await expect(transportOf(deps.api).post("/pay")).rejects.toMatchObject({ code, message });
    expect(listener).toHaveBeenCalledWith(payload);
  });

  it("a caller that answers the error itself (announce: false) gets it without the event", async () => {
    const stub = createFetchStub({ "POST /pay": () => failure(402, "payment-action-required", { intentId: "pi_1" }) });
    const deps = makeDeps({ fetch: stub.fetch });
    const listener = vi.fn();
    deps.events.on("paymentActionRequired", listener);
    await expect(transportOf(deps.api).post("/pay", {}, { announce: false })).rejects.toMatchObject({ code: 402, details: { intentId: "pi_1" } });
    expect(listener).not.toHaveBeenCalled();
  });
});

describe("raw requests (file bytes)", () => {
  it("sends a raw body with extra headers and answers the Response, refreshing on 401", async () => {
    const stub = createFetchStub({
      "PUT /bytes": (req) => req.headers.get("Authorization") === bearer("new-access")
        ? new Response("ok", { status: 200 })
        : failure(401, "Unauthorized"),
      "POST /users/refreshToken": () => success({ accessToken: "new-access", refreshToken: "new-refresh" }),
    });
    const deps = makeDeps({ fetch: stub.fetch, storage: storedTokens(), accessToken: "access-token-1" });
    const response = await transportOf(deps.api).fetchRaw("PUT", "/bytes", {
      rawBody: new Uint8Array([1, 2, 3]),
      headers: { "Content-Range": "bytes 0-2/3" },
    });
    expect(await response.text()).toBe("ok");
    const sent = stub.calls.filter((c) => c.path === "/bytes");
    expect(sent).toHaveLength(2);
    expect(sent[1].headers.get("Content-Range")).toBe("bytes 0-2/3");
  });

  it("turns an error answer into an ApiError with its details", async () => {
    const stub = createFetchStub({ "GET /file": () => failure(409, "Not ready", { reason: "CONTENT_NOT_READY" }) });
    const { api } = makeDeps({ fetch: stub.fetch, storage: storedTokens(), accessToken: "access-token-1" });
    await expect(transportOf(api).fetchRaw("GET", "/file")).rejects.toMatchObject({ code: 409, details: { reason: "CONTENT_NOT_READY" } });
  });

  it("refreshes on demand; a refused refresh is a server logout", async () => {
    const stub = createFetchStub({ "POST /users/refreshToken": () => failure(401, "Invalid refresh token") });
    const deps = makeDeps({ fetch: stub.fetch, storage: storedTokens(), accessToken: "access-token-1" });
    await expect(deps.api.refresh()).rejects.toMatchObject({ code: 401 });
    expect(deps.session.getState().logoutCause).toBe("server");
  });
});
