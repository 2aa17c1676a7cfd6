/**
 * The Content-Security-Policy of every HTML answer, built here and only here
 * from the configuration (edge/docs/security.md explains each directive).
 * Other HTML-serving code never writes its own policy: `securityPolicy()` is
 * mounted once on the whole app and sets it on any `text/html` answer.
 *
 * Hosts outside the origin are added through the named lists below: the
 * payment provider's (Stripe, only when a real publishable key is configured;
 * or the local Stripe-API emulator's origin when the edge runs on it: the PWA
 * tokenizes cards there and frames its 3-D Secure page) and media hosts (none
 * today: browsers reach Janus through the edge's proxy).
 */
import type { MiddlewareHandler } from "hono";
import type { Config } from "../config.ts";

/** Where browsers send violation reports (report-uri and the Reporting API's `csp` endpoint). */
export const CSP_REPORT_PATH = "/api/v1/csp-report";

/** Stripe.js and its frames, per Stripe's CSP guide; added only when a real publishable key is configured. */
export const STRIPE_SOURCES = {
  script: ["https://js.stripe.com", "https://*.js.stripe.com"],
  frame: ["https://js.stripe.com", "https://*.js.stripe.com", "https://hooks.stripe.com"],
  connect: ["https://api.stripe.com"],
  img: ["https://*.stripe.com"],
} as const;

/**
 * Trusted Types (`require-trusted-types-for 'script'`): string-to-script sinks
 * (innerHTML, eval-like APIs) are refused. On: the browser test loads every main
 * screen with it and finds no violation (see edge/docs/security.md).
 */
export const TRUSTED_TYPES = true;

export type CspOptions = {
  /** The app's public origin (PUBLIC_ORIGIN). */
  publicOrigin: string;
  /** A Stripe publishable key (`pk_live_…`/`pk_test_…`); the emulator's or none adds no host. */
  stripePublishableKey?: string | null;
  /** Extra `connect-src` hosts for media (e.g. a Janus gateway browsers reach directly). */
  mediaHosts?: readonly string[];
  /**
   * The Stripe-API emulator's origin when payments run on it (`npm start` without STRIPE_SECRET_KEY, the
   * browser tests): `connect-src` (card tokenization, intent status) and `frame-src` (its 3-D Secure page).
   */
  paymentEmulatorOrigin?: string | null;
};

/**
 * The options from the configuration. The payment issue adds
 * STRIPE_PUBLISHABLE_KEY to config.ts; it is read here under that name.
 */
export function cspOptionsFrom(
  config: Config & { STRIPE_PUBLISHABLE_KEY?: string },
  payments?: { emulatorUrl: string | null },
): CspOptions {
  return {
    publicOrigin: config.publicOrigin,
    stripePublishableKey: config.STRIPE_PUBLISHABLE_KEY ?? null,
    mediaHosts: [],
    paymentEmulatorOrigin: payments?.emulatorUrl ? new URL(payments.emulatorUrl).origin : null,
  };
}

const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** Plain HTTP on a loopback host: the local demo and the browser tests. */
export function isLoopbackHttp(origin: string): boolean {
  const url = new URL(origin);
  return url.protocol === "http:" && LOOPBACK_HOSTS.has(url.hostname);
}

/** A publishable key of a real Stripe account (not the local emulator's). */
export function isRealStripeKey(key: string | null | undefined): boolean {
  return typeof key === "string" && /^pk_(live|test)_[A-Za-z0-9]{16,}$/.test(key);
}

/** The policy's directives, in order; values are source lists. */
export function cspDirectives(options: CspOptions): [string, string[]][] {
  const origin = new URL(options.publicOrigin);
  const websocket = `${origin.protocol === "https:" ? "wss:" : "ws:"}//${origin.host}`;
  const stripe = isRealStripeKey(options.stripePublishableKey) ? STRIPE_SOURCES : null;
  const emulator = options.paymentEmulatorOrigin ? [new URL(options.paymentEmulatorOrigin).origin] : [];
  const directives: [string, string[]][] = [
    ["default-src", ["'self'"]],
    ["script-src", ["'self'", ...(stripe?.script ?? [])]],
    ["style-src", ["'self'"]],
    ["img-src", ["'self'", "data:", "blob:", ...(stripe?.img ?? [])]],
    ["media-src", ["'self'", "blob:"]],
    ["font-src", ["'self'"]],
    ["connect-src", ["'self'", websocket, ...(options.mediaHosts ?? []), ...(stripe?.connect ?? []), ...emulator]],
    ["frame-src", stripe || emulator.length ? [...(stripe?.frame ?? []), ...emulator] : ["'none'"]],
    ["worker-src", ["'self'"]],
    ["manifest-src", ["'self'"]],
    ["object-src", ["'none'"]],
    ["base-uri", ["'none'"]],
    ["form-action", ["'self'"]],
    ["frame-ancestors", ["'none'"]],
  ];
  // Only the app's own "default" policy (pwa/src/app/trusted-types.ts: the service worker's URL, nothing else)
  // and ProseMirror's clipboard policy (pasted HTML parsed in a detached document, where no script runs).
  if (TRUSTED_TYPES) {
    directives.push(["require-trusted-types-for", ["'script'"]], ["trusted-types", ["default", "ProseMirrorClipboard"]]);
  }
  if (!isLoopbackHttp(options.publicOrigin)) directives.push(["upgrade-insecure-requests", []]);
  directives.push(["report-uri", [CSP_REPORT_PATH]], ["report-to", ["csp"]]);
  return directives;
}

export function buildCsp(options: CspOptions): string {
  return cspDirectives(options).map(([name, sources]) => [name, ...sources].join(" ")).join("; ");
}

/** Camera and microphone for video visits on this origin only; the rest off. */
export const PERMISSIONS_POLICY =
  "camera=(self), microphone=(self), display-capture=(), geolocation=(), payment=(self), usb=(), serial=()";

/**
 * Sets the policy (with its reporting endpoint) on every HTML answer, and the
 * companions (nosniff, no referrer, permissions) on every answer.
 */
export function securityPolicy(options: CspOptions): MiddlewareHandler {
  const policy = buildCsp(options);
  return async (c, next) => {
    await next();
    c.header("X-Content-Type-Options", "nosniff");
    c.header("Referrer-Policy", "no-referrer");
    c.header("Permissions-Policy", PERMISSIONS_POLICY);
    const type = c.res.headers.get("content-type") ?? "";
    if (type.toLowerCase().startsWith("text/html")) {
      c.header("Content-Security-Policy", policy);
      c.header("Reporting-Endpoints", `csp="${CSP_REPORT_PATH}"`);
    }
  };
}
