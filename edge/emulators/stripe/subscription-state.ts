/** How an invoice's payment moves the invoice and its subscription: paid → active, failed → retries / past_due / end. */
import type { Core } from "./core.ts";
import type { StoredObject } from "./store.ts";
import { changed } from "./resources/customers.ts";

const DAY = 86_400;

export function invoiceOfIntent(core: Core, pi: StoredObject): StoredObject | undefined {
  return pi._invoice ? core.store.get(pi._invoice) : undefined;
}

export function onInvoicePayment(core: Core, invoice: StoredObject, pi: StoredObject): void {
  if (invoice.status !== "open") return;
  const sub = invoice.subscription ? core.store.get(invoice.subscription) : undefined;
  const before = sub ? structuredClone(sub) : undefined;
  if (pi.status === "succeeded") {
    invoice.attempt_count++;
    invoice.attempted = true;
    markPaid(core, invoice);
    if (sub) {
      if (["incomplete", "past_due", "unpaid"].includes(sub.status)) sub.status = "active";
      if (!sub.default_payment_method && sub.payment_settings?.save_default_payment_method === "on_subscription") {
        sub.default_payment_method = pi.payment_method;
      }
    }
  } else if (pi.status === "requires_action") {
    core.emit("invoice.payment_action_required", invoice);
  } else if (pi.status === "requires_payment_method") {
    if (failedAttempt(core, invoice, sub)) return;
  }
  if (sub && before && !sub._creating) {
    const diff = changed(before, sub);
    if (Object.keys(diff).length > 0) core.emit("customer.subscription.updated", sub, diff);
  }
}

/** A failed attempt: schedule the next retry (renewals only) or end the subscription. True when it ended. */
function failedAttempt(core: Core, invoice: StoredObject, sub: StoredObject | undefined): boolean {
  invoice.attempt_count++;
  invoice.attempted = true;
  const renewal = invoice.billing_reason !== "subscription_create";
  const retries = core.billing.retryDays;
  invoice.next_payment_attempt = renewal && invoice.attempt_count <= retries.length
    ? core.now() + retries[invoice.attempt_count - 1] * DAY
    : null;
  core.emit("invoice.payment_failed", invoice);
  if (!sub || !renewal) return false;
  if (invoice.next_payment_attempt !== null) {
    if (sub.status === "active" || sub.status === "trialing") sub.status = "past_due";
    return false;
  }
  const end = core.billing.afterFinalRetry;
  if (end === "canceled") {
    endSubscription(core, sub, "canceled", "payment_failed");
    return true;
  }
  sub.status = end;
  return false;
}

/** An invoice that could not even be attempted (no payment method): counts as a failed attempt. */
export function onInvoiceNotAttempted(core: Core, invoice: StoredObject): void {
  const sub = invoice.subscription ? core.store.get(invoice.subscription) : undefined;
  const before = sub ? structuredClone(sub) : undefined;
  if (failedAttempt(core, invoice, sub)) return;
  if (sub && before && !sub._creating) {
    const diff = changed(before, sub);
    if (Object.keys(diff).length > 0) core.emit("customer.subscription.updated", sub, diff);
  }
}

export function endSubscription(core: Core, sub: StoredObject, status: "canceled" | "incomplete_expired", reason: string): void {
  sub.status = status;
  sub.ended_at = core.now();
  sub.canceled_at ??= core.now();
  sub.cancellation_details = { ...(sub.cancellation_details ?? {}), reason };
  for (const invoice of core.store.all("invoice", (i) => i.subscription === sub.id && i.status === "open")) {
    invoice.next_payment_attempt = null;
    if (status === "incomplete_expired") {
      invoice.status = "void";
      invoice.status_transitions.voided_at = core.now();
      core.emit("invoice.voided", invoice);
    }
  }
  if (sub.schedule) {
    const schedule = core.store.get(sub.schedule);
    if (schedule && schedule.status === "active") {
      schedule.status = "canceled";
      schedule.canceled_at = core.now();
      core.emit("subscription_schedule.canceled", schedule);
    }
  }
  core.emit("customer.subscription.deleted", sub);
}

export function markPaid(core: Core, invoice: StoredObject): void {
  invoice.status = "paid";
  invoice.paid = true;
  invoice.amount_paid = invoice.amount_due;
  invoice.amount_remaining = 0;
  invoice.next_payment_attempt = null;
  invoice.status_transitions.paid_at = core.now();
  const pi = invoice.payment_intent ? core.store.get(invoice.payment_intent) : undefined;
  if (pi) {
    invoice.charge = pi.latest_charge;
    for (const p of invoice.payments.data) {
      p.status = "paid";
      p.amount_paid = invoice.amount_due;
      p.status_transitions.paid_at = core.now();
    }
  }
  core.emit("invoice.paid", invoice);
  core.emit("invoice.payment_succeeded", invoice);
}
