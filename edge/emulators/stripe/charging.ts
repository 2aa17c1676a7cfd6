/**
 * One payment attempt of a payment intent on its card, and the end of a 3-D Secure challenge: the charge, the
 * balance transaction, the intent's new status and the events — shared by the payment intent API and invoices.
 */
import { StripeError } from "./form.ts";
import type { Core } from "./core.ts";
import type { StoredObject } from "./store.ts";
import { chargeOutcome } from "./resources/payment-methods.ts";
import { DECLINES } from "./cards.ts";
import { recordChargeFunds } from "./resources/connect-funds.ts";

export type AttemptOptions = { offSession: boolean; returnUrl?: string | null };

/** Runs the attempt; returns the error Stripe would answer to a direct confirm, or null. */
export function attemptPayment(core: Core, pi: StoredObject, opts: AttemptOptions): StripeError | null {
  const pm = core.store.need("payment_method", pi.payment_method, "payment_method", "PaymentMethod");
  let outcome = chargeOutcome(pm);
  if (outcome.kind === "auth_setup") {
    outcome = pm._authenticated ? { kind: "ok" } : opts.offSession ? DECLINES.authentication : outcome;
  }
  if (outcome.kind === "auth_always" && opts.offSession) outcome = DECLINES.authentication;
  if (outcome.kind === "ok") {
    succeed(core, pi, pm);
    return null;
  }
  if (outcome.kind === "decline") return decline(core, pi, pm, outcome);
  requireAction(core, pi, opts.returnUrl ?? null);
  return null;
}

export function requireAction(core: Core, intent: StoredObject, returnUrl: string | null): void {
  intent.status = "requires_action";
  const page = `${core.publicUrl()}/_emulator/3ds/${intent.id}`;
  intent.next_action = returnUrl
    ? { type: "redirect_to_url", redirect_to_url: { url: `${page}?return_url=${encodeURIComponent(returnUrl)}`, return_url: returnUrl } }
    : { type: "use_stripe_sdk", use_stripe_sdk: { type: "three_d_secure_redirect", stripe_js: page, source: intent.payment_method } };
  const kind = intent.object === "payment_intent" ? "payment_intent" : "setup_intent";
  core.emit(`${kind}.requires_action`, intent);
  if (kind === "payment_intent") core.intentListeners.forEach((fn) => fn(intent));
}

function succeed(core: Core, pi: StoredObject, pm: StoredObject): void {
  const charge = insertCharge(core, pi, pm, null);
  pi.status = "succeeded";
  pi.amount_received = pi.amount;
  pi.latest_charge = charge.id;
  pi.next_action = null;
  pi.last_payment_error = null;
  if (pi.setup_future_usage && pi.customer && !pm.customer) {
    pm.customer = pi.customer;
    core.emit("payment_method.attached", pm);
  }
  recordChargeFunds(core, charge, pi);
  core.emit("charge.succeeded", charge);
  core.emit("payment_intent.succeeded", pi);
  core.intentListeners.forEach((fn) => fn(pi));
}

function decline(
  core: Core,
  pi: StoredObject,
  pm: StoredObject,
  outcome: { code: string; decline_code: string; message: string },
): StripeError {
  const charge = insertCharge(core, pi, pm, outcome);
  const error = {
    type: "card_error",
    code: outcome.code,
    decline_code: outcome.decline_code,
    message: outcome.message,
    charge: charge.id,
    payment_method: core.out(pm),
  };
  pi.status = "requires_payment_method";
  pi.last_payment_error = error;
  pi.latest_charge = charge.id;
  pi.next_action = null;
  core.emit("charge.failed", charge);
  core.emit("payment_intent.payment_failed", pi);
  core.intentListeners.forEach((fn) => fn(pi));
  return new StripeError(402, { ...error, payment_intent: core.out(pi) });
}

/** The end of the emulator's 3-D Secure page: Complete or Fail. */
export function finishAuthentication(core: Core, intent: StoredObject, success: boolean): void {
  if (intent.status !== "requires_action") return;
  const pm = core.store.need("payment_method", intent.payment_method, "payment_method", "PaymentMethod");
  if (intent.object === "setup_intent") {
    if (success) {
      pm._authenticated = true;
      succeedSetup(core, intent, pm);
    } else {
      intent.status = "requires_payment_method";
      intent.next_action = null;
      intent.last_setup_error = authenticationFailure("setup_intent", pm, core);
      core.emit("setup_intent.setup_failed", intent);
    }
    return;
  }
  if (success) {
    pm._authenticated = true;
    succeed(core, intent, pm);
  } else {
    intent.status = "requires_payment_method";
    intent.next_action = null;
    intent.last_payment_error = authenticationFailure("payment_intent", pm, core);
    core.emit("payment_intent.payment_failed", intent);
    core.intentListeners.forEach((fn) => fn(intent));
  }
}

function authenticationFailure(kind: string, pm: StoredObject, core: Core) {
  return {
    type: "invalid_request_error",
    code: `${kind}_authentication_failure`,
    message: `The provided PaymentMethod has failed authentication. You can provide payment_method_data or a new PaymentMethod to attempt to fulfill this ${kind === "setup_intent" ? "SetupIntent" : "PaymentIntent"} again.`,
    payment_method: core.out(pm),
  };
}

export function succeedSetup(core: Core, si: StoredObject, pm: StoredObject): void {
  si.status = "succeeded";
  si.next_action = null;
  si.last_setup_error = null;
  if (si.customer && pm.customer !== si.customer) {
    pm.customer = si.customer;
    core.emit("payment_method.attached", pm);
  }
  core.emit("setup_intent.succeeded", si);
}

function insertCharge(
  core: Core,
  pi: StoredObject,
  pm: StoredObject,
  failure: { code: string; decline_code: string; message: string } | null,
): StoredObject {
  return core.insert({
    id: core.id("ch"),
    object: "charge",
    amount: pi.amount,
    amount_captured: failure ? 0 : pi.amount,
    amount_refunded: 0,
    application_fee: null,
    application_fee_amount: pi.application_fee_amount ?? null,
    balance_transaction: null,
    billing_details: pm.billing_details,
    captured: !failure,
    created: core.now(),
    currency: pi.currency,
    customer: pi.customer,
    description: pi.description,
    destination: pi.transfer_data?.destination ?? null,
    disputed: false,
    failure_code: failure?.code ?? null,
    failure_message: failure?.message ?? null,
    livemode: false,
    metadata: pi.metadata,
    on_behalf_of: pi.on_behalf_of ?? null,
    outcome: failure
      ? { network_status: "declined_by_network", reason: failure.decline_code, risk_level: "normal", seller_message: "The bank did not return any further details with this decline.", type: "issuer_declined" }
      : { network_status: "approved_by_network", reason: null, risk_level: "normal", seller_message: "Payment complete.", type: "authorized" },
    paid: !failure,
    payment_intent: pi.id,
    payment_method: pm.id,
    payment_method_details: {
      type: "card",
      card: {
        brand: pm.card.brand,
        country: pm.card.country,
        exp_month: pm.card.exp_month,
        exp_year: pm.card.exp_year,
        fingerprint: pm.card.fingerprint,
        funding: pm.card.funding,
        last4: pm.card.last4,
        network: pm.card.brand,
      },
    },
    receipt_email: pi.receipt_email ?? null,
    receipt_url: null,
    refunded: false,
    refunds: { object: "list", data: [], has_more: false, url: "/v1/refunds" },
    status: failure ? "failed" : "succeeded",
    transfer: null,
    transfer_data: pi.transfer_data ?? null,
    transfer_group: pi.transfer_group ?? null,
  });
}
