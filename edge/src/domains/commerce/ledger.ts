/**
 * The ledger (GET /admin/ledger): every succeeded or refunded charge computed twice — from our stored
 * `payment_transactions` and from the processor (the charge, its application fee and refunds, its transfer's
 * reversals, and the connected account's balance transactions) — with the totals of both sides, the charges
 * where they differ and, per doctor's account, the stored doctor's share against what the account received.
 * Both sides are computed the same way, so a stored cent that the processor did not move shows as a mismatch.
 */
import type { Deps } from "../../deps.ts";
import type { ChargeRecord } from "../../platform/payments/commerce.ts";
import type { LedgerReport, LedgerSide } from "../../../../sync/schemas/commerce.ts";

const FIELDS = ["paidCents", "refundedCents", "feeCents", "feeRefundedCents", "doctorShareCents", "platformFeeCents"] as const;

type Row = {
  id: string; type: "membership" | "service"; doctor_id: string | null; invoice_id: string; account: string | null; amount_cents: number;
  fee_cents: number; net_cents: number; refunded_cents: number; fee_refunded_cents: number; net_reversed_cents: number;
};

/** Payouts move the account's money to the bank; they are not part of what the charges gave it. */
const PAYOUT_TYPES = new Set(["payout", "payout_cancel", "payout_failure"]);
/** Processor reads at once (the ledger makes one or two per charge). */
const PARALLEL = 8;

/** The platform keeps what was not refunded and not the doctor's (so it absorbs a refund's rounding cent). */
const side = (s: Omit<LedgerSide, "platformFeeCents">): LedgerSide => ({ ...s, platformFeeCents: s.paidCents - s.refundedCents - s.doctorShareCents });
const sum = (sides: LedgerSide[]): LedgerSide =>
  Object.fromEntries(FIELDS.map((k) => [k, sides.reduce((n, s) => n + s[k], 0)])) as LedgerSide;

export function createLedger(deps: Pick<Deps, "sql" | "payments">) {
  const { sql, payments } = deps;

  async function recordOf(r: Row): Promise<ChargeRecord | null> {
    const intentId = r.type === "service" ? r.invoice_id : await payments.intentOfInvoice(r.invoice_id);
    return intentId ? await payments.chargeRecord(intentId) : null;
  }

  return {
    async reconcile(): Promise<LedgerReport> {
      const rows = await sql<Row[]>`select t.id, t.type, t.doctor_id, t.invoice_id, u.stripe_account as account, t.amount_cents, t.fee_cents,
          t.net_cents, t.refunded_cents, t.fee_refunded_cents, t.net_reversed_cents
        from payment_transactions t left join users u on u.id = t.doctor_id
        where t.status in ('succeeded', 'refunded') order by t.created_at, t.id`;
      const records: (ChargeRecord | null)[] = [];
      for (let i = 0; i < rows.length; i += PARALLEL) records.push(...await Promise.all(rows.slice(i, i + PARALLEL).map(recordOf)));

      // Each destination account's balance transactions once: net by source, and the total of everything but payouts.
      const accountIds = [...new Set([...records.map((c) => c?.destinationAccountId), ...rows.map((r) => r.account)].filter((a): a is string => !!a))];
      const accounts = new Map<string, { bySource: Map<string, number>; receivedCents: number }>();
      for (const id of accountIds) {
        const txns = await payments.accountBalanceTransactions(id).catch((e) => {
          // An account the processor does not know or no longer lets us read (test or legacy data): nothing received there.
          if ([400, 403, 404].includes((e as { statusCode?: number }).statusCode ?? 0)) return null;
          throw e;
        });
        if (!txns) continue;
        const bySource = new Map<string, number>();
        for (const t of txns) if (t.source) bySource.set(t.source, (bySource.get(t.source) ?? 0) + t.netCents);
        accounts.set(id, { bySource, receivedCents: txns.filter((t) => !PAYOUT_TYPES.has(t.type)).reduce((n, t) => n + t.netCents, 0) });
      }

      const charges = rows.map((r, i) => {
        const stored = side({
          paidCents: r.amount_cents, refundedCents: r.refunded_cents, feeCents: r.fee_cents, feeRefundedCents: r.fee_refunded_cents,
          doctorShareCents: r.net_cents - r.net_reversed_cents,
        });
        // Stored rules that need no processor: the split adds up, refunds within what was paid, the fee refunds
        // within the one cent a proportional reversal can round.
        const balanced = r.fee_cents + r.net_cents === r.amount_cents && r.refunded_cents <= r.amount_cents &&
          Math.abs(r.fee_cents - r.fee_refunded_cents - stored.platformFeeCents) <= 1;
        const c = records[i];
        let processor: LedgerSide | null = null;
        if (c) {
          const account = c.destinationAccountId ? accounts.get(c.destinationAccountId) : undefined;
          const received = account ? c.accountSources.reduce((n, s) => n + (account.bySource.get(s) ?? 0), 0) : 0;
          // No destination: the platform kept the whole payment, which is what the stored row says (fee = amount).
          processor = side({
            paidCents: c.amountCents, refundedCents: c.refundedCents, feeRefundedCents: c.applicationFeeRefundedCents,
            feeCents: c.destinationAccountId ? c.applicationFeeCents : c.amountCents,
            doctorShareCents: c.destinationAccountId ? received : 0,
          });
        }
        const differences: string[] = processor ? FIELDS.filter((k) => stored[k] !== processor[k]) : ["missing at the processor"];
        return { id: r.id, type: r.type, doctorId: r.doctor_id, chargeId: c?.chargeId ?? null, stored, processor, balanced, differences, account: c?.destinationAccountId ?? null };
      });

      // Per account: what our rows say the doctor kept against everything the account received (payouts aside);
      // money the account got from a charge we never stored shows here.
      const byAccount = accountIds.map((accountId) => {
        const storedCents = charges.filter((c) => (c.account ?? rows.find((r) => r.id === c.id)!.account) === accountId)
          .reduce((n, c) => n + c.stored.doctorShareCents, 0);
        const receivedCents = accounts.get(accountId)?.receivedCents ?? 0;
        return { accountId, storedDoctorShareCents: storedCents, receivedCents, agrees: storedCents === receivedCents };
      });

      const mismatches = charges.filter((c) => c.differences.length > 0)
        .map(({ id, type, doctorId, chargeId, stored, processor, differences }) => ({ id, type, doctorId, chargeId, differences, stored, processor }));
      return {
        totals: { stored: sum(charges.map((c) => c.stored)), processor: sum(charges.flatMap((c) => (c.processor ? [c.processor] : []))) },
        rows: charges.map((c) => ({ id: c.id, type: c.type, chargeId: c.chargeId, ...c.stored, balanced: c.balanced, agrees: c.differences.length === 0 })),
        mismatches,
        accounts: byAccount,
        balanced: charges.every((c) => c.balanced),
        agrees: mismatches.length === 0 && byAccount.every((a) => a.agrees),
      };
    },
  };
}
export type Ledger = ReturnType<typeof createLedger>;
