import { useState } from "react";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useApi } from "../../../lib/app-deps.tsx";
import { errorMessage } from "../../../lib/api/api-error.ts";
import { Button, Dialog, EmptyState, Pager, Select, Spinner, TextField, useOffsetInRange, useSnackbar } from "../../../ui/index.ts";
import { useSession } from "../../auth/index.ts";
import { type LedgerTransaction, TRANSACTION_STATUSES, TRANSACTION_TYPES } from "../../../../../sync/schemas/commerce.ts";
import { BalancePanel } from "../components/BalancePanel.tsx";
import { LedgerPanel } from "../components/LedgerPanel.tsx";
import { type ChosenUser, UserFilter } from "../components/UserFilter.tsx";
import { centsAsDecimal, formatUsd, positiveCents } from "../../../../../sync/rules/money.ts";
import { commerceKeys } from "../keys.ts";


/** Rows per page (the edge's default page; at most 500). */
export const TRANSACTIONS_PAGE = 50;

/**
 * `/transactions` (doctor: balance, payouts and their patients' payments),
 * `/vma/transactions` (their doctor's payments), `/admin/transactions` (all,
 * with a doctor filter and refunds); a patient filter (an admin's: anyone; a
 * doctor's or VMA's: their practice's patients) and the CSV for all three. The
 * edge decides who sees what.
 */
export function TransactionsPage() {
  const { user } = useSession();
  const api = useApi();
  const isAdmin = user?.role === "admin";
  const [filters, setFilters] = useState({ type: "", status: "", from: "", to: "" });
  const [doctor, setDoctor] = useState<ChosenUser | null>(null);
  const [patient, setPatient] = useState<ChosenUser | null>(null);
  const [offset, setOffset] = useState(0);
  const chosen = { ...filters, doctorId: doctor?.id ?? "", patientId: patient?.id ?? "" };
  // The same filters for the list and the CSV (the CSV has every matching row, not a page); "All" sends nothing.
  const query = {
    type: TRANSACTION_TYPES.find((t) => t === filters.type),
    status: TRANSACTION_STATUSES.find((t) => t === filters.status),
    from: filters.from || undefined,
    to: filters.to || undefined,
    doctorId: doctor?.id,
    patientId: patient?.id,
  };
  const list = useQuery({
    queryKey: commerceKeys.transactions({ ...chosen, offset: String(offset) }),
    queryFn: () => api.GET("/transactions", { query: { ...query, offset, limit: TRANSACTIONS_PAGE } }),
    placeholderData: keepPreviousData,
  });
  // A refund can take a row out of the status filtered on: never stay on a page past the last.
  useOffsetInRange(offset, TRANSACTIONS_PAGE, list.data?.totalCount, setOffset);
  const [refunding, setRefunding] = useState<LedgerTransaction | null>(null);
  // A filter change goes back to the first page.
  const filter = (patch: Partial<typeof filters>) => { setFilters({ ...filters, ...patch }); setOffset(0); };

  const csv = useMutation({
    mutationFn: async () => {
      const res = await api.RAW("GET", "/transactions/csv", { query });
      return await res.blob();
    },
    onSuccess: (blob) => {
      const url = URL.createObjectURL(blob);
      const a = Object.assign(document.createElement("a"), { href: url, download: "transactions.csv" });
      a.click();
      URL.revokeObjectURL(url);
    },
  });

  return (
    <section className="stack" aria-labelledby="tx-title">
      <title>Transactions · DPC Telehealth</title>
      <h1 id="tx-title">Transactions</h1>
      {user?.role === "doctor" && <BalancePanel />}
      <form className="row" style={{ flexWrap: "wrap", gap: 12 }} aria-label="Filters" onSubmit={(e) => e.preventDefault()}>
        <Select label="Type" value={filters.type} placeholder="All" onChange={(type) => filter({ type })}
          options={[{ value: "membership", label: "Membership" }, { value: "service", label: "Service" }]} />
        <Select label="Status" value={filters.status} placeholder="All" onChange={(status) => filter({ status })}
          options={[{ value: "succeeded", label: "Succeeded" }, { value: "pending", label: "Pending" }, { value: "refunded", label: "Refunded" }]} />
        <TextField label="From" type="date" value={filters.from} onChange={(from) => filter({ from })} />
        <TextField label="To" type="date" value={filters.to} onChange={(to) => filter({ to })} />
        {isAdmin && <UserFilter role="doctor" label="Doctor" value={doctor} onChange={(u) => { setDoctor(u); setOffset(0); }} />}
        <UserFilter role="patient" label="Patient" scope={isAdmin ? "all" : "practice"} value={patient}
          onChange={(u) => { setPatient(u); setOffset(0); }} />
      </form>
      <div className="stack">
        <div className="row">
          <Button variant="secondary" loading={csv.isPending} onClick={() => csv.mutate()}>Download CSV</Button>
        </div>
        {csv.isError && <p className="form-error" role="alert">The CSV could not be downloaded: {errorMessage(csv.error)}</p>}
      </div>
      {list.isPending && <Spinner label="Loading transactions" />}
      {list.isError && <p className="form-error" role="alert">{errorMessage(list.error)}</p>}
      {list.data && list.data.list.length === 0 && <EmptyState title={query ? "No transactions match these filters" : "No transactions yet"} />}
      {list.data && list.data.list.length > 0 && (
        // Focusable so a keyboard can scroll it sideways on phones (a doctor's rows have no buttons).
        <div style={{ overflowX: "auto" }} tabIndex={0} role="region" aria-label="Transactions table" aria-busy={list.isFetching || undefined}>
          <table className="data-table">
            <caption className="visually-hidden">Transactions, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Date</th><th scope="col">Patient</th>{user?.role !== "doctor" && <th scope="col">Doctor</th>}
                <th scope="col">What</th><th scope="col">Status</th><th scope="col">Paid</th><th scope="col">Platform fee</th>
                <th scope="col">Doctor's share</th><th scope="col">Refunded</th>{isAdmin && <th scope="col"><span className="visually-hidden">Actions</span></th>}
              </tr>
            </thead>
            <tbody>
              {list.data.list.map((t) => (
                <tr key={t.id}>
                  <td>{new Date(t.createdAt).toLocaleDateString("en-US")}</td>
                  <td>{t.patientName}</td>
                  {user?.role !== "doctor" && <td>{t.doctorName ?? "—"}</td>}
                  <td>{t.description}</td>
                  <td>{t.status}</td>
                  <td>{formatUsd(t.amountCents)}</td>
                  <td>{formatUsd(t.feeCents)}</td>
                  <td>{formatUsd(t.netCents)}</td>
                  <td>{formatUsd(t.refundedCents)}</td>
                  {isAdmin && (
                    <td>
                      {t.status === "succeeded" && t.refundedCents < t.amountCents && (
                        <Button variant="text" onClick={() => setRefunding(t)} aria-label={`Refund ${t.patientName}'s ${t.description}`}>Refund</Button>
                      )}
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {list.data && (
        <Pager offset={offset} limit={TRANSACTIONS_PAGE} total={list.data.totalCount} busy={list.isPlaceholderData} onChange={setOffset}
          label="Transactions pages" />
      )}
      {isAdmin && <LedgerPanel />}
      {refunding && <RefundDialog transaction={refunding} onClose={() => setRefunding(null)} />}
    </section>
  );
}

function RefundDialog({ transaction, onClose }: { transaction: LedgerTransaction; onClose: () => void }) {
  const api = useApi();
  const notify = useSnackbar();
  const client = useQueryClient();
  const left = transaction.amountCents - transaction.refundedCents;
  const [amount, setAmount] = useState(centsAsDecimal(left));
  const [reason, setReason] = useState("");
  const [error, setError] = useState("");
  const refund = useMutation({
    mutationFn: (body: { amountCents: number; reason: string }) =>
      api.POST("/transactions/{id}/refund", { path: { id: transaction.id }, body }),
    onSuccess: () => {
      notify("Refunded", "success");
      void client.invalidateQueries({ queryKey: commerceKeys.all });
      onClose();
    },
    onError: (e) => setError(errorMessage(e)),
  });
  const submit = () => {
    const cents = positiveCents(amount);
    if (!cents) return setError("Enter an amount in dollars, e.g. 12.50");
    if (cents > left) return setError("The amount exceeds the transaction amount.");
    if (!reason.trim()) return setError("A reason is required");
    setError("");
    refund.mutate({ amountCents: cents, reason: reason.trim() });
  };
  return (
    <Dialog open title="Refund" onClose={onClose}>
      <form className="stack" onSubmit={(e) => { e.preventDefault(); submit(); }}>
        <p>{transaction.description} for {transaction.patientName}: up to {formatUsd(left)} can be refunded. The doctor's share and the platform's fee are reversed in proportion.</p>
        <TextField label="Amount (USD)" inputMode="decimal" value={amount} onChange={setAmount} required />
        <TextField label="Reason" multiline value={reason} onChange={setReason} maxLength={500} required />
        {error && <p className="form-error" role="alert">{error}</p>}
        <div className="row">
          <Button type="submit" loading={refund.isPending}>Refund</Button>
          <Button variant="secondary" onClick={onClose}>Cancel</Button>
        </div>
      </form>
    </Dialog>
  );
}

