/**
 * Payment intents: create (optionally confirm), retrieve, update, confirm (secret key, or publishable key with the
 * client secret, as Stripe.js does), cancel, list. Destination charges with `application_fee_amount` and
 * `transfer_data[destination]` for Connect.
 */
import { asBool, asInt, asString, invalid, type Params, required, StripeError } from "../form.ts";
import { type Core, expandList, matchesRange, mergeMetadata } from "../core.ts";
import { route, type Request, type Route } from "../router.ts";
import type { StoredObject } from "../store.ts";
import { attemptPayment } from "../charging.ts";
import { resolvePaymentMethod } from "./payment-methods.ts";

export function paymentIntentRoutes(core: Core): Route[] {
  return [
    route("POST", "/v1/payment_intents", ({ params }) => {
      const pi = createPaymentIntent(core, params);
      if (asBool(params.confirm, "confirm")) confirm(core, pi, params);
      return core.out(pi, expandList(params));
    }),
    route("GET", "/v1/payment_intents/:id", (req) => {
      const pi = core.store.need("payment_intent", req.path.id, "intent", "payment_intent");
      checkClientSecret(req, pi);
      return core.out(pi, expandList(req.params));
    }, true),
    route("POST", "/v1/payment_intents/:id", ({ params, path }) => {
      const pi = core.store.need("payment_intent", path.id, "intent", "payment_intent");
      if (pi.status === "succeeded" || pi.status === "canceled") throw unexpectedState(pi, "update");
      const amount = asInt(params.amount, "amount");
      if (amount !== undefined) pi.amount = checkAmount(amount);
      const description = asString(params.description, "description");
      if (description !== undefined) pi.description = description || null;
      if (params.payment_method) setPaymentMethod(core, pi, params.payment_method);
      pi.metadata = mergeMetadata(pi.metadata, params.metadata);
      return core.out(pi, expandList(params));
    }),
    route("POST", "/v1/payment_intents/:id/confirm", (req) => {
      const pi = core.store.need("payment_intent", req.path.id, "intent", "payment_intent");
      checkClientSecret(req, pi);
      confirm(core, pi, req.params);
      return core.out(pi, expandList(req.params));
    }, true),
    route("POST", "/v1/payment_intents/:id/cancel", ({ params, path }) => {
      const pi = core.store.need("payment_intent", path.id, "intent", "payment_intent");
      if (pi.status === "succeeded" || pi.status === "canceled") throw unexpectedState(pi, "cancel");
      if (pi._invoice) throw invalid("You cannot cancel this PaymentIntent because it was created by an invoice.");
      pi.status = "canceled";
      pi.canceled_at = core.now();
      pi.cancellation_reason = asString(params.cancellation_reason, "cancellation_reason") ?? null;
      pi.next_action = null;
      core.emit("payment_intent.canceled", pi);
      return core.out(pi, expandList(params));
    }),
    route("GET", "/v1/payment_intents", ({ params }) => {
      const customer = asString(params.customer, "customer");
      const items = core.store.all("payment_intent", (p) => (!customer || p.customer === customer) && matchesRange(p.created!, params.created));
      return core.list("/v1/payment_intents", items, params);
    }),
  ];
}

function checkAmount(amount: number): number {
  if (amount < 50) {
    throw new StripeError(400, { type: "invalid_request_error", code: "amount_too_small", param: "amount", message: "Amount must be at least $0.50 usd" });
  }
  if (amount > 99_999_999) {
    throw new StripeError(400, { type: "invalid_request_error", code: "amount_too_large", param: "amount", message: "Amount must be no more than $999,999.99" });
  }
  return amount;
}

export function createPaymentIntent(core: Core, params: Params, extra: Partial<StoredObject> = {}): StoredObject {
  const amount = checkAmount(required(asInt(params.amount, "amount"), "amount"));
  const currency = required(asString(params.currency, "currency"), "currency").toLowerCase();
  const customer = asString(params.customer, "customer");
  if (customer) core.store.need("customer", customer, "customer");
  const destination = asString(params.transfer_data?.destination, "transfer_data[destination]");
  if (destination) core.store.need("account", destination, "transfer_data[destination]");
  const fee = asInt(params.application_fee_amount, "application_fee_amount");
  if (fee !== undefined && (fee < 0 || fee > amount)) throw invalid("application_fee_amount must be between 0 and the amount", "application_fee_amount");
  if (fee !== undefined && !destination && !params.on_behalf_of) {
    throw invalid("Can only apply an application_fee_amount when the PaymentIntent is attempting a direct payment (using an OAuth key or Stripe-Account header) or destination payment (using `transfer_data[destination]`).", "application_fee_amount");
  }
  const id = core.id("pi");
  const pi = core.insert({
    id,
    object: "payment_intent",
    amount,
    amount_capturable: 0,
    amount_received: 0,
    application: null,
    application_fee_amount: fee ?? null,
    automatic_payment_methods: null,
    canceled_at: null,
    cancellation_reason: null,
    capture_method: "automatic",
    client_secret: `${id}_secret_${core.id("x").slice(2)}`,
    confirmation_method: "automatic",
    created: core.now(),
    currency,
    customer: customer ?? null,
    description: asString(params.description, "description") || null,
    last_payment_error: null,
    latest_charge: null,
    livemode: false,
    metadata: mergeMetadata({}, params.metadata),
    next_action: null,
    on_behalf_of: asString(params.on_behalf_of, "on_behalf_of") ?? null,
    payment_method: null,
    payment_method_types: ["card"],
    receipt_email: asString(params.receipt_email, "receipt_email") ?? null,
    setup_future_usage: asString(params.setup_future_usage, "setup_future_usage") ?? null,
    statement_descriptor: null,
    status: "requires_payment_method",
    transfer_data: destination ? { destination, ...(params.transfer_data.amount ? { amount: asInt(params.transfer_data.amount, "transfer_data[amount]") } : {}) } : null,
    transfer_group: asString(params.transfer_group, "transfer_group") ?? null,
    ...extra,
  });
  if (params.payment_method) setPaymentMethod(core, pi, params.payment_method);
  core.emit("payment_intent.created", pi);
  return pi;
}

function setPaymentMethod(core: Core, pi: StoredObject, id: unknown): void {
  const pm = resolvePaymentMethod(core, required(asString(id, "payment_method"), "payment_method"));
  if (pm.customer && pi.customer && pm.customer !== pi.customer) {
    throw invalid(`The provided PaymentMethod ${pm.id} belongs to another customer.`, "payment_method");
  }
  if (pm.customer && !pi.customer) {
    throw invalid("The provided PaymentMethod was previously used with a PaymentIntent without Customer attachment, shared with a connected account without Customer attachment, or was detached from a Customer. It may not be used again.", "payment_method");
  }
  pi.payment_method = pm.id;
  if (pi.status === "requires_payment_method") pi.status = "requires_confirmation";
}

/** Confirms: a decline answers Stripe's 402 card error (with the intent inside); 3-D Secure leaves requires_action. */
export function confirm(core: Core, pi: StoredObject, params: Params): void {
  if (!["requires_payment_method", "requires_confirmation", "requires_action"].includes(pi.status)) throw unexpectedState(pi, "confirm");
  if (params.payment_method) setPaymentMethod(core, pi, params.payment_method);
  if (!pi.payment_method) {
    throw new StripeError(400, {
      type: "invalid_request_error",
      code: "payment_intent_unexpected_state",
      message: "You cannot confirm this PaymentIntent because it's missing a payment method. To confirm the PaymentIntent with cus, specify a payment method attached to this customer along with the customer ID.",
    });
  }
  const sfu = asString(params.setup_future_usage, "setup_future_usage");
  if (sfu) pi.setup_future_usage = sfu;
  const offSession = params.off_session === "true" || params.off_session === "one_off" || params.off_session === "recurring";
  const error = attemptPayment(core, pi, { offSession, returnUrl: asString(params.return_url, "return_url") ?? null });
  if (error) throw error;
}

function checkClientSecret(req: Request, pi: StoredObject): void {
  if (req.key === "secret") return;
  if (req.params.client_secret !== pi.client_secret) {
    throw new StripeError(400, { type: "invalid_request_error", code: "resource_missing", param: "client_secret", message: `No such payment_intent: '${pi.id}'` });
  }
}

export function unexpectedState(intent: StoredObject, action: string): StripeError {
  const label = intent.object === "setup_intent" ? "SetupIntent" : "PaymentIntent";
  return new StripeError(400, {
    type: "invalid_request_error",
    code: `${intent.object}_unexpected_state`,
    message: `You cannot ${action} this ${label} because it has a status of ${intent.status}.`,
  });
}
