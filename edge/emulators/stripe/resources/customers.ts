/** Customers: create, retrieve, update (invoice_settings.default_payment_method), delete, list. */
import { asString, invalid, type Params, required } from "../form.ts";
import { type Core, expandList, matchesRange, mergeMetadata } from "../core.ts";
import { route, type Route } from "../router.ts";
import type { StoredObject } from "../store.ts";
import { attachPaymentMethod } from "./payment-methods.ts";

export function customerRoutes(core: Core): Route[] {
  return [
    route("POST", "/v1/customers", ({ params }) => {
      const customer = core.insert({
        id: core.id("cus"),
        object: "customer",
        address: null,
        balance: 0,
        created: core.now(),
        currency: null,
        default_source: null,
        delinquent: false,
        description: null,
        discount: null,
        email: null,
        invoice_prefix: core.id("").slice(1, 9).toUpperCase(),
        invoice_settings: { custom_fields: null, default_payment_method: null, footer: null, rendering_options: null },
        livemode: false,
        metadata: {},
        name: null,
        next_invoice_sequence: 1,
        phone: null,
        preferred_locales: [],
        shipping: null,
        tax_exempt: "none",
        test_clock: null,
      });
      const testClock = asString(params.test_clock, "test_clock");
      if (testClock) customer.test_clock = core.store.need("test_helpers.test_clock", testClock, "test_clock", "test clock").id;
      // Like Stripe, `payment_method` attaches the card but does not make it the default.
      if (params.payment_method) attachPaymentMethod(core, asString(params.payment_method, "payment_method")!, customer.id);
      applyFields(core, customer, params);
      core.emit("customer.created", customer);
      return core.out(customer, expandList(params));
    }),
    route("GET", "/v1/customers/search", ({ params }) => {
      const query = required(asString(params.query, "query"), "query");
      const items = core.store.all("customer", (c) => matchesQuery(c, query));
      return { ...core.list("/v1/customers/search", items, { limit: params.limit }), object: "search_result", next_page: null };
    }),
    route("GET", "/v1/customers/:id", ({ params, path }) => {
      // Like Stripe, a deleted customer still answers, as a stub saying so.
      const found = core.store.get(path.id);
      if (found?.object === "customer" && found.deleted) return { id: found.id, object: "customer", deleted: true };
      return core.out(core.store.need("customer", path.id, "id"), expandList(params));
    }),
    route("POST", "/v1/customers/:id", ({ params, path }) => {
      const customer = core.store.need("customer", path.id, "id");
      const before = structuredClone(customer);
      applyFields(core, customer, params);
      core.emit("customer.updated", customer, changed(before, customer));
      return core.out(customer, expandList(params));
    }),
    route("DELETE", "/v1/customers/:id", ({ path }) => {
      const customer = core.store.need("customer", path.id, "id");
      for (const sub of core.store.all("subscription", (s) => s.customer === customer.id && !isEnded(s))) {
        sub.status = "canceled";
        sub.canceled_at = sub.ended_at = core.now();
        core.emit("customer.subscription.deleted", sub);
      }
      customer.deleted = true;
      core.emit("customer.deleted", customer);
      return { id: customer.id, object: "customer", deleted: true };
    }),
    route("GET", "/v1/customers", ({ params }) => {
      const email = asString(params.email, "email");
      const items = core.store.all("customer", (c) => (!email || c.email === email) && matchesRange(c.created!, params.created));
      return core.list("/v1/customers", items, params);
    }),
  ];
}

function isEnded(sub: StoredObject): boolean {
  return sub.status === "canceled" || sub.status === "incomplete_expired";
}

function applyFields(core: Core, customer: StoredObject, params: Params): void {
  for (const field of ["email", "name", "phone", "description"] as const) {
    const value = asString(params[field], field);
    if (value !== undefined) customer[field] = value === "" ? null : value;
  }
  customer.metadata = mergeMetadata(customer.metadata, params.metadata);
  const settings = params.invoice_settings;
  if (settings !== undefined) {
    if (typeof settings !== "object") throw invalid("Invalid invoice_settings: must be an object", "invoice_settings");
    const pmId = asString(settings.default_payment_method, "invoice_settings[default_payment_method]");
    if (pmId === "") customer.invoice_settings.default_payment_method = null;
    else if (pmId !== undefined) {
      const pm = core.store.get(pmId);
      if (!pm || pm.object !== "payment_method" || pm.customer !== customer.id) {
        throw invalid(
          `No such PaymentMethod: '${pmId}'; It's possible this PaymentMethod exists on one of your connected accounts, in which case you should retry this request on that connected account.`,
          "invoice_settings[default_payment_method]",
        );
      }
      customer.invoice_settings.default_payment_method = pmId;
    }
  }
}

export function changed(before: StoredObject, after: StoredObject): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(after)) {
    if (key.startsWith("_")) continue;
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) out[key] = before[key] ?? null;
  }
  return out;
}

/**
 * Stripe's search language, the part the product needs: clauses `field:'value'` (email, name, phone) and
 * `metadata['key']:'value'`, joined by AND. Anything else is refused rather than silently matching nothing.
 */
export function matchesQuery(customer: StoredObject, query: string): boolean {
  const clauses = query.split(/\s+AND\s+/i);
  return clauses.every((clause) => {
    const meta = /^metadata\[['"]([^'"]+)['"]\]:['"]([^'"]*)['"]$/.exec(clause.trim());
    if (meta) return customer.metadata?.[meta[1]] === meta[2];
    const field = /^(email|name|phone):['"]([^'"]*)['"]$/.exec(clause.trim());
    if (field) return customer[field[1]] === field[2];
    throw invalid(`The emulator's search supports field:'value' (email, name, phone) and metadata['key']:'value' joined by AND, not: ${clause}`, "query");
  });
}
