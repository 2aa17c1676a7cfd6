/**
 * The Stripe-API emulator: an HTTP server speaking enough of Stripe's REST wire format for the real `stripe` SDK.
 * Auth, idempotency keys, injected failures and the error envelope live here; each resource lives in resources/.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { getRequestListener } from "@hono/node-server";
import { type Context, Hono } from "hono";
import { parseForm, type Params, StripeError } from "./form.ts";
import { Core } from "./core.ts";
import { randomId, Store } from "./store.ts";
import { type WebhookOrder, WebhookSender } from "./webhooks.ts";
import { allRoutes } from "./routes.ts";
import { pageRoutes } from "./pages.ts";
import { runDue } from "./billing.ts";
import { setAccountEnabled } from "./resources/connect.ts";

export type StripeEmulatorOptions = {
  port?: number;
  hostname?: string;
  webhookUrl?: string;
  webhookSecret: string;
  /** The accepted secret key; by default any `sk_test_…`. */
  apiKey?: string;
  /** JSON file keeping the state across restarts (standalone use); none = memory only. */
  dataFile?: string;
  /** Deliver each batch of webhooks in event order (default), reversed or shuffled — for out-of-order tests. */
  webhookOrder?: WebhookOrder;
  /** Failed renewals: retry after these many days, each counted from the previous attempt (default 3, 5, 7), then
   * end the subscription as `canceled` (default, Stripe's default setting), `unpaid` or leave it `past_due`. */
  billing?: { retryDays?: number[]; afterFinalRetry?: "canceled" | "unpaid" | "past_due" };
};

export type InjectedError = { status: number; type: string; code?: string; message: string; decline_code?: string; param?: string };

export type StripeEmulator = {
  url: string;
  host: string;
  port: number;
  protocol: "http";
  publishableKey: string;
  close(): Promise<void>;
  clock: { now(): number; advance(seconds: number): Promise<void> };
  setWebhookUrl(url: string): void;
  setWebhookOrder(order: WebhookOrder): void;
  deliverPendingWebhooks(): Promise<number>;
  /**
   * Queues an event already sent for delivery once more — same id, same body, freshly signed — as the
   * Dashboard's "Resend" or `stripe events resend` does. It goes out with the next pass (`deliverPendingWebhooks()`).
   */
  resendEvent(eventId: string): void;
  /** The next request whose path matches answers this error instead (once). */
  failNext(path: RegExp, error: InjectedError): void;
  /** From now on every charge on this payment method is declined with that decline code (null: back to normal). */
  declineCharges(paymentMethodId: string, declineCode: "generic_decline" | "insufficient_funds" | "expired_card" | null): void;
  /** Connect: turn an account's charges and payouts on or off (sends account.updated), as when Stripe disables it. */
  setAccountEnabled(accountId: string, enabled: boolean): void;
  /** Connect: this account's later payouts fail on their arrival date with that failure code (null: back to normal). */
  failPayouts(accountId: string, failureCode: "account_closed" | "no_account" | "could_not_process" | null): void;
};

export const PUBLISHABLE_KEY = "pk_test_emulator";

export async function startStripeEmulator(opts: StripeEmulatorOptions): Promise<StripeEmulator> {
  const hostname = opts.hostname ?? "127.0.0.1";
  const store = new Store(opts.dataFile);
  let url = "";
  let timer: ReturnType<typeof setTimeout> | undefined;
  let closed = false;
  const webhooks = new WebhookSender({ store, secret: opts.webhookSecret, url: opts.webhookUrl, order: opts.webhookOrder });
  const schedule = (delayMs?: number) => {
    if (closed) return;
    clearTimeout(timer);
    const next = delayMs ?? webhooks.nextDueInMs();
    if (next === null) return;
    timer = setTimeout(() => void webhooks.pass().then(() => schedule()), next);
  };
  const core = new Core({ store, onEvents: () => schedule(0), publicUrl: () => url });
  core.webhookEnabled = Boolean(opts.webhookUrl);
  core.billing = { ...core.billing, ...opts.billing };
  const failures: { path: RegExp; error: InjectedError }[] = [];
  const app = buildApp({ core, apiKey: opts.apiKey, failures });
  const advance = async (seconds: number) => {
    if (!Number.isFinite(seconds) || seconds < 0) throw new Error("advance: seconds must be a non-negative number");
    runDue(core, core.now() + Math.floor(seconds));
    store.save();
    await webhooks.pass(true);
  };
  core.advance = advance;
  pageRoutes(app, core, advance);

  const server = createServer(getRequestListener(app.fetch));
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, hostname, resolve));
  const port = (server.address() as AddressInfo).port;
  url = `http://${hostname}:${port}`;
  schedule();

  return {
    url,
    host: hostname,
    port,
    protocol: "http",
    publishableKey: PUBLISHABLE_KEY,
    async close() {
      closed = true;
      clearTimeout(timer);
      store.save();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
    clock: { now: () => core.now(), advance },
    setWebhookUrl(next) {
      webhooks.url = next;
      core.webhookEnabled = true;
      // Deliveries kept pending (e.g. from before a restart) go to the new address right away.
      schedule(0);
    },
    setWebhookOrder(order) {
      webhooks.order = order;
    },
    deliverPendingWebhooks: () => webhooks.pass(true),
    resendEvent(eventId) {
      const event = store.get(eventId);
      if (!event || event.object !== "event") throw new Error(`resendEvent: no such event ${eventId}`);
      store.deliveries.push({ eventId, attempts: 0, nextAttemptAt: 0 });
      store.save();
    },
    failNext(path, error) {
      failures.push({ path, error });
    },
    declineCharges(id, code) {
      const pm = core.store.need("payment_method", id, "payment_method", "PaymentMethod");
      pm._forcedOutcome = code === null ? undefined : {
        kind: "decline",
        code: code === "expired_card" ? "expired_card" : "card_declined",
        decline_code: code,
        message: code === "insufficient_funds" ? "Your card has insufficient funds." : code === "expired_card" ? "Your card has expired." : "Your card was declined.",
      };
      store.save();
    },
    failPayouts(id, code) {
      const account = core.store.need("account", id, "account");
      account._failPayouts = code ?? undefined;
      store.save();
    },
    setAccountEnabled(id, enabled) {
      setAccountEnabled(core, core.store.need("account", id, "account"), enabled);
      store.save();
    },
  };
}

type IdempotentResult = { status: number; body: unknown };
type IdempotencyEntry = { fingerprint: string; result: Promise<IdempotentResult> };

function buildApp(input: { core: Core; apiKey?: string; failures: { path: RegExp; error: InjectedError }[] }): Hono {
  const { core, failures } = input;
  const app = new Hono();
  const idempotency = new Map<string, IdempotencyEntry>();

  app.use("/v1/*", async (c, next) => {
    const origin = c.req.header("origin");
    const allowed = origin && /^https?:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/.test(origin) ? origin : null;
    if (c.req.method === "OPTIONS") {
      if (!allowed) return c.body(null, 403);
      return c.body(null, 204, {
        "access-control-allow-origin": allowed,
        "access-control-allow-methods": "GET, POST, DELETE",
        "access-control-allow-headers": "authorization, content-type, stripe-version, idempotency-key, stripe-account",
        "access-control-max-age": "600",
        vary: "origin",
      });
    }
    await next();
    if (allowed) {
      c.res.headers.set("access-control-allow-origin", allowed);
      c.res.headers.set("vary", "origin");
    }
  });

  for (const r of allRoutes(core)) {
    app.on(r.method, r.path, async (c) => {
      const requestId = randomId("req", 14);
      const key = authenticate(c, input.apiKey);
      if (key === "publishable" && !r.publishable) {
        return stripeError(c, requestId, new StripeError(401, {
          type: "invalid_request_error",
          message: "This API call cannot be made with a publishable API key. Please use a secret API key.",
        }));
      }
      if (key === null) {
        return stripeError(c, requestId, new StripeError(401, {
          type: "invalid_request_error",
          message: "Invalid API Key provided. The Stripe emulator accepts any sk_test_… secret key (or the one it was started with) and its publishable key.",
        }));
      }
      const path = new URL(c.req.url).pathname;
      const injected = failures.findIndex((f) => f.path.test(path));
      if (injected >= 0) {
        const [{ error }] = failures.splice(injected, 1);
        const { status, ...body } = error;
        return stripeError(c, requestId, new StripeError(status, body));
      }
      const text = c.req.method === "POST" ? await c.req.text() : new URL(c.req.url).search.slice(1);
      let params: Params;
      try {
        params = parseForm(text);
      } catch {
        return stripeError(c, requestId, new StripeError(400, { type: "invalid_request_error", message: "Invalid request body." }));
      }
      const account = c.req.header("stripe-account") ?? undefined;
      const execute = async (): Promise<IdempotentResult> => {
        core.request = { id: requestId, idempotency_key: idempotencyKey ?? null };
        try {
          const body = await r.handler({ params, path: c.req.param() as Record<string, string>, key, account });
          return { status: 200, body };
        } catch (error) {
          if (error instanceof StripeError) return { status: error.status, body: { error: { ...error.body, request_log_url: null } } };
          console.error("stripe emulator: unexpected error", error instanceof Error ? error.message : error);
          return { status: 500, body: { error: { type: "api_error", message: "An unknown error occurred in the Stripe emulator." } } };
        } finally {
          core.request = { id: null, idempotency_key: null };
          if (c.req.method !== "GET") core.store.save();
        }
      };
      const idempotencyKey = c.req.method === "POST" ? c.req.header("idempotency-key") : undefined;
      if (!idempotencyKey) return respond(c, requestId, await execute(), false);
      const scope = `${key}:${account ?? ""}:${idempotencyKey}`;
      const fingerprint = `${c.req.method} ${path} ${text}`;
      const saved = core.store.idempotency[scope];
      const existing = idempotency.get(scope) ??
        (saved ? { fingerprint: saved.fingerprint, result: Promise.resolve({ status: saved.status, body: saved.body }) } : undefined);
      if (existing) {
        if (existing.fingerprint !== fingerprint) {
          return stripeError(c, requestId, new StripeError(400, {
            type: "idempotency_error",
            message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
          }));
        }
        // Concurrent duplicates wait for the first one and get its answer: one object, whatever the timing.
        return respond(c, requestId, await existing.result, true);
      }
      const result = execute();
      idempotency.set(scope, { fingerprint, result });
      const answer = await result;
      core.store.idempotency[scope] = { fingerprint, ...answer, at: Date.now() };
      core.store.save();
      return respond(c, requestId, answer, false);
    });
  }
  app.notFound((c) =>
    c.json({
      error: {
        type: "invalid_request_error",
        message: `Unrecognized request URL (${c.req.method}: ${new URL(c.req.url).pathname}). The Stripe emulator implements only what its README lists.`,
      },
    }, 404)
  );
  return app;
}

function authenticate(c: Context, apiKey: string | undefined): "secret" | "publishable" | null {
  const header = c.req.header("authorization") ?? "";
  let key = header.startsWith("Bearer ") ? header.slice(7).trim() : "";
  if (!key && header.startsWith("Basic ")) key = atob(header.slice(6)).split(":")[0];
  if (!key) key = new URL(c.req.url).searchParams.get("key") ?? "";
  if (key === PUBLISHABLE_KEY || /^pk_test_\w+$/.test(key)) return "publishable";
  if (apiKey ? key === apiKey : /^sk_test_\w+$/.test(key)) return "secret";
  return null;
}

function respond(c: Context, requestId: string, result: IdempotentResult, replayed: boolean): Response {
  const headers: Record<string, string> = { "request-id": requestId, "stripe-version": c.req.header("stripe-version") ?? "2026-10-28.endive" };
  if (replayed) headers["idempotent-replayed"] = "true";
  return c.json(result.body as object, result.status as 200, headers);
}

function stripeError(c: Context, requestId: string, error: StripeError): Response {
  return respond(c, requestId, { status: error.status, body: { error: error.body } }, false);
}
