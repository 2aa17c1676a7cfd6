/**
 * The patient is told of a refund (issue 32: an admin's partial refund reached nobody): a site notification written
 * in the refund's own transaction (once with it), and a mail sent by a job queued in that transaction, so it goes
 * exactly once however many edge processes run and survives a crash between the two.
 */
import type { Queryable } from "../../db/connect.ts";
import type { Deps } from "../../deps.ts";
import type { NotificationsService } from "../notifications/service.ts";
import { formatUsd } from "../../../../sync/rules/money.ts";
import { REFUND_MAIL_JOB } from "./jobs.ts";

const usd = formatUsd;

export type RefundFacts = { patientId: string; transactionId: string; refundId: string; amountCents: number; paidCents: number; totalRefundedCents: number };

export function createRefundNotice(deps: Pick<Deps, "sql" | "jobs" | "mailer"> & { notifications: NotificationsService }) {
  const { sql, jobs, mailer, notifications } = deps;

  jobs.define(REFUND_MAIL_JOB, async ({ refundId }) => {
    const [row] = await sql<{ email: string; first_name: string; amount_cents: number; reason: string; mailed_at: Date | null; paid: number; refunded: number; id: string }[]>`
      select u.email, u.first_name, r.amount_cents, r.reason, r.mailed_at, t.amount_cents as paid, t.refunded_cents as refunded, r.id
      from payment_refunds r join payment_transactions t on t.id = r.transaction_id join users u on u.id = t.patient_id
      where r.refund_id = ${refundId}`;
    if (!row || row.mailed_at) return;
    const whole = row.refunded >= row.paid;
    await mailer.send({
      to: row.email,
      subject: `A refund of ${usd(row.amount_cents)} is on its way`,
      text: `Hello ${row.first_name},\n\nWe refunded ${usd(row.amount_cents)} of your ${usd(row.paid)} payment` +
        `${whole ? " (the whole payment)" : ""}. Reason: ${row.reason}\n` +
        "It reaches your card within 5 to 10 business days, depending on your bank. Your payments are in Settings → Payment history.\n",
    });
    await sql`update payment_refunds set mailed_at = now() where id = ${row.id}`;
  });

  return {
    /** In the refund's transaction: the site notification and the mail's job. */
    async write(tx: Queryable, f: RefundFacts) {
      const written = await notifications.write(tx, [f.patientId], "payment.refunded", {
        transactionId: f.transactionId, amountCents: f.amountCents, paidCents: f.paidCents, totalRefundedCents: f.totalRefundedCents,
      });
      await jobs.send(REFUND_MAIL_JOB, { refundId: f.refundId }, { singletonKey: f.refundId, tx });
      return written;
    },
    announce: notifications.announce,
  };
}
export type RefundNotice = ReturnType<typeof createRefundNotice>;
