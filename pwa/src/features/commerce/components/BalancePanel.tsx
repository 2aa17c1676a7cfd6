import { useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link } from "react-router";
import { useApi } from "../../../lib/app-deps.tsx";
import { ApiError, errorMessage } from "../../../lib/api/api-error.ts";
import { Button, Spinner, TextField, useSnackbar } from "../../../ui/index.ts";
import { formatUsd, positiveCents } from "../../../../../sync/rules/money.ts";
import { commerceKeys } from "../keys.ts";

const PAYOUT_STATUS: Record<string, string> = {
  pending: "Pending", in_transit: "In transit", paid: "Paid", failed: "Failed (the money is back in your balance)", canceled: "Canceled",
};

/**
 * The doctor's payout account, balance (from the processor), payout request and recent payouts; an active account
 * opens the processor's dashboard. `titled`: false inside a section that already has its own heading (Settings → Balance).
 */
export function BalancePanel({ titled = true }: { titled?: boolean }) {
  const api = useApi();
  const notify = useSnackbar();
  const client = useQueryClient();
  const account = useQuery({ queryKey: commerceKeys.account(), queryFn: () => api.GET("/stripe/account/me") });
  const balance = useQuery({
    queryKey: commerceKeys.balance(),
    queryFn: () => api.GET("/stripe/balance/me"),
    enabled: !!account.data?.connected,
  });
  const [amount, setAmount] = useState("");
  const [error, setError] = useState("");
  const payout = useMutation({
    mutationFn: (amountCents: number) => api.POST("/stripe/payouts", { body: { amountCents } }),
    onSuccess: () => {
      notify("Payout requested", "success");
      setAmount("");
      void client.invalidateQueries({ queryKey: commerceKeys.balance() });
    },
    onError: (e) => setError(errorMessage(e)),
  });

  // The processor's dashboard (Express: a single-use login link; the emulator serves its own page), in this tab
  // as the onboarding is.
  const dashboard = useMutation({
    mutationFn: async () => {
      const { url } = await api.GET("/stripe/account/me/link");
      // http only for the local Stripe-API emulator (npm start without Stripe keys).
      if (typeof url !== "string" || !/^https?:\/\//.test(url)) throw new ApiError({ message: "The payment provider sent no dashboard link.", code: 502 });
      return url;
    },
    onSuccess: (url) => globalThis.location.assign(url),
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
      <div className="stack">
        <div className="row" style={{ flexWrap: "wrap" }}>
          <Button variant="secondary" loading={dashboard.isPending} onClick={() => dashboard.mutate()}>Open payout dashboard</Button>
          {/* The processor's onboarding again (bank account, identity): the same account, updated. */}
          <Link to="/stripe/connect" className="ui-button ui-button--secondary">Update payout details</Link>
        </div>
        {dashboard.isError && <p className="form-error" role="alert">{errorMessage(dashboard.error)}</p>}
      </div>
      {balance.isPending && <Spinner label="Loading your balance" />}
      {balance.isError && <p className="form-error" role="alert">{errorMessage(balance.error)}</p>}
      {balance.data && (
        <>
          <dl className="row" style={{ gap: 32 }}>
            <div><dt>Available</dt><dd data-testid="balance-available">{formatUsd(balance.data.availableCents)}</dd></div>
            <div><dt>Pending</dt><dd data-testid="balance-pending">{formatUsd(balance.data.pendingCents)}</dd></div>
          </dl>
          <form className="row" onSubmit={(e) => {
            e.preventDefault();
            const cents = positiveCents(amount);
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
                    {formatUsd(p.amountCents)} · {PAYOUT_STATUS[p.status] ?? p.status}
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
