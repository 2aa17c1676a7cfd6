/**
 * Exactly once for every create (edge/docs/api.md): a route that creates declares `idempotent()` after its
 * `guard` and `validate`, and a request carrying an `Idempotency-Key` header is answered once per key and caller:
 * - no header: the route runs as it always did;
 * - a key that is empty, longer than 255 characters or not printable ASCII: 400 `IDEMPOTENCY_KEY_INVALID`;
 * - a new key: the route runs; a 2xx JSON answer is kept 24 hours, anything else frees the key;
 * - the same key and the same request (method, path, query, body): the kept answer again, with
 *   `Idempotent-Replayed: true`; while the first still runs, 409 `IDEMPOTENCY_KEY_IN_USE`;
 * - the same key for another request: 409 `IDEMPOTENCY_KEY_REUSED`.
 * The store comes from the context (`provideIdempotency`, app.ts); the tag lets the OpenAPI generator document
 * the header on exactly these routes.
 */
import type { Context, MiddlewareHandler } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { AppEnv } from "./context.ts";
import { badRequest, conflict } from "./errors.ts";
import type { IdempotencyStore, KeyScope } from "./idempotency-store.ts";
import { jsonBody } from "./input.ts";
import { sha256 } from "../access/tokens.ts";

export const IDEMPOTENCY_HEADER = "Idempotency-Key";
export const REPLAYED_HEADER = "Idempotent-Replayed";
/** Stripe's limit; printable ASCII so a key is stored and logged as sent. */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x20-\x7e]{1,255}$/;

const IDEMPOTENT = Symbol("idempotent");

/** Makes the store available to every `idempotent()` route of the app. */
export function provideIdempotency(store: IdempotencyStore): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    c.set("idempotency", store);
    await next();
  };
}

/** Declares a route that creates: one answer per `Idempotency-Key`. Placed after the route's `validate`. */
export function idempotent(): MiddlewareHandler<AppEnv> {
  const mw: MiddlewareHandler<AppEnv> = async (c, next) => {
    const key = c.req.header(IDEMPOTENCY_HEADER);
    if (key === undefined) return await next();
    if (!IDEMPOTENCY_KEY_PATTERN.test(key)) {
      throw badRequest("The Idempotency-Key must be 1 to 255 printable characters", { reason: "IDEMPOTENCY_KEY_INVALID" });
    }
    const store = c.get("idempotency");
    if (!store) throw new Error("idempotent(): no store; mount provideIdempotency() on the app");
    const scope: KeyScope = { userId: c.get("actor")?.userId ?? null, key };
    const claim = await store.claim(scope, { route: `${c.req.method} ${c.req.routePath}`, hash: await requestHash(c) });
    if (claim.kind === "reused") {
      throw conflict("This Idempotency-Key was already used for another request", "IDEMPOTENCY_KEY_REUSED");
    }
    if (claim.kind === "inUse") {
      throw conflict("A request with this Idempotency-Key is still being processed; try again shortly", "IDEMPOTENCY_KEY_IN_USE");
    }
    if (claim.kind === "replay") {
      c.header(REPLAYED_HEADER, "true");
      return c.json(claim.answer.body, claim.answer.status as ContentfulStatusCode);
    }
    try {
      await next();
    } catch (e) {
      await store.release(scope, claim.claimedAt);
      throw e;
    }
    const res = c.res;
    const json = (res.headers.get("content-type") ?? "").includes("application/json");
    if (res.status >= 200 && res.status < 300 && json) {
      await store.finish(scope, claim.claimedAt, { status: res.status, body: await res.clone().json() });
    } else {
      await store.release(scope, claim.claimedAt);
    }
  };
  return Object.assign(mw, { [IDEMPOTENT]: true });
}

/** Whether a handler is `idempotent()` (read by the OpenAPI generator and the tests). */
export const isIdempotent = (h: unknown): boolean => typeof h === "function" && IDEMPOTENT in h;

/**
 * SHA-256 of what makes the request what it is: method, path, sorted query and body as read (JSON with its keys
 * sorted; a multipart form's fields, and each file by name, type, size and the SHA-256 of its bytes). Bodies were
 * already read by `validate` or are read here once; Hono keeps them for the handler.
 */
export async function requestHash(c: Context<AppEnv>): Promise<string> {
  const url = new URL(c.req.url);
  url.searchParams.sort();
  const multipart = (c.req.header("content-type") ?? "").toLowerCase().startsWith("multipart/form-data");
  const body = multipart ? await formDigest(await c.req.parseBody({ all: true })) : await jsonBody(c);
  return await sha256(stableJson([c.req.method, url.pathname, url.search, body]));
}

async function formDigest(form: Record<string, unknown>): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(form)) {
    const values = Array.isArray(value) ? value : [value];
    out[name] = await Promise.all(values.map(async (v) =>
      v instanceof File ? { file: v.name, type: v.type, size: v.size, sha256: await sha256(new Uint8Array(await v.arrayBuffer())) } : v
    ));
  }
  return out;
}

/** JSON with object keys sorted, so the same value always reads the same. */
export function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}
