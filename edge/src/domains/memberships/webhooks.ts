/**
 * The processor's webhooks (02 §4: states come from the processor). The
 * endpoint verifies the signature, stores each event once (by its id) and
 * enqueues `payments.event` in the same transaction; the job applies it:
 *
 * 1. an event already processed is done (replays change nothing);
 * 2. an event older than the membership's stored version is only marked
 *    processed (out of order: a newer state was already applied);
 * 3. otherwise the subscription's current state is read from the processor
 *    (so two events of the same second cannot be applied in the wrong order)
 *    and stored with the event's time as the new version;
 * 4. an invoice's transaction row is upserted (a paid one stays paid) and, for
 *    a failed payment, the notice is claimed on the event (`noticed_at`) in the
 *    same transaction that writes the site notification and queues the mail
 *    job — so a job retried after a crash, at any step, notifies once.
 *
 * Every step is idempotent, so `processed_at` (set last) is only a shortcut:
 * a crash before it means the job runs again and changes nothing twice.
 */
import type { Deps } from "../../deps.ts";
import type { JobQueue } from "../../jobs/queue.ts";
import { badRequest } from "../../http/errors.ts";
import type { InvoiceState } from "../../platform/payments/payments.ts";
import { createNotificationsService } from "../notifications/service.ts";
import { createMembershipsRepo } from "./repo.ts";
import type { MembershipsService } from "./service.ts";
import { PAYMENT_EVENT_JOB, PAYMENT_FAILED_MAIL_JOB, UNDO_JOB } from "./jobs.ts";
import { applyCommerceEvent, applyCommerceInvoice } from "../commerce/events.ts";
import { formatUsd } from "../../../../sync/rules/money.ts";

/** Events the product consumes; others are stored and acknowledged. */
const SUBSCRIPTION_EVENTS = new Set([
  "customer.subscription.created", "customer.subscription.updated", "customer.subscription.deleted",
  "customer.subscription.trial_will_end", "subscription_schedule.updated", "subscription_schedule.released",
  "subscription_schedule.completed", "subscription_schedule.canceled",
]);
const INVOICE_EVENTS = new Set(["invoice.paid", "invoice.payment_succeeded", "invoice.payment_failed"]);

export function createWebhooks(deps: Pick<Deps, "sql" | "clock" | "payments" | "jobs" | "log">) {
  const { sql, payments, jobs } = deps;
  return {
    /** The endpoint: verify, store once, enqueue. Returns whether the event was new. */
    async receive(rawBody: string, signature: string | undefined) {
      if (!signature) throw badRequest("Missing Stripe-Signature header", { reason: "WEBHOOK_SIGNATURE" });
      let event;
      try {
        event = await payments.verifyWebhook(rawBody, signature);
      } catch {
        throw badRequest("Webhook signature verification failed", { reason: "WEBHOOK_SIGNATURE" });
      }
      return await sql.begin(async (tx) => {
        const rows = await tx`insert into payment_events (id, type, created, payload, account)
          values (${event.id}, ${event.type}, ${event.created}, ${tx.json(event.object as never)}, ${event.account ?? null})
          on conflict (id) do nothing returning id`;
        if (!rows.length) return false;
        await jobs.send(PAYMENT_EVENT_JOB, { eventId: event.id }, { singletonKey: event.id, tx });
        return true;
      });
    },
  };
}

export function registerPaymentJobs(jobs: JobQueue, deps: Deps, memberships: MembershipsService) {
  const { sql, clock, payments, audit, mailer } = deps;
  const repo = createMembershipsRepo(sql);
  const notifications = createNotificationsService(deps);

  async function applySubscription(subscriptionId: string, created: number) {
    const row = await repo.bySubscription(sql, subscriptionId);
    if (!row) return; // Not a membership of this product (or undone before it was complete).
    if (Number(row.version) > created) return; // 2. older than what is stored
    const state = await payments.retrieveSubscription(subscriptionId);
    await memberships.store(state);
    await sql`update memberships set version = greatest(version, ${created}) where subscription_id = ${subscriptionId}`;
  }

  async function applyInvoice(eventId: string, type: string, invoice: InvoiceState, created: number) {
    if (!invoice.subscriptionId) return;
    const row = await repo.bySubscription(sql, invoice.subscriptionId);
    if (!row) {
      // The first invoice can come before the subscribe request has stored the membership (it does so once the
      // processor answered): while that request holds its claim, the event waits for it (the job is retried).
      // Otherwise the subscription is not a membership of ours, or was undone.
      const { patientId, doctorId } = (await payments.retrieveSubscription(invoice.subscriptionId)).metadata;
      if (patientId && doctorId && (await repo.setupClaimed(sql, patientId, doctorId))) {
        throw new Error("the membership of this invoice is still being set up");
      }
      return;
    }
    const paid = type !== "invoice.payment_failed";
    const amount = paid ? invoice.amountPaid : invoice.amountDue;
    const notice = await sql.begin(async (tx) => {
      const [stored] = await tx<{ status: string }[]>`insert into payment_transactions (patient_id, doctor_id, membership_id, invoice_id, type, status, amount_cents, version, created_at)
        values (${row.patient_id}, ${row.doctor_id}, ${row.id}, ${invoice.id}, 'membership', ${paid ? "succeeded" : "failed"}, ${amount},
          ${created}, ${new Date(invoice.created * 1000)})
        on conflict (invoice_id) do update set
          status = case when payment_transactions.status = 'succeeded' then 'succeeded' else excluded.status end,
          amount_cents = case when payment_transactions.status = 'succeeded' then payment_transactions.amount_cents else excluded.amount_cents end,
          version = greatest(payment_transactions.version, excluded.version)
        returning status`;
      // 4. A failed payment's notice: not when the invoice is paid already (a failure delivered after the
      // recovery is old news), and once per event — claimed here, with the notification and the mail job,
      // so a retried job (or a replay) finds it claimed and sends nothing again.
      if (paid || amount <= 0 || stored.status === "succeeded") return null;
      const [claimed] = await tx`update payment_events set noticed_at = ${clock.now()} where id = ${eventId} and noticed_at is null returning id`;
      if (!claimed) return null;
      const written = await notifications.write(tx, [row.patient_id], "membership.paymentFailed", {
        membershipId: row.id, doctorId: row.doctor_id, amountCents: amount, nextAttempt: invoice.nextPaymentAttempt?.toISOString() ?? null,
      });
      await jobs.send(PAYMENT_FAILED_MAIL_JOB, { eventId }, { singletonKey: eventId, tx });
      return written;
    });
    if (notice) await notifications.announce(notice);
    await audit.record({
      event: "payment.write", actorId: null, subjectId: row.patient_id,
      details: { what: paid ? "invoice.paid" : "invoice.failed", invoiceId: invoice.id, amountCents: amount, eventId },
    });
  }

  /** The mail of a failed payment (queued by applyInvoice); `mailed_at` keeps a re-sent job from mailing twice. */
  jobs.define(PAYMENT_FAILED_MAIL_JOB, async ({ eventId }) => {
    const [event] = await sql<{ payload: Record<string, unknown>; mailed_at: Date | null }[]>`
      select payload, mailed_at from payment_events where id = ${eventId}`;
    if (!event || event.mailed_at) return;
    const invoice = payments.toInvoice(event.payload);
    const row = invoice.subscriptionId ? await repo.bySubscription(sql, invoice.subscriptionId) : null;
    if (!row) return;
    const [patient] = await sql<{ email: string; first_name: string }[]>`select email, first_name from users where id = ${row.patient_id}`;
    const retry = invoice.nextPaymentAttempt
      ? `We will try again on ${invoice.nextPaymentAttempt.toLocaleDateString("en-US", { timeZone: "UTC", dateStyle: "long" })}.`
      : "No further attempt will be made; your membership will end.";
    const money = formatUsd(invoice.amountDue);
    await mailer.send({
      to: patient.email,
      subject: "Your membership payment failed",
      text: `Hello ${patient.first_name},\n\nThe ${money} payment for your ${row.plan_name} membership with ${row.doctor_name} ` +
        `did not go through. ${retry}\nPlease update your card in Settings → Payment methods to keep your membership.\n`,
    });
    await sql`update payment_events set mailed_at = ${clock.now()} where id = ${eventId}`;
  });

  jobs.define(PAYMENT_EVENT_JOB, async ({ eventId }) => {
    const [event] = await sql<{ id: string; type: string; created: string; payload: Record<string, unknown>; account: string | null; processed_at: Date | null }[]>`
      select id, type, created::text as created, payload, account, processed_at from payment_events where id = ${eventId}`;
    if (!event || event.processed_at) return; // 1. once
    const created = Number(event.created);
    if (SUBSCRIPTION_EVENTS.has(event.type)) {
      const object = event.payload;
      const subscriptionId = event.type.startsWith("subscription_schedule")
        ? (typeof object.subscription === "string" ? object.subscription : (object.released_subscription as string | null))
        : (object.id as string);
      if (subscriptionId) await applySubscription(subscriptionId, created);
    } else if (INVOICE_EVENTS.has(event.type)) {
      const invoice = payments.toInvoice(event.payload);
      await applyInvoice(event.id, event.type, invoice, created);
      await applyCommerceInvoice(deps, event.payload); // issue 14: the commission split
      if (invoice.subscriptionId) await applySubscription(invoice.subscriptionId, created);
    } else {
      // issue 14: payout accounts, service charges, refunds, payouts
      await applyCommerceEvent(deps, event.type, event.payload, { account: event.account, created });
    }
    await sql`update payment_events set processed_at = ${clock.now()} where id = ${eventId} and processed_at is null`;
  });

  // A refused first payment whose subscription the processor could not cancel at once (service.ts `undo`).
  jobs.define(UNDO_JOB, ({ membershipId }) => memberships.finishUndo(membershipId));
}
