/**
 * The emulator's own pages and dev endpoints (not Stripe's API): the 3-D Secure challenge, the Connect onboarding
 * page, the connected account's dashboard (where login links lead), and moving the clock. Plain HTML with form POSTs — no script — so a strict CSP on the app does not matter.
 */
import type { Hono } from "hono";
import type { Core } from "./core.ts";
import { finishAuthentication } from "./charging.ts";
import { finishOnboarding } from "./resources/connect.ts";
import { balanceOf } from "./resources/connect-funds.ts";

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)}</title><style>body{font:16px/1.5 system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem;color:#1a1a1a}
button{font:inherit;padding:.6rem 1.2rem;margin:.5rem .5rem 0 0;border-radius:6px;border:1px solid #555;background:#fff;cursor:pointer}
button.primary{background:#0a58ca;color:#fff;border-color:#0a58ca}.note{color:#555;font-size:.9rem}</style></head>
<body><main>${body}</main></body></html>`;
}

export function pageRoutes(app: Hono, core: Core, advance: (seconds: number) => Promise<void>): void {
  app.get("/_emulator/3ds/:id", (c) => {
    const intent = core.store.get(c.req.param("id"));
    if (!intent || (intent.object !== "payment_intent" && intent.object !== "setup_intent")) return c.html(page("Not found", "<h1>No such payment</h1>"), 404);
    const returnUrl = c.req.query("return_url") ?? "";
    const amount = intent.object === "payment_intent"
      ? `<p>Amount: <strong>${new Intl.NumberFormat("en-US", { style: "currency", currency: intent.currency }).format(intent.amount / 100)}</strong></p>`
      : "<p>Saving your card for future payments.</p>";
    const done = intent.status !== "requires_action"
      ? `<p role="status">This authentication is finished (status: ${esc(intent.status)}). You can close this window.</p>`
      : `<form method="post" action="/_emulator/3ds/${esc(intent.id)}"><input type="hidden" name="return_url" value="${esc(returnUrl)}">
<button class="primary" name="result" value="complete">Complete authentication</button><button name="result" value="fail">Fail authentication</button></form>`;
    return c.html(page("3-D Secure test authentication", `<h1>3-D Secure authentication</h1>${amount}${done}
<p class="note">Stripe emulator: this page stands in for the card issuer's challenge.</p>`));
  });
  app.post("/_emulator/3ds/:id", async (c) => {
    const intent = core.store.get(c.req.param("id"));
    if (!intent || (intent.object !== "payment_intent" && intent.object !== "setup_intent")) return c.html(page("Not found", "<h1>No such payment</h1>"), 404);
    const form = await c.req.parseBody();
    finishAuthentication(core, intent, form.result === "complete");
    core.store.save();
    const returnUrl = typeof form.return_url === "string" ? form.return_url : "";
    if (/^https?:\/\//.test(returnUrl)) {
      const target = new URL(returnUrl);
      target.searchParams.set(intent.object === "payment_intent" ? "payment_intent" : "setup_intent", intent.id);
      target.searchParams.set(intent.object === "payment_intent" ? "payment_intent_client_secret" : "setup_intent_client_secret", intent.client_secret);
      return c.redirect(target.toString(), 303);
    }
    const ok = intent.status === "succeeded";
    return c.html(page("Authentication finished", `<h1>${ok ? "Authentication complete" : "Authentication failed"}</h1>
<p role="status">${ok ? "You can close this window and return to the app." : "The payment was not authorised. Close this window and try again or use another card."}</p>`));
  });
  app.get("/_emulator/connect/onboarding/:id", (c) => {
    const link = core.store.get(`link:${c.req.param("id")}`);
    if (!link) return c.html(page("Expired", "<h1>This onboarding link has expired</h1>"), 404);
    // Used or expired links send the user to refresh_url, where the platform makes a new link (as Stripe does).
    if (link.deleted || link.expires_at < core.now()) return c.redirect(link.refresh_url, 303);
    return c.html(page("Payout account onboarding", `<h1>Set up your payout account</h1>
<p>Stripe emulator: this page stands in for Stripe's Express onboarding of account <code>${esc(link.account)}</code>.</p>
<form method="post" action="/_emulator/connect/onboarding/${esc(c.req.param("id"))}">
<button class="primary" name="result" value="complete">Complete onboarding</button><button name="result" value="incomplete">Leave incomplete</button></form>`));
  });
  app.post("/_emulator/connect/onboarding/:id", async (c) => {
    const link = core.store.get(`link:${c.req.param("id")}`);
    if (!link) return c.html(page("Expired", "<h1>This onboarding link has expired</h1>"), 404);
    if (link.deleted) return c.redirect(link.refresh_url, 303);
    const form = await c.req.parseBody();
    const target = finishOnboarding(core, link, form.result === "complete");
    core.store.save();
    return c.redirect(target, 303);
  });
  // Where `POST /v1/accounts/:id/login_links` leads: a read-only stand-in for the Express dashboard.
  app.get("/_emulator/connect/dashboard/:id", (c) => {
    const account = core.store.get(c.req.param("id"));
    if (!account || account.object !== "account" || account.deleted) return c.html(page("Not found", "<h1>No such account</h1>"), 404);
    const balance = balanceOf(core, account.id);
    const money = (rows: { amount: number; currency: string }[]) =>
      rows.map((r) => esc(new Intl.NumberFormat("en-US", { style: "currency", currency: r.currency }).format(r.amount / 100))).join(", ");
    const payouts = core.store.all("payout", (p) => p._account === account.id).slice(-10).reverse()
      .map((p) => `<li>${money([{ amount: p.amount, currency: p.currency }])} · ${esc(String(p.status))}</li>`).join("");
    return c.html(page("Payout dashboard", `<h1>Payout dashboard</h1>
<p>Stripe emulator: this page stands in for Stripe's Express dashboard of account <code>${esc(account.id)}</code>.</p>
<dl><dt>Payments</dt><dd>${account.charges_enabled ? "enabled" : "disabled"}</dd><dt>Payouts</dt><dd>${account.payouts_enabled ? "enabled" : "disabled"}</dd>
<dt>Available</dt><dd>${money(balance.available)}</dd><dt>Pending</dt><dd>${money(balance.pending)}</dd></dl>
<h2>Recent payouts</h2>${payouts ? `<ul>${payouts}</ul>` : "<p>No payouts yet.</p>"}
<p class="note">Close this page or use your browser's Back button to return to the app.</p>`));
  });
  app.post("/_emulator/clock/advance", async (c) => {
    const body = await c.req.json().catch(() => null) as { seconds?: unknown } | null;
    const seconds = typeof body?.seconds === "number" ? body.seconds : NaN;
    if (!Number.isFinite(seconds) || seconds < 0 || seconds > 5 * 365 * 86_400) {
      return c.json({ error: { type: "invalid_request_error", message: "Send JSON {\"seconds\": n} with 0 ≤ n ≤ 5 years." } }, 400);
    }
    await advance(seconds);
    return c.json({ now: core.now() });
  });
  app.get("/_emulator/clock", (c) => c.json({ now: core.now() }));
}
