import { useQuery } from "@tanstack/react-query";
import { useApi } from "../../../lib/app-deps.tsx";
import { errorMessage } from "../../../lib/api/api-error.ts";
import { Button, Spinner } from "../../../ui/index.ts";
import type { LedgerReport, LedgerSide } from "../../../../../sync/schemas/commerce.ts";
import { formatUsd } from "../../../../../sync/rules/money.ts";
import { commerceKeys } from "../keys.ts";

const LINES: { key: keyof LedgerSide; label: string }[] = [
  { key: "paidCents", label: "Paid by patients" },
  { key: "refundedCents", label: "Refunded" },
  { key: "platformFeeCents", label: "Platform commission" },
  { key: "doctorShareCents", label: "Doctors' share" },
];

const FIELD_WORDS: Record<string, string> = {
  paidCents: "amount paid",
  refundedCents: "refunded",
  feeCents: "commission",
  feeRefundedCents: "commission refunded",
  doctorShareCents: "doctor's share",
  platformFeeCents: "platform's part",
};
/** A difference as words, with both figures when the processor has the charge. */
function differenceText(field: string, m: LedgerReport["mismatches"][number]): string {
  const key = field as keyof LedgerSide;
  if (!(field in FIELD_WORDS) || !m.processor) return field;
  return `${FIELD_WORDS[field]} ${formatUsd(m.stored[key])} here, ${formatUsd(m.processor[key])} at the processor`;
}

/**
 * The admin's ledger (`GET /admin/ledger`): every charge computed from our records and from the
 * processor's (charges, application fees and their refunds, transfers and their reversals, the doctors'
 * accounts), side by side; it agrees to the cent or names the charges that differ. Asked for on demand:
 * it reads the processor for every charge.
 */
export function LedgerPanel() {
  const api = useApi();
  const ledger = useQuery({
    queryKey: commerceKeys.ledger(),
    queryFn: () => api.GET("/admin/ledger"),
    enabled: false,
  });
  const report = ledger.data;
  return (
    <section className="stack" aria-labelledby="ledger-title">
      <h2 id="ledger-title">Ledger</h2>
      <p className="muted">Our records of every charge, refund and commission, checked against the card processor's.</p>
      <div className="row">
        <Button variant="secondary" loading={ledger.isFetching} onClick={() => void ledger.refetch()}>
          {report ? "Check again" : "Check the ledger"}
        </Button>
      </div>
      {ledger.isFetching && !report && <Spinner label="Reading the processor's records" />}
      {ledger.isError && <p className="form-error" role="alert">{errorMessage(ledger.error)}</p>}
      {report && (
        <>
          <p role="status" data-testid="ledger-verdict" className={report.agrees && report.balanced ? undefined : "form-error"}>
            {report.agrees && report.balanced
              ? `Agrees with the processor to the cent (${report.rows.length} ${report.rows.length === 1 ? "charge" : "charges"}).`
              : `${report.mismatches.length} ${report.mismatches.length === 1 ? "charge differs" : "charges differ"} from the processor${
                report.balanced ? "" : "; our records break the split rules"
              }.`}
          </p>
          <div style={{ overflowX: "auto" }} tabIndex={0} role="region" aria-label="Ledger totals">
            <table className="data-table">
              <caption className="visually-hidden">Ledger totals: our records and the processor's</caption>
              <thead>
                <tr>
                  <th scope="col">Total</th>
                  <th scope="col">Our records</th>
                  <th scope="col">Processor</th>
                </tr>
              </thead>
              <tbody>
                {LINES.map(({ key, label }) => (
                  <tr key={key}>
                    <th scope="row">{label}</th>
                    <td>{formatUsd(report.totals.stored[key])}</td>
                    <td>{formatUsd(report.totals.processor[key])}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {report.mismatches.length > 0 && (
            <ul className="stack" aria-label="Charges that differ">
              {report.mismatches.map((m) => (
                <li key={m.id}>
                  {m.type === "membership" ? "Membership" : "Service"} charge {m.chargeId ?? m.id}: {m.differences.map((d) => differenceText(d, m)).join("; ")}
                </li>
              ))}
            </ul>
          )}
          {report.accounts.some((a) => !a.agrees) && (
            <ul className="stack" aria-label="Payout accounts that differ">
              {report.accounts.filter((a) => !a.agrees).map((a) => (
                <li key={a.accountId}>
                  Payout account {a.accountId}: our records {formatUsd(a.storedDoctorShareCents)}, received {formatUsd(a.receivedCents)}
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
