/** Setup intents: save a card for later, with 3-D Secure when the card asks for it. */
import { asString, type Params, StripeError } from "../form.ts";
import { type Core, expandList, mergeMetadata } from "../core.ts";
import { route, type Route } from "../router.ts";
import type { StoredObject } from "../store.ts";
import { requireAction, succeedSetup } from "../charging.ts";
import { cardOf, resolvePaymentMethod } from "./payment-methods.ts";
import { unexpectedState } from "./payment-intents.ts";

export function setupIntentRoutes(core: Core): Route[] {
  const need = (id: string) => core.store.need("setup_intent", id, "intent", "setupintent");
  return [
    route("POST", "/v1/setup_intents", ({ params }) => {
      const customer = asString(params.customer, "customer");
      if (customer) core.store.need("customer", customer, "customer");
      const id = core.id("seti");
      const si = core.insert({
        id,
        object: "setup_intent",
        application: null,
        cancellation_reason: null,
        client_secret: `${id}_secret_${core.id("x").slice(2)}`,
        created: core.now(),
        customer: customer ?? null,
        description: asString(params.description, "description") || null,
        last_setup_error: null,
        latest_attempt: null,
        livemode: false,
        mandate: null,
        metadata: mergeMetadata({}, params.metadata),
        next_action: null,
        on_behalf_of: null,
        payment_method: null,
        payment_method_types: ["card"],
        single_use_mandate: null,
        status: "requires_payment_method",
        usage: asString(params.usage, "usage") ?? "off_session",
      });
      if (params.payment_method) setPm(core, si, params.payment_method);
      core.emit("setup_intent.created", si);
      if (params.confirm === "true") confirmSetup(core, si, params);
      return core.out(si, expandList(params));
    }),
    route("GET", "/v1/setup_intents/:id", (req) => {
      const si = need(req.path.id);
      checkSecret(req.key, req.params, si);
      return core.out(si, expandList(req.params));
    }, true),
    route("POST", "/v1/setup_intents/:id", ({ params, path }) => {
      const si = need(path.id);
      if (params.payment_method) setPm(core, si, params.payment_method);
      si.metadata = mergeMetadata(si.metadata, params.metadata);
      return core.out(si, expandList(params));
    }),
    route("POST", "/v1/setup_intents/:id/confirm", (req) => {
      const si = need(req.path.id);
      checkSecret(req.key, req.params, si);
      confirmSetup(core, si, req.params);
      return core.out(si, expandList(req.params));
    }, true),
    route("POST", "/v1/setup_intents/:id/cancel", ({ params, path }) => {
      const si = need(path.id);
      if (si.status === "succeeded" || si.status === "canceled") throw unexpectedState(si, "cancel");
      si.status = "canceled";
      si.next_action = null;
      si.cancellation_reason = asString(params.cancellation_reason, "cancellation_reason") ?? null;
      core.emit("setup_intent.canceled", si);
      return core.out(si, expandList(params));
    }),
    route("GET", "/v1/setup_intents", ({ params }) => {
      const customer = asString(params.customer, "customer");
      return core.list("/v1/setup_intents", core.store.all("setup_intent", (s) => !customer || s.customer === customer), params);
    }),
  ];
}

function setPm(core: Core, si: StoredObject, id: unknown): void {
  const pm = resolvePaymentMethod(core, asString(id, "payment_method")!);
  si.payment_method = pm.id;
  if (si.status === "requires_payment_method") si.status = "requires_confirmation";
}

function confirmSetup(core: Core, si: StoredObject, params: Params): void {
  if (!["requires_payment_method", "requires_confirmation", "requires_action"].includes(si.status)) throw unexpectedState(si, "confirm");
  if (params.payment_method) setPm(core, si, params.payment_method);
  if (!si.payment_method) {
    throw new StripeError(400, { type: "invalid_request_error", code: "setup_intent_unexpected_state", message: "You cannot confirm this SetupIntent because it's missing a payment method." });
  }
  const pm = core.store.need("payment_method", si.payment_method, "payment_method", "PaymentMethod");
  const outcome = cardOf(pm).attach;
  if (outcome.kind === "decline") {
    const error = { type: "card_error", code: outcome.code, decline_code: outcome.decline_code, message: outcome.message, payment_method: core.out(pm) };
    si.status = "requires_payment_method";
    si.last_setup_error = error;
    core.emit("setup_intent.setup_failed", si);
    throw new StripeError(402, { ...error, setup_intent: core.out(si) });
  }
  if (outcome.kind === "ok") succeedSetup(core, si, pm);
  else requireAction(core, si, asString(params.return_url, "return_url") ?? null);
}

function checkSecret(key: "secret" | "publishable", params: Params, si: StoredObject): void {
  if (key === "secret") return;
  if (params.client_secret !== si.client_secret) {
    throw new StripeError(400, { type: "invalid_request_error", code: "resource_missing", param: "client_secret", message: `No such setupintent: '${si.id}'` });
  }
}
