/** Charges (read-only here: they come from payment intents), refunds (full or partial), balance transactions. */
import { asInt, asString, invalid, required, StripeError } from "../form.ts";
import { type Core, expandList, mergeMetadata } from "../core.ts";
import { route, type Route } from "../router.ts";
import type { StoredObject } from "../store.ts";
import { insertBalanceTransaction, PLATFORM } from "./connect-funds.ts";

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

export function chargeRoutes(core: Core): Route[] {
  const visibleCharge = (c: StoredObject) => !c._hidden;
  return [
    route("GET", "/v1/charges/:id", ({ params, path }) => {
      const charge = core.store.need("charge", path.id, "charge");
      return core.out(charge, expandList(params));
    }),
    route("GET", "/v1/charges", ({ params }) => {
      const customer = asString(params.customer, "customer");
      const pi = asString(params.payment_intent, "payment_intent");
      const items = core.store.all("charge", (c) => visibleCharge(c) && (!customer || c.customer === customer) && (!pi || c.payment_intent === pi));
      return core.list("/v1/charges", items, params);
    }),
    route("POST", "/v1/refunds", ({ params }) => {
      const refund = createRefund(core, {
        charge: asString(params.charge, "charge"),
        paymentIntent: asString(params.payment_intent, "payment_intent"),
        amount: asInt(params.amount, "amount"),
        reason: asString(params.reason, "reason"),
        metadata: mergeMetadata({}, params.metadata),
        reverseTransfer: params.reverse_transfer === "true",
        refundApplicationFee: params.refund_application_fee === "true",
      });
      return core.out(refund, expandList(params));
    }),
    route("GET", "/v1/refunds/:id", ({ params, path }) => core.out(core.store.need("refund", path.id, "refund"), expandList(params))),
    route("GET", "/v1/refunds", ({ params }) => {
      const charge = asString(params.charge, "charge");
      const pi = asString(params.payment_intent, "payment_intent");
      const items = core.store.all("refund", (r) => (!charge || r.charge === charge) && (!pi || r.payment_intent === pi));
      return core.list("/v1/refunds", items, params);
    }),
    route("GET", "/v1/balance_transactions/:id", ({ params, path, account }) => {
      const txn = core.store.need("balance_transaction", path.id, "id", "balance transaction");
      if (txn._account !== (account ?? PLATFORM)) throw new StripeError(404, { type: "invalid_request_error", code: "resource_missing", message: `No such balance transaction: '${path.id}'` });
      return core.out(withStatus(core, txn), expandList(params));
    }),
    route("GET", "/v1/balance_transactions", ({ params, account }) => {
      const type = asString(params.type, "type");
      const payout = asString(params.payout, "payout");
      const source = asString(params.source, "source");
      const items = core.store.all(
        "balance_transaction",
        (t) => t._account === (account ?? PLATFORM) && (!type || t.type === type) && (!payout || t._payout === payout) && (!source || t.source === source),
      );
      items.forEach((t) => withStatus(core, t));
      return core.list("/v1/balance_transactions", items, params);
    }),
  ];
}

function withStatus(core: Core, txn: StoredObject): StoredObject {
  txn.status = txn.available_on <= core.now() ? "available" : "pending";
  return txn;
}

export function createRefund(
  core: Core,
  input: { charge?: string; paymentIntent?: string; amount?: number; reason?: string; metadata: Record<string, string>; reverseTransfer: boolean; refundApplicationFee: boolean },
): StoredObject {
  let charge: StoredObject;
  if (input.charge) charge = core.store.need("charge", input.charge, "charge");
  else {
    const pi = core.store.need("payment_intent", required(input.paymentIntent, "charge"), "payment_intent");
    if (!pi.latest_charge || pi.status !== "succeeded") {
      throw invalid(`This PaymentIntent (${pi.id}) does not have a successful charge to refund.`, "payment_intent");
    }
    charge = core.store.need("charge", pi.latest_charge, "payment_intent");
  }
  if (charge.status !== "succeeded") throw invalid(`Charge ${charge.id} has not succeeded; it cannot be refunded.`, "charge");
  const remaining = charge.amount - charge.amount_refunded;
  if (remaining <= 0) {
    throw new StripeError(400, { type: "invalid_request_error", code: "charge_already_refunded", message: `Charge ${charge.id} has already been refunded.` });
  }
  const amount = input.amount ?? remaining;
  if (amount <= 0) throw invalid("Invalid positive integer", "amount");
  if (amount > remaining) {
    throw new StripeError(400, {
      type: "invalid_request_error",
      code: "amount_too_large",
      param: "amount",
      message: `Refund amount (${dollars(amount)}) is greater than unrefunded amount on charge (${dollars(remaining)})`,
    });
  }
  if (input.reason && !["duplicate", "fraudulent", "requested_by_customer"].includes(input.reason)) {
    throw invalid("Invalid reason: must be one of duplicate, fraudulent, or requested_by_customer", "reason");
  }
  const refund = core.insert({
    id: core.id("re"),
    object: "refund",
    amount,
    balance_transaction: null,
    charge: charge.id,
    created: core.now(),
    currency: charge.currency,
    destination_details: { type: "card", card: { type: "refund", reference_status: "available" } },
    metadata: input.metadata,
    payment_intent: charge.payment_intent,
    reason: input.reason ?? null,
    receipt_number: null,
    source_transfer_reversal: null,
    status: "succeeded",
    transfer_reversal: null,
  });
  const txn = insertBalanceTransaction(core, { account: PLATFORM, amount: -amount, type: "refund", source: refund.id, currency: charge.currency, availableOn: core.now() });
  refund.balance_transaction = txn.id;
  reverseConnectFunds(core, charge, refund, input);
  const before = { amount_refunded: charge.amount_refunded, refunded: charge.refunded };
  charge.amount_refunded += amount;
  charge.refunded = charge.amount_refunded === charge.amount;
  charge.refunds = { object: "list", data: [...charge.refunds.data, refund], has_more: false, url: `/v1/charges/${charge.id}/refunds` };
  core.emit("refund.created", refund);
  core.emit("charge.refunded", charge, before);
  return refund;
}

/** A destination charge's refund may pull back the doctor's share and the platform's fee in proportion. */
function reverseConnectFunds(core: Core, charge: StoredObject, refund: StoredObject, input: { reverseTransfer: boolean; refundApplicationFee: boolean }): void {
  if (input.reverseTransfer && charge.transfer) {
    const transfer = core.store.need("transfer", charge.transfer, "charge");
    const share = Math.round((transfer.amount * refund.amount) / charge.amount);
    const amount = Math.min(share, transfer.amount - transfer.amount_reversed);
    if (amount > 0) {
      const reversal = core.insert({ id: core.id("trr"), object: "transfer_reversal", amount, created: core.now(), currency: charge.currency, transfer: transfer.id, metadata: {} });
      transfer.amount_reversed += amount;
      transfer.reversed = transfer.amount_reversed === transfer.amount;
      transfer.reversals.data.push(reversal);
      refund.transfer_reversal = reversal.id;
      insertBalanceTransaction(core, { account: PLATFORM, amount, type: "transfer_refund", source: reversal.id, currency: charge.currency, availableOn: core.now() });
      insertBalanceTransaction(core, { account: transfer.destination, amount: -amount, type: "payment_refund", source: reversal.id, currency: charge.currency, availableOn: core.now() });
    }
  }
  if (input.refundApplicationFee && charge.application_fee) {
    const fee = core.store.need("application_fee", charge.application_fee, "charge");
    const amount = Math.min(Math.round((fee.amount * refund.amount) / charge.amount), fee.amount - fee.amount_refunded);
    if (amount > 0) {
      fee.amount_refunded += amount;
      fee.refunded = fee.amount_refunded === fee.amount;
      const feeRefund = core.insert({ id: core.id("fr"), object: "fee_refund", amount, created: core.now(), currency: charge.currency, fee: fee.id, metadata: {} });
      fee.refunds.data.push(feeRefund);
      core.emit("application_fee.refunded", fee);
    }
  }
}
