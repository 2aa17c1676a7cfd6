/**
 * The billing engine driven by the emulated clock: renewals at period end (with a schedule's next phase), trial ends,
 * `customer.subscription.trial_will_end` 3 days before, `invoice.upcoming` 7 days before a renewal, retries of failed
 * renewals (after 3, 5 and 7 days by default, then the subscription is canceled — Stripe's default "cancel the
 * subscription" setting; `unpaid` and `past_due` are the other choices), and incomplete subscriptions expiring after
 * 23 hours. It also follows payment intents that belong to invoices.
 */
import type { Core } from "./core.ts";
import type { StoredObject } from "./store.ts";
import { invoiceOfIntent, onInvoicePayment } from "./subscription-state.ts";
import { renew, subscriptionEnds } from "./resources/subscription-cycle.ts";
import { payInvoice } from "./resources/invoices.ts";
import { settle as settlePayout } from "./resources/connect.ts";

const DAY = 86_400;

export function installBilling(core: Core): void {
  core.intentListeners.push((pi) => {
    const invoice = invoiceOfIntent(core, pi);
    if (invoice) onInvoicePayment(core, invoice, pi);
  });
}

type Due = { at: number; run: () => void };

function dueActions(core: Core): Due[] {
  const out: Due[] = [];
  for (const sub of core.store.all("subscription")) {
    if (sub.status === "incomplete") {
      out.push({ at: sub.created! + 23 * 3600, run: () => subscriptionEnds(core, sub, "incomplete_expired") });
      continue;
    }
    if (!["active", "trialing", "past_due"].includes(sub.status)) continue;
    const end = sub.items.data[0].current_period_end as number;
    if (sub.cancel_at && sub.cancel_at < end) {
      out.push({ at: sub.cancel_at, run: () => subscriptionEnds(core, sub, "canceled") });
      continue;
    }
    out.push({ at: end, run: () => renew(core, sub) });
    if (sub.status === "trialing" && !sub._trialWillEndSent && sub.trial_end - 3 * DAY > sub.created!) {
      out.push({ at: sub.trial_end - 3 * DAY, run: () => {
        sub._trialWillEndSent = true;
        core.emit("customer.subscription.trial_will_end", sub);
      } });
    }
    if (!sub.cancel_at_period_end && sub._upcomingFor !== end && end - 7 * DAY > sub.items.data[0].current_period_start) {
      out.push({ at: end - 7 * DAY, run: () => {
        sub._upcomingFor = end;
        const price = sub.items.data[0].price;
        core.emit("invoice.upcoming", {
          id: "",
          object: "invoice",
          amount_due: price.unit_amount * sub.items.data[0].quantity,
          currency: price.currency,
          customer: sub.customer,
          next_payment_attempt: end,
          period_start: sub.items.data[0].current_period_start,
          period_end: end,
          status: "draft",
          subscription: sub.id,
          parent: { type: "subscription_details", subscription_details: { metadata: sub.metadata, subscription: sub.id } },
        } as StoredObject);
      } });
    }
  }
  for (const invoice of core.store.all("invoice", (i) => i.status === "open" && i.next_payment_attempt !== null)) {
    out.push({ at: invoice.next_payment_attempt, run: () => retry(core, invoice) });
  }
  // Payouts arrive (payout.paid) or fail (payout.failed) on their arrival date.
  for (const payout of core.store.all("payout", (p) => p.status === "pending")) {
    out.push({ at: payout.arrival_date, run: () => settlePayout(core, payout) });
  }
  return out;
}

function retry(core: Core, invoice: StoredObject): void {
  invoice.next_payment_attempt = null;
  payInvoice(core, invoice, { offSession: true });
}

/** Runs every action due up to `target` in time order, each at its own moment, then leaves the clock at target. */
export function runDue(core: Core, target: number): void {
  for (let guard = 0; guard < 10_000; guard++) {
    const next = dueActions(core).filter((d) => d.at <= target).sort((a, b) => a.at - b.at)[0];
    if (!next) break;
    setNow(core, Math.max(core.now(), next.at));
    next.run();
  }
  setNow(core, target);
}

function setNow(core: Core, unix: number): void {
  core.store.clockOffset = unix - Math.floor(Date.now() / 1000);
}
