/**
 * Invoices of subscriptions: created, finalized and paid through a payment intent; a failed payment is retried on
 * the emulator's schedule (billing.ts). `confirmation_secret` and `payments` follow the current API version; the
 * older `payment_intent`, `subscription` and `charge` fields are kept as well for code written against them.
 */
import { asString, invalid, required, StripeError } from "../form.ts";
import { spendOnceDiscounts, subscriptionDiscounts } from "./coupons.ts";
import { type OneOffItem, oneOffLines } from "./invoice-items.ts";
import { markPaid, onInvoiceNotAttempted } from "../subscription-state.ts";
import { type Core, expandList } from "../core.ts";
import { route, type Route } from "../router.ts";
import type { StoredObject } from "../store.ts";
import { attemptPayment } from "../charging.ts";
import { createPaymentIntent } from "./payment-intents.ts";
import { resolvePaymentMethod } from "./payment-methods.ts";

export function invoiceRoutes(core: Core): Route[] {
  return [
    route("POST", "/v1/invoices/create_preview", ({ params }) => {
      const subId = required(asString(params.subscription, "subscription"), "subscription");
      const sub = core.store.need("subscription", subId, "subscription", "subscription");
      return previewRenewal(core, sub);
    }),
    route("GET", "/v1/invoice_payments", ({ params }) => {
      const invoice = asString(params.invoice, "invoice");
      const payments = core.store.all("invoice", (i) => !invoice || i.id === invoice).flatMap((i) => i.payments.data);
      return { ...core.list("/v1/invoice_payments", [], params), data: payments, has_more: false };
    }),
    route("GET", "/v1/invoice_payments/:id", ({ path }) => {
      for (const invoice of core.store.all("invoice")) {
        const found = invoice.payments.data.find((p: { id: string }) => p.id === path.id);
        if (found) return found;
      }
      throw new StripeError(404, { type: "invalid_request_error", code: "resource_missing", param: "id", message: `No such invoice payment: '${path.id}'` });
    }),
    route("GET", "/v1/invoices/:id", ({ params, path }) => core.out(core.store.need("invoice", path.id, "invoice"), expandList(params))),
    route("GET", "/v1/invoices", ({ params }) => {
      const customer = asString(params.customer, "customer");
      const subscription = asString(params.subscription, "subscription");
      const status = asString(params.status, "status");
      const items = core.store.all("invoice", (i) =>
        (!customer || i.customer === customer) && (!subscription || i.subscription === subscription) && (!status || i.status === status)
      );
      return core.list("/v1/invoices", items, params);
    }),
    route("POST", "/v1/invoices/:id/pay", ({ params, path }) => {
      const invoice = core.store.need("invoice", path.id, "invoice");
      if (invoice.status === "paid") throw new StripeError(400, { type: "invalid_request_error", code: "invoice_already_paid", message: "Invoice is already paid" });
      if (invoice.status !== "open") throw invalid(`You can only pay an open invoice. This invoice is ${invoice.status}.`);
      const pmId = asString(params.payment_method, "payment_method");
      const error = payInvoice(core, invoice, { paymentMethod: pmId ? resolvePaymentMethod(core, pmId).id : undefined, offSession: params.off_session !== "false" });
      if (error) throw error;
      return core.out(invoice, expandList(params));
    }),
    route("POST", "/v1/invoices/:id/void", ({ params, path }) => {
      const invoice = core.store.need("invoice", path.id, "invoice");
      if (invoice.status !== "open") throw invalid(`You can only void an open invoice. This invoice is ${invoice.status}.`);
      voidInvoice(core, invoice);
      return core.out(invoice, expandList(params));
    }),
  ];
}

export function voidInvoice(core: Core, invoice: StoredObject): void {
  invoice.status = "void";
  invoice.next_payment_attempt = null;
  invoice.status_transitions.voided_at = core.now();
  const pi = invoice.payment_intent ? core.store.get(invoice.payment_intent) : undefined;
  if (pi && pi.status !== "succeeded") {
    pi.status = "canceled";
    pi.canceled_at = core.now();
    pi.next_action = null;
  }
  core.emit("invoice.voided", invoice);
}

/**
 * Creates and finalizes a subscription's invoice — its period's line and the one-off items waiting on the
 * subscription — and its payment intent when something is due. The subscription's discounts apply to the subtotal
 * unless `discounted` is false (a trial's $0 invoice); its `once` discounts are spent either way.
 */
export function createInvoice(
  core: Core,
  input: { sub: StoredObject; price: StoredObject; quantity: number; periodStart: number; periodEnd: number; billingReason: string; discounted: boolean },
): StoredObject {
  const { sub, price } = input;
  const customer = core.store.need("customer", sub.customer, "customer");
  const now = core.now();
  const items: OneOffItem[] = sub._pendingItems ?? [];
  sub._pendingItems = [];
  const periodAmount = price.unit_amount * input.quantity;
  const subtotal = periodAmount + items.reduce((sum, i) => sum + i.unitAmount * i.quantity, 0);
  const discounts = input.discounted ? subscriptionDiscounts(core, sub, subtotal, now) : [];
  spendOnceDiscounts(core, sub);
  const discountTotal = discounts.reduce((sum, d) => sum + d.amount, 0);
  const total = Math.max(0, subtotal - discountTotal);
  const id = core.id("in");
  const product = core.store.get(price.product);
  const invoice = core.insert({
    id,
    object: "invoice",
    account_country: "US",
    account_name: "Stripe emulator",
    amount_due: total,
    amount_overpaid: 0,
    amount_paid: 0,
    amount_remaining: total,
    amount_shipping: 0,
    application: null,
    attempt_count: 0,
    attempted: false,
    auto_advance: true,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null, provider: null, status: null },
    billing_reason: input.billingReason,
    collection_method: "charge_automatically",
    confirmation_secret: null,
    created: now,
    currency: price.currency,
    customer: customer.id,
    customer_email: customer.email,
    customer_name: customer.name,
    default_payment_method: null,
    description: null,
    due_date: null,
    effective_at: now,
    ending_balance: 0,
    hosted_invoice_url: null,
    invoice_pdf: null,
    last_finalization_error: null,
    lines: {
      object: "list",
      data: [{
        id: core.id("il"),
        object: "line_item",
        amount: periodAmount,
        currency: price.currency,
        description: `${input.quantity} × ${product?.name ?? "Subscription"}`,
        discount_amounts: discounts,
        discountable: true,
        discounts: [],
        invoice: id,
        livemode: false,
        metadata: {},
        parent: { type: "subscription_item_details", subscription_item_details: { subscription: sub.id, subscription_item: sub.items.data[0].id, proration: false } },
        period: { start: input.periodStart, end: input.periodEnd },
        pricing: { type: "price_details", price_details: { price: price.id, product: price.product }, unit_amount_decimal: String(price.unit_amount) },
        quantity: input.quantity,
        price: price,
        subscription: sub.id,
      }, ...oneOffLines(core, items, { id, currency: price.currency, periodStart: input.periodStart, sub })],
      has_more: false,
      total_count: 1 + items.length,
      url: `/v1/invoices/${id}/lines`,
    },
    livemode: false,
    metadata: {},
    next_payment_attempt: null,
    number: `${customer.invoice_prefix}-${String(customer.next_invoice_sequence++).padStart(4, "0")}`,
    parent: { type: "subscription_details", quote_details: null, subscription_details: { metadata: sub.metadata, subscription: sub.id } },
    payments: { object: "list", data: [], has_more: false, url: `/v1/invoice_payments?invoice=${id}` },
    period_start: input.periodStart,
    period_end: input.periodEnd,
    status: "draft",
    status_transitions: { finalized_at: null, marked_uncollectible_at: null, paid_at: null, voided_at: null },
    subtotal,
    subtotal_excluding_tax: subtotal,
    total,
    discounts: discounts.map((d) => d.discount),
    total_discount_amounts: discounts,
    total_excluding_tax: total,
    total_taxes: [],
    webhooks_delivered_at: null,
    // Fields of earlier API versions.
    payment_intent: null,
    subscription: sub.id,
    charge: null,
    paid: false,
    test_clock: customer.test_clock ?? null,
  });
  core.emit("invoice.created", invoice);
  invoice.status = "open";
  invoice.status_transitions.finalized_at = now;
  if (total > 0) {
    const pi = createPaymentIntent(core, { amount: String(Math.max(total, 50)), currency: price.currency, customer: customer.id }, {
      description: input.billingReason === "subscription_create" ? "Subscription creation" : "Subscription update",
      setup_future_usage: "off_session",
      _invoice: id,
      ...(sub.transfer_data ? { transfer_data: sub.transfer_data } : {}),
      ...(sub.application_fee_percent ? { application_fee_amount: Math.round((total * sub.application_fee_percent) / 100) } : {}),
    });
    pi.amount = total;
    invoice.payment_intent = pi.id;
    invoice.confirmation_secret = { client_secret: pi.client_secret, type: "payment_intent" };
    invoice.payments.data.push({
      id: core.id("inpay"),
      object: "invoice_payment",
      amount_paid: null,
      amount_requested: total,
      created: now,
      currency: price.currency,
      invoice: id,
      is_default: true,
      livemode: false,
      payment: { type: "payment_intent", payment_intent: pi.id },
      status: "open",
      status_transitions: { canceled_at: null, paid_at: null },
    });
  }
  core.emit("invoice.finalized", invoice);
  if (total === 0) markPaid(core, invoice);
  return invoice;
}

/** The card an invoice is charged on: the one asked for, else the subscription's default, else the customer's. */
export function invoicePaymentMethod(core: Core, invoice: StoredObject): string | null {
  const sub = invoice.subscription ? core.store.get(invoice.subscription) : undefined;
  const customer = core.store.get(invoice.customer);
  return sub?.default_payment_method ?? customer?.invoice_settings.default_payment_method ?? null;
}

/** One payment attempt of an open invoice (the intent listener in billing.ts updates invoice and subscription). */
export function payInvoice(core: Core, invoice: StoredObject, opts: { paymentMethod?: string; offSession: boolean }): StripeError | null {
  const pi = core.store.need("payment_intent", invoice.payment_intent, "invoice");
  const pmId = opts.paymentMethod ?? invoicePaymentMethod(core, invoice);
  if (!pmId) {
    onInvoiceNotAttempted(core, invoice);
    return new StripeError(400, {
      type: "invalid_request_error",
      code: "invoice_no_customer_payment_method",
      message: "This customer has no attached payment source or default payment method. Please consider adding a default payment method.",
    });
  }
  pi.payment_method = pmId;
  return attemptPayment(core, pi, { offSession: opts.offSession });
}


/** What the next renewal will charge (the price of the schedule's next phase if one starts then), without side effects. */
function previewRenewal(core: Core, sub: StoredObject): Record<string, unknown> {
  if (!["active", "trialing", "past_due"].includes(sub.status) || sub.cancel_at_period_end) {
    throw new StripeError(400, { type: "invalid_request_error", code: "invoice_upcoming_none", message: `No upcoming invoices for customer: ${sub.customer}` });
  }
  const item = sub.items.data[0];
  const start = item.current_period_end;
  let price = item.price;
  const schedule = sub.schedule ? core.store.get(sub.schedule) : undefined;
  const phase = schedule?.status === "active"
    ? schedule.phases.find((p: { start_date: number; end_date: number }) => p.start_date <= start && start < p.end_date)
    : undefined;
  if (phase) price = core.store.need("price", phase.items[0].price, "price");
  const items: OneOffItem[] = sub._pendingItems ?? [];
  const periodAmount = price.unit_amount * item.quantity;
  const subtotal = periodAmount + items.reduce((sum, i) => sum + i.unitAmount * i.quantity, 0);
  const discounts = subscriptionDiscounts(core, sub, subtotal, start);
  const discount = discounts.reduce((sum, d) => sum + d.amount, 0);
  return {
    object: "invoice",
    id: null,
    amount_due: subtotal - discount,
    amount_paid: 0,
    amount_remaining: subtotal - discount,
    billing_reason: "upcoming",
    currency: price.currency,
    customer: sub.customer,
    lines: { object: "list", data: [{ object: "line_item", amount: periodAmount, currency: price.currency, period: { start, end: null }, pricing: { type: "price_details", price_details: { price: price.id, product: price.product } }, quantity: item.quantity }, ...items.map((i) => ({ object: "line_item", amount: i.unitAmount * i.quantity, currency: price.currency, description: i.description, pricing: { type: "price_details", price_details: { price: i.price, product: i.product } }, quantity: i.quantity }))], has_more: false, url: "/v1/invoices/create_preview/lines" },
    next_payment_attempt: start,
    parent: { type: "subscription_details", subscription_details: { metadata: sub.metadata, subscription: sub.id } },
    period_start: item.current_period_start,
    period_end: start,
    status: "draft",
    subtotal,
    total: subtotal - discount,
    total_discount_amounts: discounts,
  };
}
