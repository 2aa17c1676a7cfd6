/**
 * Subscriptions with one item: create (trial, payment_behavior, discounts, add_invoice_items), retrieve, update (plan change without
 * proration, cancel_at_period_end, default payment method, trial_end=now), cancel now, list; renewals and endings in
 * ./subscription-cycle.ts.
 */
import { asBool, asInt, asString, invalid, type Params, required, StripeError } from "../form.ts";
import { type Core, expandList, matchesRange, mergeMetadata } from "../core.ts";
import { route, type Route } from "../router.ts";
import type { StoredObject } from "../store.ts";
import { addIntervals } from "../periods.ts";
import { createInvoice, payInvoice, voidInvoice } from "./invoices.ts";
import { redeem } from "./coupons.ts";
import { parseInvoiceItems } from "./invoice-items.ts";
import { changed } from "./customers.ts";
import { renew, subscriptionEnds } from "./subscription-cycle.ts";

const DAY = 86_400;

export function subscriptionRoutes(core: Core): Route[] {
  const need = (id: string) => core.store.need("subscription", id, "id", "subscription");
  return [
    route("POST", "/v1/subscriptions", ({ params }) => core.out(createSubscription(core, params), expandList(params))),
    route("GET", "/v1/subscriptions/:id", ({ params, path }) => core.out(need(path.id), expandList(params))),
    route("POST", "/v1/subscriptions/:id", ({ params, path }) => {
      const sub = need(path.id);
      updateSubscription(core, sub, params);
      return core.out(sub, expandList(params));
    }),
    route("DELETE", "/v1/subscriptions/:id", ({ params, path }) => {
      const sub = need(path.id);
      if (sub.status === "canceled" || sub.status === "incomplete_expired") {
        throw new StripeError(404, { type: "invalid_request_error", code: "resource_missing", message: `No such subscription: '${sub.id}'` });
      }
      if (params.cancellation_details?.comment) sub.cancellation_details = { comment: params.cancellation_details.comment, feedback: params.cancellation_details.feedback ?? null, reason: "cancellation_requested" };
      subscriptionEnds(core, sub, "canceled");
      return core.out(sub, expandList(params));
    }),
    route("GET", "/v1/subscriptions", ({ params }) => {
      const customer = asString(params.customer, "customer");
      const status = asString(params.status, "status");
      const price = asString(params.price, "price");
      const items = core.store.all("subscription", (s) =>
        (!customer || s.customer === customer) &&
        (status === "all" || (status ? s.status === status : s.status !== "canceled" && s.status !== "incomplete_expired")) &&
        (!price || s.items.data[0].price.id === price) && matchesRange(s.created!, params.created)
      );
      return core.list("/v1/subscriptions", items, params);
    }),
  ];
}

function needPrice(core: Core, id: string | undefined, param: string): StoredObject {
  const price = core.store.need("price", required(id, param), param, "price");
  if (!price.recurring) throw invalid(`The price specified is set to \`type=one_time\` but this field only accepts prices with \`type=recurring\`.`, param);
  if (!price.active) throw invalid(`The price specified is inactive. This field only accepts active prices.`, param);
  return price;
}

function createSubscription(core: Core, params: Params): StoredObject {
  const customer = core.store.need("customer", required(asString(params.customer, "customer"), "customer"), "customer");
  const items: Params[] = Array.isArray(params.items) ? params.items : required<Params[]>(undefined, "items");
  if (items.length !== 1) throw invalid("The emulator supports subscriptions with exactly one item.", "items");
  const price = needPrice(core, asString(items[0].price, "items[0][price]"), "items[0][price]");
  const quantity = asInt(items[0].quantity, "items[0][quantity]") ?? 1;
  const defaultPm = asString(params.default_payment_method, "default_payment_method") || null;
  if (defaultPm) {
    const pm = core.store.need("payment_method", defaultPm, "default_payment_method", "PaymentMethod");
    if (pm.customer !== customer.id) throw invalid(`The customer does not have a payment method with the ID ${defaultPm}. The payment method must be attached to the customer.`, "default_payment_method");
  }
  const behavior = asString(params.payment_behavior, "payment_behavior") ?? "allow_incomplete";
  if (!["allow_incomplete", "default_incomplete", "error_if_incomplete", "pending_if_incomplete"].includes(behavior)) throw invalid("Invalid payment_behavior", "payment_behavior");
  const now = core.now();
  const trialEnd = params.trial_end === "now" ? undefined : asInt(params.trial_end, "trial_end") ??
    ((asInt(params.trial_period_days, "trial_period_days") ?? 0) > 0 ? now + asInt(params.trial_period_days, "trial_period_days")! * DAY : undefined);
  if (trialEnd !== undefined && trialEnd <= now) throw invalid("Invalid timestamp: must be an integer Unix timestamp in the future.", "trial_end");
  if (!trialEnd && behavior !== "default_incomplete" && !defaultPm && !customer.invoice_settings.default_payment_method) {
    throw new StripeError(400, {
      type: "invalid_request_error",
      code: "resource_missing",
      message: "This customer has no attached payment source or default payment method. Please consider adding a default payment method. For more information, visit https://docs.stripe.com/billing/subscriptions/payment-methods-setting#payment-method-priority.",
    });
  }
  const periodEnd = trialEnd ?? addIntervals(now, price.recurring, 1);
  const pendingItems = parseInvoiceItems(core, params.add_invoice_items, price.currency);
  const id = core.id("sub");
  const destination = asString(params.transfer_data?.destination, "transfer_data[destination]");
  if (destination) core.store.need("account", destination, "transfer_data[destination]");
  const sub = core.insert({
    id,
    object: "subscription",
    application: null,
    application_fee_percent: params.application_fee_percent ? Number(params.application_fee_percent) : null,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null },
    billing_cycle_anchor: periodEnd === trialEnd ? trialEnd : now,
    billing_cycle_anchor_config: null,
    billing_mode: { type: "classic" },
    cancel_at: null,
    cancel_at_period_end: asBool(params.cancel_at_period_end, "cancel_at_period_end") ?? false,
    canceled_at: null,
    cancellation_details: { comment: null, feedback: null, reason: null },
    collection_method: "charge_automatically",
    created: now,
    currency: price.currency,
    customer: customer.id,
    days_until_due: null,
    default_payment_method: defaultPm,
    default_source: null,
    description: asString(params.description, "description") ?? null,
    discounts: [],
    discount: null,
    ended_at: null,
    invoice_settings: { account_tax_ids: null, issuer: { type: "self" } },
    items: {
      object: "list",
      data: [{
        id: core.id("si"),
        object: "subscription_item",
        created: now,
        current_period_start: now,
        current_period_end: periodEnd,
        discounts: [],
        metadata: {},
        price,
        quantity,
        subscription: id,
        tax_rates: [],
      }],
      has_more: false,
      total_count: 1,
      url: `/v1/subscription_items?subscription=${id}`,
    },
    latest_invoice: null,
    livemode: false,
    metadata: mergeMetadata({}, params.metadata),
    next_pending_invoice_item_invoice: null,
    on_behalf_of: null,
    pause_collection: null,
    payment_settings: {
      payment_method_options: null,
      payment_method_types: null,
      save_default_payment_method: asString(params.payment_settings?.save_default_payment_method, "payment_settings[save_default_payment_method]") ?? "off",
    },
    pending_invoice_item_interval: null,
    pending_setup_intent: null,
    pending_update: null,
    schedule: null,
    start_date: now,
    status: "incomplete",
    test_clock: customer.test_clock ?? null,
    transfer_data: destination ? { destination, amount_percent: null } : null,
    trial_end: trialEnd ?? null,
    trial_settings: { end_behavior: { missing_payment_method: "create_invoice" } },
    trial_start: trialEnd ? now : null,
    // Fields of earlier API versions.
    current_period_start: now,
    current_period_end: periodEnd,
    _cycle: 0,
    _creating: true,
    _pendingItems: pendingItems,
  });
  applyDiscounts(core, sub, params);
  const invoice = createInvoice(core, {
    sub,
    price,
    quantity: trialEnd ? 0 : quantity,
    periodStart: now,
    periodEnd,
    billingReason: "subscription_create",
    discounted: !trialEnd,
  });
  sub.latest_invoice = invoice.id;
  if (trialEnd) sub.status = "trialing";
  else if (invoice.status === "paid") sub.status = "active";
  else if (behavior !== "default_incomplete") {
    const error = payInvoice(core, invoice, { offSession: false });
    if (error && behavior === "error_if_incomplete") {
      voidInvoice(core, invoice);
      sub.deleted = true;
      delete sub._creating;
      throw error;
    }
  }
  delete sub._creating;
  core.emit("customer.subscription.created", sub);
  return sub;
}

/**
 * `discounts[i][coupon|promotion_code]` redeem new discounts; on update `discounts[i][discount]` keeps one the
 * subscription already has (Stripe replaces the whole list). Applied in order, each to what the previous left.
 */
function applyDiscounts(core: Core, sub: StoredObject, params: Params): void {
  const entries: Params[] = Array.isArray(params.discounts)
    ? params.discounts
    : params.coupon || params.promotion_code ? [{ coupon: params.coupon, promotion_code: params.promotion_code }] : [];
  if (entries.length > 20) throw invalid("You may pass up to 20 discounts.", "discounts");
  const ids = entries.map((entry, i) => {
    const kept = asString(entry.discount, `discounts[${i}][discount]`);
    if (kept) {
      if (!(sub.discounts ?? []).includes(kept)) throw invalid(`No such discount on this subscription: '${kept}'`, `discounts[${i}][discount]`);
      return kept;
    }
    const coupon = asString(entry.coupon, `discounts[${i}][coupon]`);
    const promotionCode = asString(entry.promotion_code, `discounts[${i}][promotion_code]`);
    if (!coupon && !promotionCode) throw invalid(`You must pass coupon, promotion_code or discount for discounts[${i}].`, `discounts[${i}]`);
    return core.insert(redeem(core, { coupon, promotionCode, customer: sub.customer, subscription: sub.id })).id;
  });
  sub.discounts = ids;
  // Earlier API versions: the first discount as `discount`.
  sub.discount = ids.length ? core.store.get(ids[0]) : null;
}

function updateSubscription(core: Core, sub: StoredObject, params: Params): void {
  if (sub.status === "canceled" || sub.status === "incomplete_expired") {
    throw invalid(`A canceled subscription can only update its cancellation_details and metadata.`);
  }
  const before = structuredClone(sub);
  const item = sub.items.data[0];
  if (Array.isArray(params.items) && params.items[0]) {
    const entry = params.items[0];
    if (entry.id && entry.id !== item.id) throw invalid(`Invalid subscription item: ${entry.id}`, "items[0][id]");
    if (entry.price) {
      const price = needPrice(core, asString(entry.price, "items[0][price]"), "items[0][price]");
      if (price.currency !== sub.currency) throw invalid("The price's currency differs from the subscription's.", "items[0][price]");
      // Without prorations the new price bills from the next period on; Stripe does the same with proration_behavior=none.
      item.price = price;
    }
    const quantity = asInt(entry.quantity, "items[0][quantity]");
    if (quantity !== undefined) item.quantity = quantity;
  }
  const cape = asBool(params.cancel_at_period_end, "cancel_at_period_end");
  if (cape !== undefined) {
    sub.cancel_at_period_end = cape;
    sub.cancel_at = cape ? item.current_period_end : null;
    sub.canceled_at = cape ? core.now() : null;
    sub.cancellation_details = { comment: params.cancellation_details?.comment ?? null, feedback: null, reason: cape ? "cancellation_requested" : null };
  }
  if (params.cancel_at !== undefined) {
    sub.cancel_at = params.cancel_at === "" ? null : asInt(params.cancel_at, "cancel_at");
    if (params.cancel_at === "") sub.cancel_at_period_end = false;
  }
  const pm = asString(params.default_payment_method, "default_payment_method");
  if (pm === "") sub.default_payment_method = null;
  else if (pm !== undefined) {
    const found = core.store.need("payment_method", pm, "default_payment_method", "PaymentMethod");
    if (found.customer !== sub.customer) throw invalid(`The customer does not have a payment method with the ID ${pm}. The payment method must be attached to the customer.`, "default_payment_method");
    sub.default_payment_method = pm;
  }
  sub.metadata = mergeMetadata(sub.metadata, params.metadata);
  // One-off items go on the next invoice (e.g. the first one after a trial).
  const items = parseInvoiceItems(core, params.add_invoice_items, sub.currency);
  if (items.length) sub._pendingItems = [...(sub._pendingItems ?? []), ...items];
  const description = asString(params.description, "description");
  if (description !== undefined) sub.description = description || null;
  if (params.discounts !== undefined || params.coupon !== undefined || params.promotion_code !== undefined) {
    if (params.discounts === "" || params.coupon === "") {
      sub.discounts = [];
      sub.discount = null;
    } else applyDiscounts(core, sub, params);
  }
  const diff = changed(before, sub);
  if (Object.keys(diff).length > 0) core.emit("customer.subscription.updated", sub, diff);
  if (params.trial_end === "now" && sub.status === "trialing") {
    item.current_period_end = core.now();
    renew(core, sub);
  }
}
