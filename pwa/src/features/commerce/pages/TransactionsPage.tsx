import { useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link } from "react-router";
import { useApi } from "../../../lib/app-deps.tsx";
import { errorMessage } from "../../../lib/api/api-error.ts";
import { Button, Dialog, EmptyState, Select, Spinner, TextField, useSnackbar } from "../../../ui/index.ts";
import { useSession } from "../../auth/index.ts";
import type { DoctorBalance, LedgerTransaction } from "../../../../../sync/schemas/commerce.ts";
import { commerceKeys, formatCents, parseDollars } from "../money.ts";

type Page = { list: LedgerTransaction[]; totalCount: number };

/**
 * `/transactions` (doctor: balance, payouts and their patients' payments),
 * `/vma/transactions` (their doctor's payments), `/admin/transactions` (all,
 * with filters, CSV and refunds). The edge decides who sees what.
 */
export function TransactionsPage() {
  const { user } = useSession();
  const api = useApi();
  const isAdmin = user?.role === "admin";
  const [filters, setFilters] = useState({ type: "", status: "", from: "", to: "" });
  const query = new URLSearchParams(Object.entries(filters).filter(([, v]) => v)).toString();
  const list = useQuery({
    queryKey: commerceKeys.transactions(filters),
    queryFn: () => api.get<Page>(`/transactions${query ? `?${query}` : ""}`),
  });
  const [refunding, setRefunding] = useState<LedgerTransaction | null>(null);

  const downloadCsv = async () => {
    const res = await api.fetchRaw("GET", `/transactions/csv${query ? `?${query}` : ""}`);
    const url = URL.createObjectURL(await res.blob());
    const a = Object.assign(document.createElement("a"), { href: url, download: "transactions.csv" });
    a.click();
    URL.revokeObjectURL(url);
  };

  return (
    <section className="stack" aria-labelledby="tx-title">
      <title>Transactions · DPC Telehealth</title>
      <h1 id="tx-title">Transactions</h1>
      {user?.role === "doctor" && <BalancePanel />}
      <form className="row" style={{ flexWrap: "wrap", gap: 12 }} aria-label="Filters" onSubmit={(e) => e.preventDefault()}>
        <Select label="Type" value={filters.type} placeholder="All" onChange={(type) => setFilters({ ...filters, type })}
          options={[{ value: "membership", label: "Membership" }, { value: "service", label: "Service" }]} />
        <Select label="Status" value={filters.status} placeholder="All" onChange={(status) => setFilters({ ...filters, status })}
          options={[{ value: "succeeded", label: "Succeeded" }, { value: "pending", label: "Pending" }, { value: "refunded", label: "Refunded" }]} />
        <TextField label="From" type="date" value={filters.from} onChange={(from) => setFilters({ ...filters, from })} />
        <TextField label="To" type="date" value={filters.to} onChange={(to) => setFilters({ ...filters, to })} />
      </form>
      <div className="row">
        <Button variant="secondary" onClick={() => void downloadCsv()}>Download CSV</Button>
      </div>
      {list.isPending && <Spinner label="Loading transactions" />}
      {list.isError && <p className="form-error" role="alert">{errorMessage(list.error)}</p>}
      {list.data && list.data.list.length === 0 && <EmptyState title="No transactions yet" />}
      {list.data && list.data.list.length > 0 && (
        <div style={{ overflowX: "auto" }}>
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
                  <td>{formatCents(t.amountCents)}</td>
                  <td>{formatCents(t.feeCents)}</td>
                  <td>{formatCents(t.netCents)}</td>
                  <td>{formatCents(t.refundedCents)}</td>
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
      {refunding && <RefundDialog transaction={refunding} onClose={() => setRefunding(null)} />}
    </section>
  );
}

function RefundDialog({ transaction, onClose }: { transaction: LedgerTransaction; onClose: () => void }) {
  const api = useApi();
  const notify = useSnackbar();
  const client = useQueryClient();
  const left = transaction.amountCents - transaction.refundedCents;
  const [amount, setAmount] = useState((left / 100).toFixed(2));
  const [reason, setReason] = useState("");
  const [error, setError] = useState("");
  const refund = useMutation({
    mutationFn: (body: { amountCents: number; reason: string }) => api.post(`/transactions/${transaction.id}/refund`, body),
    onSuccess: () => {
      notify("Refunded", "success");
      void client.invalidateQueries({ queryKey: commerceKeys.all });
      onClose();
    },
    onError: (e) => setError(errorMessage(e)),
  });
  const submit = () => {
    const cents = parseDollars(amount);
    if (!cents) return setError("Enter an amount in dollars, e.g. 12.50");
    if (cents > left) return setError("The amount exceeds the transaction amount.");
    if (!reason.trim()) return setError("A reason is required");
    setError("");
    refund.mutate({ amountCents: cents, reason: reason.trim() });
  };
  return (
    <Dialog open title="Refund" onClose={onClose}>
      <form className="stack" onSubmit={(e) => { e.preventDefault(); submit(); }}>
        <p>{transaction.description} for {transaction.patientName}: up to {formatCents(left)} can be refunded. The doctor's share and the platform's fee are reversed in proportion.</p>
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

const PAYOUT_STATUS: Record<string, string> = {
  pending: "Pending", in_transit: "In transit", paid: "Paid", failed: "Failed (the money is back in your balance)", canceled: "Canceled",
};

/** The doctor's payout account, balance (from the processor), payout request and recent payouts. */
/** `titled`: false inside a section that already has its own heading (Settings → Balance). */
export function BalancePanel({ titled = true }: { titled?: boolean }) {
  const api = useApi();
  const notify = useSnackbar();
  const client = useQueryClient();
  const account = useQuery({ queryKey: commerceKeys.account(), queryFn: () => api.get<{ connected: boolean; active: boolean }>("/stripe/account/me") });
  const balance = useQuery({
    queryKey: commerceKeys.balance(),
    queryFn: () => api.get<DoctorBalance>("/stripe/balance/me"),
    enabled: !!account.data?.connected,
  });
  const [amount, setAmount] = useState("");
  const [error, setError] = useState("");
  const payout = useMutation({
    mutationFn: (amountCents: number) => api.post("/stripe/payouts", { amountCents }),
    onSuccess: () => {
      notify("Payout requested", "success");
      setAmount("");
      void client.invalidateQueries({ queryKey: commerceKeys.balance() });
    },
    onError: (e) => setError(errorMessage(e)),
  });

  if (account.isPending) return <Spinner label="Loading your payout account" />;
  if (account.isError) return <p className="form-error" role="alert">There was an unknown error when loading your account info.</p>;
  if (!account.data.connected || !account.data.active) {
    return (
      <div className="ui-panel stack" aria-labelledby="payout-status">
        <h2 id="payout-status">Payout account</h2>
        <p>{account.data.connected ? "Your payout account is not active yet." : "You have no payout account yet."}</p>
        <Link to={account.data.connected ? "/stripe/inactive" : "/stripe/connect"} className="ui-button">
          {account.data.connected ? "Complete your payout account" : "Connect payout account"}
        </Link>
      </div>
    );
  }
  return (
    <div className="ui-panel stack" aria-labelledby={titled ? "balance-title" : undefined}>
      {titled && <h2 id="balance-title">Balance</h2>}
      <p className="notice notice--success" role="status">Payout account active</p>
      {balance.isPending && <Spinner label="Loading your balance" />}
      {balance.isError && <p className="form-error" role="alert">{errorMessage(balance.error)}</p>}
      {balance.data && (
        <>
          <dl className="row" style={{ gap: 32 }}>
            <div><dt>Available</dt><dd data-testid="balance-available">{formatCents(balance.data.availableCents)}</dd></div>
            <div><dt>Pending</dt><dd data-testid="balance-pending">{formatCents(balance.data.pendingCents)}</dd></div>
          </dl>
          <form className="row" onSubmit={(e) => {
            e.preventDefault();
            const cents = parseDollars(amount);
            if (!cents) return setError("Enter an amount in dollars, e.g. 25.00");
            if (cents > balance.data.availableCents) return setError("The amount exceeds your available balance.");
            setError("");
            payout.mutate(cents);
          }}>
            <TextField label="Payout amount (USD)" inputMode="decimal" value={amount} onChange={setAmount} />
            <Button type="submit" loading={payout.isPending}>Request payout</Button>
          </form>
          {error && <p className="form-error" role="alert">{error}</p>}
          <h3>Recent payouts</h3>
          {balance.data.payouts.length === 0
            ? <p className="muted">No payouts yet.</p>
            : (
              <ul>
                {balance.data.payouts.map((p) => (
                  <li key={p.id} data-testid="payout">
                    {formatCents(p.amountCents)} · {PAYOUT_STATUS[p.status] ?? p.status}
                    {p.status === "pending" && p.arrivalDate ? ` · arrives ${new Date(p.arrivalDate).toLocaleDateString("en-US")}` : ""}
                    {p.status === "failed" && p.failureMessage ? ` · ${p.failureMessage}` : ""}
                  </li>
                ))}
              </ul>
            )}
        </>
      )}
    </div>
  );
}
