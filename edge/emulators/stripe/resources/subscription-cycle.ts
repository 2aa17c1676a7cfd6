/**
 * A subscription over time: the end of a period (renewed into the next one, with its schedule's phase, and
 * invoiced; or canceled when asked) and the end of a subscription (canceled, or expired while incomplete).
 * Driven by the clock (../billing.ts) and by requests (trial_end=now, cancel now: ./subscriptions.ts).
 */
import type { Core } from "../core.ts";
import type { StoredObject } from "../store.ts";
import { addIntervals } from "../periods.ts";
import { endSubscription } from "../subscription-state.ts";
import { createInvoice, payInvoice, voidInvoice } from "./invoices.ts";
import { changed } from "./customers.ts";
import { currentPhasePrice } from "./subscription-schedules.ts";

/** The end of a subscription: canceled (its unpaid first invoice voided), or expired while incomplete. */
export function subscriptionEnds(core: Core, sub: StoredObject, status: "canceled" | "incomplete_expired"): void {
  if (status === "incomplete_expired") {
    endSubscription(core, sub, status, "payment_failed");
    return;
  }
  for (const invoice of core.store.all("invoice", (i) => i.subscription === sub.id && i.status === "open" && i.billing_reason === "subscription_create")) {
    voidInvoice(core, invoice);
  }
  endSubscription(core, sub, status, "cancellation_requested");
}

/** The end of a period: cancel if asked, else move to the next period (and schedule phase) and invoice it. */
export function renew(core: Core, sub: StoredObject): void {
  const item = sub.items.data[0];
  if (sub.cancel_at_period_end || (sub.cancel_at && sub.cancel_at <= item.current_period_end)) {
    subscriptionEnds(core, sub, "canceled");
    return;
  }
  const before = structuredClone(sub);
  const start = item.current_period_end;
  const phase = currentPhasePrice(core, sub, start);
  if (phase === "cancel") {
    subscriptionEnds(core, sub, "canceled");
    return;
  }
  const wasTrial = sub.status === "trialing";
  const intervalChanged = phase && JSON.stringify(phase.recurring) !== JSON.stringify(item.price.recurring);
  if (phase) item.price = phase;
  const price = item.price;
  // _cycle is the index of the current period counted from the billing cycle anchor (a new anchor after a trial).
  if (wasTrial || intervalChanged) {
    sub.billing_cycle_anchor = start;
    sub._cycle = 0;
  } else sub._cycle = (sub._cycle ?? 0) + 1;
  const end = addIntervals(sub.billing_cycle_anchor, price.recurring, sub._cycle + 1);
  item.current_period_start = sub.current_period_start = start;
  item.current_period_end = sub.current_period_end = end;
  if (wasTrial) sub.status = "active";
  const invoice = createInvoice(core, { sub, price, quantity: item.quantity, periodStart: start, periodEnd: end, billingReason: "subscription_cycle", discounted: true });
  sub.latest_invoice = invoice.id;
  core.emit("customer.subscription.updated", sub, changed(before, sub));
  if (invoice.status === "open") payInvoice(core, invoice, { offSession: true });
}
