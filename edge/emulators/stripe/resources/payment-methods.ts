/**
 * Payment methods (cards only): created from a test card number (what Stripe.js does with a publishable key) or
 * from a `pm_card_*` test id, attached to / detached from customers, listed.
 */
import { asInt, asString, invalid, type Params, required, StripeError } from "../form.ts";
import { type Core, expandList, mergeMetadata } from "../core.ts";
import { route, type Route } from "../router.ts";
import type { StoredObject } from "../store.ts";
import { type CardOutcome, TEST_PAYMENT_METHODS, type TestCard, testCard } from "../cards.ts";

export function paymentMethodRoutes(core: Core): Route[] {
  return [
    route("POST", "/v1/payment_methods", ({ params }) => {
      const type = asString(params.type, "type") ?? "card";
      if (type !== "card") throw invalid(`The emulator supports only type=card, not ${type}.`, "type");
      const card = params.card;
      if (!card || typeof card !== "object") throw new StripeError(400, { type: "invalid_request_error", code: "parameter_missing", param: "card", message: "Missing required param: card." });
      const pm = createFromNumber(core, {
        number: required(asString(card.number, "card[number]"), "card[number]").replace(/\s+/g, ""),
        expMonth: required(asInt(card.exp_month, "card[exp_month]"), "card[exp_month]"),
        expYear: required(asInt(card.exp_year, "card[exp_year]"), "card[exp_year]"),
        cvc: asString(card.cvc, "card[cvc]"),
      });
      applyDetails(pm, params);
      return core.out(pm, expandList(params));
    }, true),
    route("GET", "/v1/payment_methods/:id", ({ params, path }) => core.out(resolvePaymentMethod(core, path.id), expandList(params))),
    route("POST", "/v1/payment_methods/:id", ({ params, path }) => {
      const pm = core.store.need("payment_method", path.id, "id", "PaymentMethod");
      applyDetails(pm, params);
      if (params.card?.exp_month) pm.card.exp_month = asInt(params.card.exp_month, "card[exp_month]");
      if (params.card?.exp_year) pm.card.exp_year = asInt(params.card.exp_year, "card[exp_year]");
      if (pm.customer) core.emit("payment_method.updated", pm);
      return core.out(pm, expandList(params));
    }),
    route("POST", "/v1/payment_methods/:id/attach", ({ params, path }) => {
      const customer = required(asString(params.customer, "customer"), "customer");
      return core.out(attachPaymentMethod(core, path.id, customer), expandList(params));
    }),
    route("POST", "/v1/payment_methods/:id/detach", ({ params, path }) => {
      const pm = core.store.need("payment_method", path.id, "id", "PaymentMethod");
      if (!pm.customer) {
        throw invalid("The payment method you provided is not attached to a customer so detachment is impossible.");
      }
      const customer = core.store.get(pm.customer);
      pm.customer = null;
      if (customer?.invoice_settings.default_payment_method === pm.id) {
        customer.invoice_settings.default_payment_method = null;
        core.emit("customer.updated", customer, { invoice_settings: { ...customer.invoice_settings, default_payment_method: pm.id } });
      }
      core.emit("payment_method.detached", pm, { customer: customer?.id ?? null });
      return core.out(pm, expandList(params));
    }),
    route("GET", "/v1/payment_methods", ({ params }) => {
      const customer = required(asString(params.customer, "customer"), "customer");
      core.store.need("customer", customer, "customer");
      return core.list("/v1/payment_methods", core.store.all("payment_method", (pm) => pm.customer === customer), params);
    }),
    route("GET", "/v1/customers/:id/payment_methods", ({ params, path }) => {
      core.store.need("customer", path.id, "customer");
      return core.list(`/v1/customers/${path.id}/payment_methods`, core.store.all("payment_method", (pm) => pm.customer === path.id), params);
    }),
    route("GET", "/v1/customers/:customer/payment_methods/:id", ({ params, path }) => {
      const pm = core.store.need("payment_method", path.id, "id", "PaymentMethod");
      if (pm.customer !== path.customer) throw invalid(`No such PaymentMethod: '${path.id}'`, "id");
      return core.out(pm, expandList(params));
    }),
  ];
}

function applyDetails(pm: StoredObject, params: Params): void {
  const b = params.billing_details;
  if (b && typeof b === "object") {
    for (const field of ["email", "name", "phone"]) {
      const v = asString(b[field], `billing_details[${field}]`);
      if (v !== undefined) pm.billing_details[field] = v === "" ? null : v;
    }
    if (b.address && typeof b.address === "object") Object.assign(pm.billing_details.address, b.address);
  }
  pm.metadata = mergeMetadata(pm.metadata, params.metadata);
}

export function createFromNumber(core: Core, input: { number: string; expMonth: number; expYear: number; cvc?: string }): StoredObject {
  const card = testCard(input.number);
  if (!card) {
    throw new StripeError(402, { type: "card_error", code: "incorrect_number", param: "card[number]", message: "Your card number is incorrect." });
  }
  if (input.expMonth < 1 || input.expMonth > 12) {
    throw new StripeError(402, { type: "card_error", code: "invalid_expiry_month", param: "card[exp_month]", message: "Your card's expiration month is invalid." });
  }
  const year = input.expYear < 100 ? 2000 + input.expYear : input.expYear;
  const today = new Date(core.now() * 1000);
  if (year < today.getUTCFullYear() || (year === today.getUTCFullYear() && input.expMonth < today.getUTCMonth() + 1)) {
    throw new StripeError(402, { type: "card_error", code: "invalid_expiry_year", param: "card[exp_year]", message: "Your card's expiration year is invalid." });
  }
  if (input.cvc !== undefined && !/^\d{3,4}$/.test(input.cvc)) {
    throw new StripeError(402, { type: "card_error", code: "invalid_cvc", param: "card[cvc]", message: "Your card's security code is invalid." });
  }
  return insertCard(core, card, input.expMonth, year);
}

function insertCard(core: Core, card: TestCard, expMonth: number, expYear: number): StoredObject {
  return core.insert({
    id: core.id("pm"),
    object: "payment_method",
    allow_redisplay: "unspecified",
    billing_details: {
      address: { city: null, country: null, line1: null, line2: null, postal_code: null, state: null },
      email: null,
      name: null,
      phone: null,
    },
    card: {
      brand: card.brand,
      checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: "unchecked" },
      country: "US",
      display_brand: card.brand,
      exp_month: expMonth,
      exp_year: expYear,
      fingerprint: fingerprint(card.number),
      funding: card.funding,
      generated_from: null,
      last4: card.number.slice(-4),
      networks: { available: [card.brand], preferred: null },
      three_d_secure_usage: { supported: true },
      wallet: null,
    },
    created: core.now(),
    customer: null,
    livemode: false,
    metadata: {},
    type: "card",
    _number: card.number,
    _authenticated: false,
  });
}

function fingerprint(number: string): string {
  let h = 0;
  for (const ch of number) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  return h.toString(36).padStart(16, "x").slice(0, 16);
}

/** A stored payment method, or a fresh one made from a `pm_card_*` test id (as Stripe does on each use). */
export function resolvePaymentMethod(core: Core, id: string, param = "payment_method"): StoredObject {
  const number = TEST_PAYMENT_METHODS[id];
  if (number) {
    const year = new Date(core.now() * 1000).getUTCFullYear() + 3;
    return insertCard(core, testCard(number)!, 12, year);
  }
  return core.store.need("payment_method", id, param, "PaymentMethod");
}

export function cardOf(pm: StoredObject): TestCard {
  return testCard(pm._number)!;
}

/** What a charge on this card does now: the card's own behaviour unless a test forced another one. */
export function chargeOutcome(pm: StoredObject): CardOutcome {
  return pm._forcedOutcome ?? cardOf(pm).charge;
}

/** Attach validates the card like Stripe does: a declining card cannot be attached. */
export function attachPaymentMethod(core: Core, id: string, customerId: string): StoredObject {
  const customer = core.store.need("customer", customerId, "customer");
  const pm = resolvePaymentMethod(core, id);
  if (pm.customer && pm.customer !== customer.id) {
    throw invalid("The payment method you provided has already been attached to a customer.");
  }
  if (pm.customer === customer.id) return pm;
  const outcome = cardOf(pm).attach;
  if (outcome.kind === "decline") {
    throw new StripeError(402, { type: "card_error", code: outcome.code, decline_code: outcome.decline_code, message: outcome.message, param: "" });
  }
  pm.customer = customer.id;
  core.emit("payment_method.attached", pm);
  return pm;
}
