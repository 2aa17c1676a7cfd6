/**
 * Money after the sale: transactions with their split for doctors, their VMAs
 * and admins (filters, CSV), the admin's refunds (full or partial, reason
 * required, within what was paid; the processor reverses the doctor's transfer
 * and the platform's fee in proportion), the doctor's balance and payouts read
 * from the processor, and the ledger (./ledger.ts) that reconciles every
 * stored charge with the processor's records to the cent.
 */
import type { Actor } from "../../access/actor.ts";
import type { Queryable } from "../../db/connect.ts";
import type { Deps } from "../../deps.ts";
import { listOf } from "../../http/envelope.ts";
import { AppError, badRequest, conflict, forbidden } from "../../http/errors.ts";
import { PayoutError } from "../../platform/payments/commerce.ts";
import type { DoctorBalance, LedgerQuery, LedgerTransaction, RefundInput } from "../../../../sync/schemas/commerce.ts";
import type { Payout, RefundedTransaction } from "../../../../sync/schemas/commerce-answers.ts";
import { noSuchTransaction, transactionScope } from "./access.ts";
import { noStripeAccount } from "./payout-account.ts";
import { storedPayouts } from "./payouts.ts";
import { createLedger } from "./ledger.ts";
import type { RefundNotice } from "./refund-notice.ts";
import { CSV_BOM, csvCell } from "../../http/csv.ts";
import { centsAsDecimal } from "../../../../sync/rules/money.ts";

type TxRow = {
  id: string; type: "membership" | "service"; status: LedgerTransaction["status"]; patient_id: string; patient_name: string;
  doctor_id: string | null; doctor_name: string | null; description: string | null; amount_cents: number; fee_cents: number;
  net_cents: number; refunded_cents: number; fee_refunded_cents: number; net_reversed_cents: number; invoice_id: string; created_at: Date;
};

const toLedger = (r: TxRow): LedgerTransaction => ({
  id: r.id, type: r.type, status: r.status, patientId: r.patient_id, patientName: r.patient_name, doctorId: r.doctor_id,
  doctorName: r.doctor_name, description: r.description ?? (r.type === "membership" ? "Membership" : "Service"),
  amountCents: r.amount_cents, feeCents: r.fee_cents, netCents: r.net_cents, refundedCents: r.refunded_cents,
  createdAt: r.created_at.toISOString(),
});

/** 02 §8 "amount exceeds transaction amount". */
export const refundTooLarge = () => badRequest("The amount exceeds the transaction amount.", { reason: "REFUND_EXCEEDS" });
export const refundWindowPassed = (days: number) =>
  conflict(`This service can be refunded only within ${days} days of the purchase; that time has passed.`, "REFUND_WINDOW_PASSED");
export const payoutExceeds = () => badRequest("The amount exceeds your available balance.", { reason: "PAYOUT_EXCEEDS_BALANCE" });
export const payoutFailed = () => new AppError(502, "There was an error with your payout. Please try again later.", { reason: "PAYOUT_ERROR" });

const money = centsAsDecimal;
type Cursor = { at: string; id: string };

/** Rows per query of the CSV export. */
export const CSV_PAGE = 1000;

export function createMoney(deps: Pick<Deps, "sql" | "audit" | "payments"> & { refundNotice: RefundNotice }) {
  const { sql, audit, payments, refundNotice } = deps;
  const ledger = createLedger(deps);

  /** The rows this actor may see under these filters; null: none (a doctor asking for another doctor's). */
  function visible(actor: Actor, q: LedgerQuery) {
    const scope = transactionScope(actor);
    if (!scope) throw forbidden();
    const doctor = scope === "all" ? q.doctorId ?? null : scope;
    if (scope !== "all" && q.doctorId && q.doctorId !== scope) return null;
    return sql`where true
      ${doctor ? sql`and t.doctor_id = ${doctor}` : sql``}
      ${q.patientId ? sql`and t.patient_id = ${q.patientId}` : sql``}
      ${q.type ? sql`and t.type = ${q.type}` : sql``}
      ${q.status ? sql`and t.status = ${q.status}` : sql``}
      ${q.from ? sql`and t.created_at >= ${q.from}::date` : sql``}
      ${q.to ? sql`and t.created_at < (${q.to}::date + 1)` : sql``}`;
  }

  /**
   * Newest first; `page` by offset (the list) or after a row (the CSV). The row's time travels as text
   * (`created_at::text`, microseconds kept) and is cast back in SQL: typed as a timestamp, the driver would send
   * it back to the millisecond and skip rows within it; looked up by id, a row deleted meanwhile would end the
   * export early.
   */
  function select(where: ReturnType<typeof visible> & object, page: { offset: number; limit: number } | { after: Cursor | null; limit: number }) {
    const after = "after" in page && page.after
      ? sql`and (t.created_at, t.id) < (${page.after.at}::text::timestamptz, ${page.after.id}::uuid)`
      : sql``;
    return sql<(TxRow & { at: string })[]>`select t.*, t.created_at::text as at, p.first_name || ' ' || p.last_name as patient_name,
        d.first_name || ' ' || d.last_name as doctor_name,
        coalesce(s.name, pl.name) as description
      from payment_transactions t join users p on p.id = t.patient_id left join users d on d.id = t.doctor_id
      left join service_requests r on r.id = t.service_request_id left join paid_services s on s.id = r.service_id
      left join memberships m on m.id = t.membership_id left join plans pl on pl.id = m.plan_id
      ${where} ${after} order by t.created_at desc, t.id desc ${"offset" in page ? sql`offset ${page.offset}` : sql``} limit ${page.limit}`;
  }

  return {
    async list(actor: Actor, q: LedgerQuery) {
      const where = visible(actor, q);
      if (!where) return listOf([], q.offset, q.limit, 0);
      const rows = await select(where, q);
      const [{ n }] = await sql<{ n: number }[]>`select count(*)::int as n from payment_transactions t ${where}`;
      return listOf(rows.map(toLedger), q.offset, q.limit, n);
    },

    /**
     * Every row under the filters as CSV (amounts in dollars with cents; cells a spreadsheet would run are
     * neutralised), streamed a page at a time after the last row sent, so an export of any size is whole
     * and rows written meanwhile neither repeat nor shift it.
     */
    csv(actor: Actor, q: LedgerQuery): ReadableStream<Uint8Array> {
      const where = visible(actor, q);
      const encoder = new TextEncoder();
      let after: Cursor | null = null;
      let headerSent = false;
      return new ReadableStream<Uint8Array>({
        async pull(controller) {
          if (!headerSent) {
            headerSent = true;
            controller.enqueue(encoder.encode(CSV_BOM + "date,type,status,patient,doctor,description,amount,platform_fee,doctor_net,refunded\r\n"));
            if (!where) controller.close();
            return;
          }
          const rows = await select(where!, { after, limit: CSV_PAGE });
          if (rows.length > 0) {
            const last = rows[rows.length - 1];
            after = { at: last.at, id: last.id };
            controller.enqueue(encoder.encode(rows.map(toLedger).map((t) =>
              [t.createdAt, t.type, t.status, t.patientName, t.doctorName ?? "", t.description, money(t.amountCents), money(t.feeCents),
                money(t.netCents), money(t.refundedCents)].map(csvCell).join(",") + "\r\n"
            ).join("")));
          }
          if (rows.length < CSV_PAGE) controller.close();
        },
      });
    },

    /** The admin's refund: full or partial, reason required, never above what is left. */
    async refund(actor: Actor, transactionId: string, input: RefundInput): Promise<RefundedTransaction> {
      // One refund of a transaction at a time: the row is locked from the check of what is left to the totals written,
      // so two refunds at once cannot both pass the check (the processor would refuse the second with a 500 here).
      const { t, r, notice } = await sql.begin(async (tx) => {
        const [t] = await tx<TxRow[]>`select * from payment_transactions where id = ${transactionId} for update`;
        if (!t) throw noSuchTransaction();
        if (t.status !== "succeeded") throw badRequest("Only a paid transaction can be refunded.", { reason: "NOT_REFUNDABLE" });
        if (input.amountCents > t.amount_cents - t.refunded_cents) throw refundTooLarge();
        await checkRefundWindow(tx, t);
        const intentId = t.type === "service" ? t.invoice_id : await intentOfInvoice(t.invoice_id);
        const key = crypto.randomUUID();
        const r = await payments.refund({ intentId, amountCents: input.amountCents, idempotencyKey: `refund-${key}`, metadata: { transactionId } });
        const status = r.totalRefundedCents >= t.amount_cents ? "refunded" : "succeeded";
        await tx`insert into payment_refunds (transaction_id, refund_id, amount_cents, reason, admin_id)
          values (${transactionId}, ${r.refundId}, ${r.amountCents}, ${input.reason}, ${actor.userId}) on conflict (refund_id) do nothing`;
        await tx`update payment_transactions set refunded_cents = ${r.totalRefundedCents}, fee_refunded_cents = ${r.totalFeeRefundedCents},
          net_reversed_cents = ${r.totalTransferReversedCents}, status = ${status} where id = ${transactionId}`;
        if (t.type === "service") await tx`update service_requests set status = ${status === "refunded" ? "refunded" : "paid"} where intent_id = ${t.invoice_id}`;
        const notice = await refundNotice.write(tx, {
          patientId: t.patient_id, transactionId, refundId: r.refundId, amountCents: r.amountCents, paidCents: t.amount_cents,
          totalRefundedCents: r.totalRefundedCents,
        });
        return { t, r, notice };
      });
      await refundNotice.announce(notice);
      await audit.record({
        event: "payment.write", actorId: actor.userId, subjectId: t.patient_id,
        details: { what: "refund", transactionId, amountCents: r.amountCents, reason: input.reason, refundId: r.refundId },
      });
      const [after] = await sql<TxRow[]>`select t.*, '' as patient_name, null as doctor_name, null as description from payment_transactions t where id = ${transactionId}`;
      return { ...toLedger(after), feeRefundedCents: after.fee_refunded_cents, netReversedCents: after.net_reversed_cents };
    },

    async balance(actor: Actor): Promise<DoctorBalance> {
      const account = await accountOf(actor.userId);
      const [b, payouts, stored] = await Promise.all([payments.balanceOf(account), payments.payoutsOf(account, 20), storedPayouts(sql, actor.userId)]);
      return {
        ...b,
        // The processor's list (current status); the reason of a failure from its payout.failed event.
        payouts: payouts.map((p) => ({
          id: p.id, amountCents: p.amountCents, status: p.status, arrivalDate: p.arrivalDate?.toISOString() ?? null, createdAt: p.created.toISOString(),
          failureMessage: stored.get(p.id)?.failure_message ?? null,
        })),
      };
    },

    async payout(actor: Actor, amountCents: number): Promise<Payout> {
      const account = await accountOf(actor.userId);
      const { availableCents } = await payments.balanceOf(account);
      if (amountCents > availableCents) throw payoutExceeds();
      let p;
      try {
        p = await payments.createPayout({ accountId: account, amountCents, idempotencyKey: `payout-${crypto.randomUUID()}` });
      } catch (e) {
        if (e instanceof PayoutError) throw e.code === "balance_insufficient" ? payoutExceeds() : payoutFailed();
        throw e;
      }
      await sql`insert into payout_requests (doctor_id, payout_id, amount_cents) values (${actor.userId}, ${p.id}, ${amountCents})`;
      await audit.record({ event: "payment.write", actorId: actor.userId, subjectId: actor.userId, details: { what: "payout", payoutId: p.id, amountCents } });
      return { id: p.id, amountCents: p.amountCents, status: p.status, arrivalDate: p.arrivalDate?.toISOString() ?? null, createdAt: p.created.toISOString() };
    },

    /** The ledger: stored transactions reconciled with the processor's records (./ledger.ts). */
    ledger: () => ledger.reconcile(),
  };

  /** 02 §9: a service with a refund window (the imaging referral: 30 days) is not refunded after it, counted from the purchase. */
  async function checkRefundWindow(q: Queryable, t: TxRow) {
    if (t.type !== "service") return;
    const [row] = await q<{ days: number | null; closed: boolean }[]>`select s.refund_window_days as days,
        t.created_at <= now() - make_interval(days => s.refund_window_days) as closed
      from payment_transactions t join service_requests r on r.id = t.service_request_id join paid_services s on s.id = r.service_id
      where t.id = ${t.id}`;
    if (row?.days && row.closed) throw refundWindowPassed(row.days);
  }

  async function accountOf(doctorId: string) {
    const [row] = await sql<{ stripe_account: string | null }[]>`select stripe_account from users where id = ${doctorId}`;
    if (!row?.stripe_account) throw noStripeAccount();
    return row.stripe_account;
  }
  async function intentOfInvoice(invoiceId: string): Promise<string> {
    const id = await payments.intentOfInvoice(invoiceId);
    if (!id) throw badRequest("Only a paid transaction can be refunded.", { reason: "NOT_REFUNDABLE" });
    return id;
  }
}
export type Money = ReturnType<typeof createMoney>;
