/**
 * Trusted Types (the page's CSP says `require-trusted-types-for 'script'` and
 * `trusted-types default`; see edge/docs/security.md): no string reaches a
 * script sink (innerHTML, eval, script URLs) unless this policy lets it. The
 * one sink the app needs is the service worker's registration (workbox-window
 * hands `navigator.serviceWorker.register` a plain string): that exact URL
 * passes; and Tiptap parses an empty editor's content with DOMParser (an
 * inert document) as `<body></body>`: that exact string passes; with a real
 * Stripe key the card module's lazily loaded Stripe.js (`@stripe/stripe-js`
 * injects its one script, https://js.stripe.com/<train>/stripe.js) passes.
 * Everything else is refused. Imported first by main.tsx, before
 * anything registers or renders.
 */
/** vite-plugin-pwa's service worker (`injectManifest`, filename sw.ts → /sw.js). */
export const SERVICE_WORKER_URL = "/sw.js";

/** What Tiptap's `elementFromString` parses for an empty document (the notes' fields start empty; Yjs fills them). */
export const EMPTY_EDITOR_HTML = "<body></body>";

/** The script `@stripe/stripe-js` injects (its own STRIPE_JS_URL_REGEX), only on the Stripe Elements path. */
export const STRIPE_JS_URL = /^https:\/\/js\.stripe\.com\/(v3|[a-z]+)\/stripe\.js(\?[A-Za-z0-9=&_-]*)?$/;

type TrustedTypePolicyFactory = {
  createPolicy(
    name: string,
    rules: { createScriptURL?: (input: string) => string | null; createHTML?: (input: string) => string | null },
  ): unknown;
};

const factory = (globalThis as { trustedTypes?: TrustedTypePolicyFactory }).trustedTypes;
if (factory) {
  factory.createPolicy("default", {
    createScriptURL: (input) => (input === SERVICE_WORKER_URL || STRIPE_JS_URL.test(input) ? input : null),
    createHTML: (input) => (input === EMPTY_EDITOR_HTML ? input : null),
  });
}

// zod compiles object parsers with `new Function` when it may; the CSP has no 'unsafe-eval',
// so it is told not to even probe (the probe is itself a reported violation). zod keeps its settings in
// `globalThis.__zod_globalConfig` and takes that object over when it loads (zod/v4/core/core.js): setting
// it here, without importing zod, keeps zod out of the first script (issue 19) and still precedes any parse.
// The object is changed in place, so the setting also holds if zod has already loaded.
const zodHost = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
(zodHost.__zod_globalConfig ??= {}).jitless = true;
