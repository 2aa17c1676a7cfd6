/**
 * Money movement behind charges: balance transactions (Stripe's fee 2.9 % + 30¢ on the platform), and for
 * destination charges the transfer to the connected account and the application fee. Balances are sums of
 * balance transactions, `pending` until `available_on` (2 days after the charge on the emulated clock).
 */
import type { Core } from "../core.ts";
import type { StoredObject } from "../store.ts";

const DAY = 86_400;
export const PLATFORM = "platform";

export function stripeFee(amount: number): number {
  return Math.round(amount * 0.029) + 30;
}

export function insertBalanceTransaction(
  core: Core,
  input: { account: string; amount: number; fee?: number; type: string; source: string; currency: string; description?: string | null; availableOn?: number },
): StoredObject {
  const fee = input.fee ?? 0;
  return core.insert({
    id: core.id("txn"),
    object: "balance_transaction",
    amount: input.amount,
    available_on: input.availableOn ?? core.now() + 2 * DAY,
    created: core.now(),
    currency: input.currency,
    description: input.description ?? null,
    exchange_rate: null,
    fee,
    fee_details: fee ? [{ amount: fee, application: null, currency: input.currency, description: "Stripe processing fees", type: "stripe_fee" }] : [],
    net: input.amount - fee,
    reporting_category: input.type === "payout" ? "payout" : input.type === "refund" ? "refund" : "charge",
    source: input.source,
    status: "pending",
    type: input.type,
    _account: input.account,
  });
}

export function recordChargeFunds(core: Core, charge: StoredObject, pi: StoredObject): void {
  const txn = insertBalanceTransaction(core, {
    account: PLATFORM,
    amount: charge.amount,
    fee: stripeFee(charge.amount),
    type: "charge",
    source: charge.id,
    currency: charge.currency,
    description: charge.description,
  });
  charge.balance_transaction = txn.id;
  const destination = pi.transfer_data?.destination;
  if (!destination) return;
  const fee = pi.application_fee_amount ?? 0;
  const amount = pi.transfer_data.amount ?? charge.amount - fee;
  const transfer = insertTransfer(core, { amount, currency: charge.currency, destination, sourceTransaction: charge.id, transferGroup: pi.transfer_group ?? null });
  charge.transfer = transfer.id;
  if (fee > 0) {
    const appFee = core.insert({
      id: core.id("fee"),
      object: "application_fee",
      account: destination,
      amount: fee,
      amount_refunded: 0,
      charge: charge.id,
      created: core.now(),
      currency: charge.currency,
      livemode: false,
      originating_transaction: null,
      refunded: false,
      refunds: { object: "list", data: [], has_more: false, url: "/v1/application_fees/refunds" },
      balance_transaction: null,
    });
    charge.application_fee = appFee.id;
  }
}

export function insertTransfer(
  core: Core,
  input: { amount: number; currency: string; destination: string; sourceTransaction?: string | null; transferGroup?: string | null; description?: string | null; metadata?: Record<string, string> },
): StoredObject {
  const transfer = core.insert({
    id: core.id("tr"),
    object: "transfer",
    amount: input.amount,
    amount_reversed: 0,
    balance_transaction: null,
    created: core.now(),
    currency: input.currency,
    description: input.description ?? null,
    destination: input.destination,
    destination_payment: null,
    livemode: false,
    metadata: input.metadata ?? {},
    reversals: { object: "list", data: [], has_more: false, url: "/v1/transfers/reversals" },
    reversed: false,
    source_transaction: input.sourceTransaction ?? null,
    source_type: "card",
    transfer_group: input.transferGroup ?? null,
  });
  const out = insertBalanceTransaction(core, { account: PLATFORM, amount: -input.amount, type: "transfer", source: transfer.id, currency: input.currency, availableOn: core.now() });
  transfer.balance_transaction = out.id;
  const payment = core.insert({ id: core.id("py"), object: "charge", amount: input.amount, created: core.now(), currency: input.currency, status: "succeeded", paid: true, source_transfer: transfer.id, _account: input.destination, _hidden: true });
  insertBalanceTransaction(core, { account: input.destination, amount: input.amount, type: "payment", source: payment.id, currency: input.currency });
  transfer.destination_payment = payment.id;
  core.emit("transfer.created", transfer);
  return transfer;
}

/** Available and pending sums per currency for one account (PLATFORM or an acct_ id). */
export function balanceOf(core: Core, account: string): StoredObject {
  const available = new Map<string, number>();
  const pending = new Map<string, number>();
  for (const txn of core.store.all("balance_transaction", (t) => t._account === account)) {
    const bucket = txn.available_on <= core.now() ? available : pending;
    bucket.set(txn.currency, (bucket.get(txn.currency) ?? 0) + txn.net);
  }
  const list = (m: Map<string, number>) =>
    (m.size ? [...m] : [["usd", 0] as [string, number]]).map(([currency, amount]) => ({ amount, currency, source_types: { card: amount } }));
  return { id: "balance", object: "balance", available: list(available), pending: list(pending), livemode: false, connect_reserved: [{ amount: 0, currency: "usd" }] } as StoredObject;
}
