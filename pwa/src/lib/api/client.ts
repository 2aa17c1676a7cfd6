import type { ErrorDetails } from "../../../../sync/envelope.ts";
import type { SessionStore } from "../session/session-store.ts";
import { type AccessGrant, parseTokenPair } from "../session/auth-user.ts";
import { localRefreshCoordinator, type RefreshCoordinator, tokenSubject } from "../session/refresh-coordinator.ts";
import { ApiError, BROKEN_RESPONSE_MESSAGE, NETWORK_ERROR_CODE, NETWORK_ERROR_MESSAGE } from "./api-error.ts";
import { signedOutReason } from "../session/signed-out.ts";
import { type TypedApi, typedMethods } from "./typed.ts";
import {
  type ApiEvents,
  ERX_PROFILE_NOT_FILLED,
  PAYMENT_ACTION_REQUIRED,
  SUBSCRIPTION_REQUIRED,
} from "./api-events.ts";

export const API_BASE = "/api/v1";
/** Sent with every POST: the edge answers a create once per key (routes that create declare `idempotent()`). */
export const IDEMPOTENCY_HEADER = "Idempotency-Key";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
export type QueryValue = string | number | boolean | null | undefined;

export type RequestOptions = {
  query?: Record<string, QueryValue>;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as multipart/form-data (see `toFormData`); wins over `body`. */
  form?: FormData;
  /** Sent as it is (e.g. an upload chunk); wins over `form` and `body`. */
  rawBody?: BodyInit;
  /** Extra request headers (e.g. `Content-Range`). */
  headers?: Record<string, string>;
  /**
   * The `Idempotency-Key` of a POST (edge/docs/api.md "Exactly once for every create"). By default each call makes
   * one and its own retries reuse it; pass one to keep it across attempts the caller makes itself.
   */
  idempotencyKey?: string;
  /** Send the bearer token when there is one (default true). */
  auth?: boolean;
  /**
   * Announce product errors (402 payment-action-required, …) to the app's dialogs (default true). False when the
   * caller answers them itself, e.g. a 3-D Secure step already on screen (pwa/src/app/ApiEventDialogs.tsx).
   */
  announce?: boolean;
  signal?: AbortSignal;
};

export type ApiClientDeps = {
  session: SessionStore;
  events: ApiEvents;
  fetch?: typeof fetch;
  baseUrl?: string;
  /** Where the user is now; remembered when the server ends the session. */
  currentPath?: () => string;
  /** One refresh at a time across tabs (the browser's Web Lock + BroadcastChannel); this tab only by default. */
  refreshCoordinator?: RefreshCoordinator;
};

/**
 * The API as the app calls it: only the typed methods (typed.ts), whose paths, inputs and results are the
 * server's declarations, and the token refresh.
 */
export type ApiClient = TypedApi & {
  /** Refreshes the access token now (e.g. the live channel said TOKEN_EXPIRED); a refused refresh is a server logout. */
  refresh(): Promise<void>;
};

/** The untyped transport under the typed methods: what `createApiClient` also returns, for its own tests. */
export type ApiTransport = {
  request<T>(method: HttpMethod, path: string, options?: RequestOptions): Promise<T>;
  get<T>(path: string, options?: RequestOptions): Promise<T>;
  post<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  put<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  delete<T>(path: string, options?: RequestOptions): Promise<T>;
  /** Like `request` (token, one refresh on 401) but a success answers the raw Response (downloads); failures are ApiErrors. */
  fetchRaw(method: HttpMethod, path: string, options?: RequestOptions): Promise<Response>;
};

/**
 * The one client of `/api/v1` (01 §7, §8):
 * 1. adds the bearer token;
 * 2. unwraps the `{status, result}` envelope, turning every failure into an ApiError;
 * 3. on a 401 for a request that carried a token (public calls too), refreshes once
 *    (concurrent 401s share that refresh, other tabs wait for it) and retries once;
 *    a refused refresh is a server logout. A signed-in tab without an access token
 *    yet (a reload: it lives in memory only) refreshes before its first call. The
 *    refresh token is the HttpOnly cookie: this code never sees it;
 * 4. announces 402 and 422 product errors through `events`;
 * 5. gives every POST one `Idempotency-Key` (a UUID) for the call, the same on its retry after a refresh, so a
 *    create the server already made is answered again rather than made twice.
 */
export function createApiClient(deps: ApiClientDeps): ApiClient & ApiTransport {
  const { session, events } = deps;
  const doFetch = deps.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));
  const baseUrl = deps.baseUrl ?? API_BASE;
  const currentPath = deps.currentPath ?? (() => globalThis.location.pathname + globalThis.location.search);
  let refreshing: Promise<void> | null = null;
  const coordinator = deps.refreshCoordinator ?? localRefreshCoordinator;
  // Another tab refreshed: take its access token when it is this tab's user's.
  coordinator.listen((accessToken) => {
    const current = session.tokens.read();
    if (!current) return;
    if (current.accessToken && tokenSubject(current.accessToken) !== tokenSubject(accessToken)) return;
    session.replaceTokens({ accessToken });
  });

  async function send(method: HttpMethod, path: string, options: RequestOptions, token: string | null) {
    const headers: Record<string, string> = { Accept: "application/json", ...options.headers };
    if (token) headers.Authorization = `Bearer ${token}`;
    let body: BodyInit | undefined;
    if (options.rawBody !== undefined) body = options.rawBody;
    else if (options.form) body = options.form;
    else if (options.body !== undefined) {
      headers["Content-Type"] = "application/json";
      body = JSON.stringify(options.body);
    }
    let response: Response;
    try {
      response = await doFetch(buildUrl(baseUrl, path, options.query), { method, headers, body, signal: options.signal });
    } catch (cause) {
      if (options.signal?.aborted) throw cause;
      session.setInternetFailure(true);
      console.warn(`Network problem on ${method} ${path}`, cause);
      throw new ApiError({ message: NETWORK_ERROR_MESSAGE, code: NETWORK_ERROR_CODE, details: { network: true } });
    }
    session.setInternetFailure(false);
    return response;
  }

  /**
   * Posts one refresh; everybody waiting on a 401 shares it. Across tabs it
   * runs under the refresh lock: a tab that waited and finds a token other
   * than the one that failed (another tab refreshed meanwhile) uses it.
   */
  function refreshOnce(failed: string): Promise<void> {
    refreshing ??= coordinator.exclusive(async () => {
      const current = session.tokens.read()?.accessToken ?? "";
      if (current && current !== failed) return;
      // Once, for a session signed in before the cookie: its old refresh token moves into the cookie.
      const legacy = session.tokens.takeLegacyRefreshToken();
      const response = await send(
        "POST",
        "/users/refreshToken",
        legacy ? { body: { refreshToken: legacy }, auth: false } : { auth: false },
        null,
      );
      let grant: AccessGrant;
      try {
        grant = parseTokenPair(await readEnvelope(response));
      } catch (error) {
        if (error instanceof ApiError) throw error;
        throw new ApiError({ message: BROKEN_RESPONSE_MESSAGE, code: response.status });
      }
      session.replaceTokens(grant);
      coordinator.announce(grant.accessToken);
    }).finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  function serverLogout(refusal: ApiError) {
    const rememberedPath = currentPath();
    session.signOut("server", rememberedPath, signedOutReason(refusal.details.reason, refusal.message));
    events.emit("serverLogout", { rememberedPath });
  }

  /** Refreshes once (shared); no answer keeps the session, a refusal ends it. */
  async function refreshOrLogout(failed: string): Promise<void> {
    try {
      await refreshOnce(failed);
    } catch (error) {
      // No answer is not a refusal: keep the session and let the caller retry later.
      if (error instanceof ApiError && error.isNetworkError) throw error;
      if (session.tokens.read()) {
        serverLogout(error instanceof ApiError ? error : new ApiError({ message: "", code: 401 }));
      }
      throw new ApiError({ message: "Your session has ended. Please sign in again.", code: 401 });
    }
  }

  /** Sends with the token; a 401 refreshes once and retries once, with the same Idempotency-Key. */
  async function sendAuthorized(method: HttpMethod, path: string, call: RequestOptions): Promise<Response> {
    const options = withIdempotencyKey(method, call);
    const useToken = options.auth !== false;
    // Signed in here but no access token in this tab yet (it lives in memory): get one first.
    if (useToken && session.tokens.read()?.authorized && !session.tokens.read()?.accessToken) {
      await refreshOrLogout("");
    }
    const token = useToken ? session.tokens.read()?.accessToken || null : null;
    const response = await send(method, path, options, token);
    if (response.status !== 401 || !token) return response;
    // Another request may already have refreshed while this one was in flight.
    if (session.tokens.read()?.accessToken === token) await refreshOrLogout(token);
    const fresh = session.tokens.read()?.accessToken || null;
    if (!fresh) throw new ApiError({ message: "Your session has ended. Please sign in again.", code: 401 });
    return await send(method, path, options, fresh);
  }

  async function request<T>(method: HttpMethod, path: string, options: RequestOptions = {}): Promise<T> {
    const response = await sendAuthorized(method, path, options);
    try {
      return (await readEnvelope(response)) as T;
    } catch (error) {
      if (error instanceof ApiError && options.announce !== false) announce(error);
      throw error;
    }
  }

  async function fetchRaw(method: HttpMethod, path: string, options: RequestOptions = {}): Promise<Response> {
    const response = await sendAuthorized(method, path, options);
    if (response.ok) return response;
    try {
      await readEnvelope(response);
    } catch (error) {
      if (error instanceof ApiError && options.announce !== false) announce(error);
      throw error;
    }
    throw new ApiError({ message: BROKEN_RESPONSE_MESSAGE, code: response.status });
  }

  function announce(error: ApiError) {
    if (error.code === 402 && error.message === PAYMENT_ACTION_REQUIRED) {
      events.emit("paymentActionRequired", error.details);
    } else if (error.code === 402 && error.message === SUBSCRIPTION_REQUIRED) {
      events.emit("subscriptionRequired", { noSubscription: true, details: error.details });
    } else if (error.code === 422 && error.message === ERX_PROFILE_NOT_FILLED) {
      events.emit("erxProfileRequired", error.details);
    } else if (error.code >= 500) {
      console.error(`Server error ${error.code}`, error.details.requestId ?? "");
    }
  }

  return {
    ...typedMethods(request, fetchRaw),
    request,
    get: (path, options) => request("GET", path, options),
    post: (path, body, options) => request("POST", path, { ...options, body }),
    put: (path, body, options) => request("PUT", path, { ...options, body }),
    delete: (path, options) => request("DELETE", path, options),
    fetchRaw,
    async refresh() {
      const current = session.tokens.read();
      if (!current) throw new ApiError({ message: "Session expired", code: 401 });
      await refreshOrLogout(current.accessToken);
    },
  };
}

/** A POST's options with its Idempotency-Key: the caller's (option or header) or a new one for this call. */
export function withIdempotencyKey(method: HttpMethod, options: RequestOptions): RequestOptions {
  if (method !== "POST") return options;
  const given = Object.keys(options.headers ?? {}).some((name) => name.toLowerCase() === IDEMPOTENCY_HEADER.toLowerCase());
  if (given) return options;
  return { ...options, headers: { ...options.headers, [IDEMPOTENCY_HEADER]: options.idempotencyKey ?? crypto.randomUUID() } };
}

/** Reads the envelope: the result of a success, an ApiError otherwise. */
export async function readEnvelope(response: Response): Promise<unknown> {
  let payload: unknown;
  try {
    payload = await response.json();
  } catch {
    throw new ApiError({ message: BROKEN_RESPONSE_MESSAGE, code: response.status });
  }
  if (isRecord(payload) && payload.status === "success") return payload.result;
  if (isRecord(payload) && payload.status === "error") {
    throw new ApiError({
      message: typeof payload.message === "string" && payload.message ? payload.message : "Unexpected error",
      code: typeof payload.code === "number" ? payload.code : response.status,
      details: isRecord(payload.details) ? (payload.details as ErrorDetails) : {},
    });
  }
  throw new ApiError({ message: BROKEN_RESPONSE_MESSAGE, code: response.status });
}

export function buildUrl(base: string, path: string, query?: Record<string, QueryValue>): string {
  const url = `${base}${path.startsWith("/") ? path : `/${path}`}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== "") params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `${url}?${text}` : url;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
