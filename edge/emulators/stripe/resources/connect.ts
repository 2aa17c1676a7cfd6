/**
 * Connect (Express accounts): accounts, account links with the emulator's own onboarding page, capabilities,
 * charges_enabled / payouts_enabled with `account.updated` events, transfers, balance, payouts, application fees.
 */
import { asInt, asString, invalid, required, StripeError } from "../form.ts";
import { type Core, expandList, mergeMetadata } from "../core.ts";
import { route, type Route } from "../router.ts";
import type { StoredObject } from "../store.ts";
import { balanceOf, insertBalanceTransaction, insertTransfer, PLATFORM } from "./connect-funds.ts";
import { changed } from "./customers.ts";

const DAY = 86_400;
const DUE = ["business_profile.url", "external_account", "individual.dob.day", "individual.first_name", "individual.last_name", "tos_acceptance.date"];

export function connectRoutes(core: Core): Route[] {
  const need = (id: string) => core.store.need("account", id, "account", "account");
  return [
    route("POST", "/v1/accounts", ({ params }) => {
      const type = asString(params.type, "type") ?? "express";
      if (!["express", "standard", "custom"].includes(type)) throw invalid("Invalid type: must be one of custom, express, or standard", "type");
      const account = core.insert({
        id: core.id("acct", 16),
        object: "account",
        business_profile: { mcc: null, name: null, product_description: null, support_email: null, url: null },
        business_type: asString(params.business_type, "business_type") ?? null,
        capabilities: { card_payments: "inactive", transfers: "inactive" },
        charges_enabled: false,
        controller: { is_controller: true, type: "application" },
        country: asString(params.country, "country") ?? "US",
        created: core.now(),
        default_currency: "usd",
        details_submitted: false,
        email: asString(params.email, "email") ?? null,
        external_accounts: { object: "list", data: [], has_more: false, url: "/v1/accounts/external_accounts" },
        metadata: mergeMetadata({}, params.metadata),
        payouts_enabled: false,
        requirements: requirements(DUE),
        settings: { payouts: { schedule: { delay_days: 2, interval: "daily" }, statement_descriptor: null, debit_negative_balances: true } },
        type,
      });
      core.emit("account.updated", account);
      return core.out(account, expandList(params));
    }),
    route("GET", "/v1/accounts/:id", ({ params, path }) => core.out(need(path.id), expandList(params))),
    route("GET", "/v1/account", ({ params, account }) => {
      if (account) return core.out(need(account), expandList(params));
      return { id: "acct_platform_emulator", object: "account", charges_enabled: true, payouts_enabled: true, country: "US", default_currency: "usd", details_submitted: true, type: "standard" };
    }),
    route("POST", "/v1/accounts/:id", ({ params, path }) => {
      const account = need(path.id);
      const before = structuredClone(account);
      const email = asString(params.email, "email");
      if (email !== undefined) account.email = email || null;
      account.metadata = mergeMetadata(account.metadata, params.metadata);
      const diff = changed(before, account);
      if (Object.keys(diff).length) core.emit("account.updated", account, diff);
      return core.out(account, expandList(params));
    }),
    route("DELETE", "/v1/accounts/:id", ({ path }) => {
      const account = need(path.id);
      account.deleted = true;
      return { id: account.id, object: "account", deleted: true };
    }),
    route("GET", "/v1/accounts", ({ params }) => core.list("/v1/accounts", core.store.all("account"), params)),
    route("GET", "/v1/accounts/:id/capabilities", ({ path }) => {
      const account = need(path.id);
      return { object: "list", data: capabilityList(account), has_more: false, url: `/v1/accounts/${account.id}/capabilities` };
    }),
    route("POST", "/v1/account_links", ({ params }) => {
      const account = need(required(asString(params.account, "account"), "account"));
      const returnUrl = required(asString(params.return_url, "return_url"), "return_url");
      const refreshUrl = required(asString(params.refresh_url, "refresh_url"), "refresh_url");
      const token = core.id("").slice(1);
      core.insert({ id: `link:${token}`, object: "account_link_state", account: account.id, return_url: returnUrl, refresh_url: refreshUrl, expires_at: core.now() + 300 });
      return {
        object: "account_link",
        created: core.now(),
        expires_at: core.now() + 300,
        url: `${core.publicUrl()}/_emulator/connect/onboarding/${token}`,
      };
    }),
    route("POST", "/v1/accounts/:id/login_links", ({ path }) => {
      const account = need(path.id);
      return { object: "login_link", created: core.now(), url: `${core.publicUrl()}/_emulator/connect/dashboard/${account.id}` };
    }),
    route("GET", "/v1/balance", ({ account }) => {
      if (account) need(account);
      return balanceOf(core, account ?? PLATFORM);
    }),
    route("POST", "/v1/transfers", ({ params }) => {
      const destination = need(required(asString(params.destination, "destination"), "destination"));
      if (destination.capabilities.transfers !== "active") {
        throw invalid("Your destination account needs to have at least one of the following capabilities enabled: transfers, crypto_transfers, legacy_payments", "destination");
      }
      const amount = required(asInt(params.amount, "amount"), "amount");
      if (amount <= 0) throw invalid("Invalid positive integer", "amount");
      const transfer = insertTransfer(core, {
        amount,
        currency: required(asString(params.currency, "currency"), "currency"),
        destination: destination.id,
        sourceTransaction: asString(params.source_transaction, "source_transaction") ?? null,
        transferGroup: asString(params.transfer_group, "transfer_group") ?? null,
        description: asString(params.description, "description") ?? null,
        metadata: mergeMetadata({}, params.metadata),
      });
      return core.out(transfer, expandList(params));
    }),
    route("GET", "/v1/transfers/:id", ({ params, path }) => core.out(core.store.need("transfer", path.id, "id"), expandList(params))),
    route("GET", "/v1/transfers", ({ params }) => {
      const destination = asString(params.destination, "destination");
      const group = asString(params.transfer_group, "transfer_group");
      return core.list("/v1/transfers", core.store.all("transfer", (t) => (!destination || t.destination === destination) && (!group || t.transfer_group === group)), params);
    }),
    route("GET", "/v1/application_fees", ({ params }) => {
      const charge = asString(params.charge, "charge");
      return core.list("/v1/application_fees", core.store.all("application_fee", (f) => !charge || f.charge === charge), params);
    }),
    route("POST", "/v1/payouts", ({ params, account }) => {
      const owner = account ?? PLATFORM;
      if (account && !need(account).payouts_enabled) {
        throw new StripeError(400, { type: "invalid_request_error", code: "payouts_not_allowed", message: "Payouts are not enabled on this account." });
      }
      const amount = required(asInt(params.amount, "amount"), "amount");
      if (amount <= 0) throw invalid("Invalid positive integer", "amount");
      const currency = required(asString(params.currency, "currency"), "currency");
      const available = balanceOf(core, owner).available.find((b: { currency: string }) => b.currency === currency)?.amount ?? 0;
      if (amount > available) {
        throw new StripeError(400, { type: "invalid_request_error", code: "balance_insufficient", message: "You have insufficient funds in your Stripe account for this transfer. Your card balance is too low. You can use the /v1/balance endpoint to view your Stripe balance (for more details, see stripe.com/docs/api#balance)." });
      }
      const payout = core.insert({
        id: core.id("po"),
        object: "payout",
        amount,
        arrival_date: core.now() + 2 * DAY,
        automatic: false,
        balance_transaction: null,
        created: core.now(),
        currency,
        description: asString(params.description, "description") ?? null,
        destination: null,
        failure_code: null,
        failure_message: null,
        livemode: false,
        metadata: mergeMetadata({}, params.metadata),
        method: "standard",
        source_type: "card",
        statement_descriptor: null,
        status: "pending",
        type: "bank_account",
        _account: owner,
        // failPayouts(): this payout fails when it would arrive (the bank refuses it).
        ...(core.store.get(owner)?._failPayouts ? { _failWith: core.store.get(owner)!._failPayouts } : {}),
      });
      const txn = insertBalanceTransaction(core, { account: owner, amount: -amount, type: "payout", source: payout.id, currency, availableOn: core.now() });
      payout.balance_transaction = txn.id;
      core.emit("payout.created", payout);
      return core.out(payout, expandList(params));
    }),
    route("GET", "/v1/payouts/:id", ({ params, path, account }) => {
      const payout = core.store.need("payout", path.id, "id");
      if (payout._account !== (account ?? PLATFORM)) throw new StripeError(404, { type: "invalid_request_error", code: "resource_missing", message: `No such payout: '${path.id}'` });
      return core.out(settle(core, payout), expandList(params));
    }),
    route("POST", "/v1/payouts/:id/cancel", ({ params, path, account }) => {
      const payout = core.store.need("payout", path.id, "id");
      if (payout._account !== (account ?? PLATFORM)) throw new StripeError(404, { type: "invalid_request_error", code: "resource_missing", message: `No such payout: '${path.id}'` });
      if (settle(core, payout).status !== "pending") {
        throw new StripeError(400, { type: "invalid_request_error", code: "payout_not_cancelable", message: `Payout ${payout.id} cannot be canceled: its status is ${payout.status}.` });
      }
      endPayout(core, payout, "canceled");
      return core.out(payout, expandList(params));
    }),
    route("GET", "/v1/payouts", ({ params, account }) => {
      const items = core.store.all("payout", (p) => p._account === (account ?? PLATFORM)).map((p) => settle(core, p));
      return core.list("/v1/payouts", items, params);
    }),
  ];
}

/** A pending payout whose arrival date has come is paid (or fails, after failPayouts()). Also run by the clock. */
export function settle(core: Core, payout: StoredObject): StoredObject {
  if (payout.status === "pending" && payout.arrival_date <= core.now()) endPayout(core, payout, payout._failWith ? "failed" : "paid");
  return payout;
}

/**
 * Ends a pending payout as Stripe reports it: `payout.updated` (with the previous status) and `payout.paid`,
 * `payout.failed` (failure_code / failure_message) or `payout.canceled`. A failed or canceled payout's amount
 * returns to the account's available balance.
 */
export function endPayout(core: Core, payout: StoredObject, status: "paid" | "failed" | "canceled"): void {
  if (payout.status !== "pending") return;
  payout.status = status;
  if (status === "failed") {
    payout.failure_code = payout._failWith;
    payout.failure_message = FAILURE_MESSAGES[payout._failWith] ?? "The bank refused this payout.";
  }
  if (status !== "paid") {
    const back = insertBalanceTransaction(core, {
      account: payout._account, amount: payout.amount, type: status === "failed" ? "payout_failure" : "payout_cancel",
      source: payout.id, currency: payout.currency, availableOn: core.now(),
    });
    payout.failure_balance_transaction = back.id;
  }
  core.emit("payout.updated", payout, { status: "pending" });
  core.emit(`payout.${status}`, payout);
}

const FAILURE_MESSAGES: Record<string, string> = {
  account_closed: "The bank account has been closed.",
  no_account: "The bank account details on file are probably incorrect. No bank account could be located with those details.",
  insufficient_funds: "Your Stripe account has insufficient funds to cover the payout.",
  could_not_process: "The bank could not process this payout.",
};

function requirements(due: string[]) {
  return {
    alternatives: [],
    current_deadline: null,
    currently_due: due,
    disabled_reason: due.length ? "requirements.past_due" : null,
    errors: [],
    eventually_due: due,
    past_due: due,
    pending_verification: [],
  };
}

function capabilityList(account: StoredObject) {
  return Object.entries(account.capabilities).map(([id, status]) => ({
    id,
    object: "capability",
    account: account.id,
    requested: true,
    requested_at: account.created,
    requirements: account.requirements,
    status,
  }));
}

/** The onboarding page's answer: a complete account can take charges and payouts; returns where to send the browser. */
export function finishOnboarding(core: Core, link: StoredObject, complete: boolean): string {
  if (link.expires_at < core.now()) return link.refresh_url;
  const account = core.store.need("account", link.account, "account");
  link.deleted = true;
  setAccountEnabled(core, account, complete);
  return link.return_url;
}

/** Turns an account's charges and payouts on or off, as Stripe does when requirements are met or fall due. */
export function setAccountEnabled(core: Core, account: StoredObject, enabled: boolean): void {
  const before = structuredClone(account);
  account.details_submitted = account.details_submitted || enabled;
  account.charges_enabled = enabled;
  account.payouts_enabled = enabled;
  account.capabilities = { card_payments: enabled ? "active" : "inactive", transfers: enabled ? "active" : "inactive" };
  account.requirements = requirements(enabled ? [] : DUE);
  const diff = changed(before, account);
  if (Object.keys(diff).length === 0) return;
  core.emit("account.updated", account, diff);
  for (const capability of capabilityList(account)) core.emit("capability.updated", { ...capability, _account: account.id } as StoredObject);
}
