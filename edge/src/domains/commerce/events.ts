/**
 * The processor's events about commerce, applied by issue 13's payment-event
 * job (edge/src/domains/memberships/webhooks.ts calls this for the types it
 * does not handle itself). Idempotent: each sets state from the event's object.
 *
 * - account.updated: a doctor's payout account is active only while charges
 *   AND payouts are enabled (02 §4); otherwise they cannot be subscribed to or booked.
 *   Read from the processor when applied, so the order events run in does not matter.
 * - payment_intent.succeeded / payment_failed / canceled: a service charge that
 *   needed 3-D Secure is settled (./purchase.ts `settle`, the same as the confirm call).
 * - charge.refunded: refunds made at the processor (its dashboard) reach our totals too.
 * - payout.*: a doctor's payouts and their status (./payouts.ts); a failed one notifies the doctor.
 */
import type { Deps } from "../../deps.ts";
import { createPurchases } from "./purchase.ts";
import { applyPayoutEvent, PAYOUT_EVENTS } from "./payouts.ts";

type Obj = Record<string, any>;

export async function applyCommerceEvent(
  deps: Pick<Deps, "sql" | "payments" | "audit" | "mailer" | "clock" | "events">,
  type: string,
  object: Obj,
  meta: { account: string | null; created: number } = { account: null, created: 0 },
): Promise<void> {
  const { sql, payments, audit } = deps;
  if (PAYOUT_EVENTS.has(type)) return await applyPayoutEvent(deps, object, meta);
  if (type === "account.updated") {
    // The account as the processor has it now, not the event's snapshot: events arrive and run in any order
    // (the account's creation event, still disabled, may be applied after the onboarding's).
    const snapshot = payments.toAccount(object);
    const account = await payments.retrieveAccount(snapshot.id).catch(() => snapshot);
    const active = account.chargesEnabled && account.payoutsEnabled;
    const rows = await sql<{ id: string; was: boolean }[]>`update users u set is_active_stripe_account = ${active}
      from (select id, is_active_stripe_account as was from users where stripe_account = ${account.id}) old
      where u.id = old.id returning u.id, old.was`;
    for (const r of rows) {
      if (r.was !== active) {
        await audit.record({ event: "payment.write", actorId: null, subjectId: r.id, details: { what: "payout.account.updated", active } });
      }
    }
  } else if (["payment_intent.succeeded", "payment_intent.payment_failed", "payment_intent.canceled"].includes(type)) {
    if (typeof object.id === "string") await createPurchases(deps).settleIntent(object.id);
  } else if (type === "charge.refunded") {
    const intent = typeof object.payment_intent === "string" ? object.payment_intent : object.payment_intent?.id;
    if (!intent) return;
    const refunded = Number(object.amount_refunded ?? 0);
    // Only ever raises the total (an older event never lowers it); the split reversals come with our own refunds.
    await sql`update payment_transactions set refunded_cents = greatest(refunded_cents, ${refunded}),
      status = case when greatest(refunded_cents, ${refunded}) >= amount_cents then 'refunded' else status end
      where invoice_id = ${intent} and type = 'service'`;
  }
}

/**
 * A membership invoice's split (issue 13 records the transaction; this adds fee
 * and net), read from the processor: with a destination the processor moved
 * amount − application fee to the doctor; without one (no payout account) the
 * platform kept it all.
 */
export async function applyCommerceInvoice(deps: Pick<Deps, "sql" | "payments">, invoice: Obj): Promise<void> {
  const [row] = await deps.sql<{ id: string }[]>`select id from payment_transactions where invoice_id = ${invoice.id} and type = 'membership'
    and status = 'succeeded'`;
  if (!row) return;
  const split = await deps.payments.invoiceSplit(invoice.id);
  const fee = split ? split.applicationFeeCents : null;
  await deps.sql`update payment_transactions set
      fee_cents = ${fee === null ? deps.sql`amount_cents` : deps.sql`least(${fee}, amount_cents)`},
      net_cents = ${fee === null ? deps.sql`0` : deps.sql`amount_cents - least(${fee}, amount_cents)`}
    where id = ${row.id}`;
}
