import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "react-router";
import { useApi } from "../../../lib/app-deps.tsx";
import { errorMessage } from "../../../lib/api/api-error.ts";
import { Button, EmptyState, LoadError, Spinner, useSnackbar } from "../../../ui/index.ts";
import type { Membership } from "../../../../../sync/schemas/membership.ts";
import { useCurrentUser } from "../../auth/index.ts";
import { membershipKeys } from "../../payments/index.ts";
import { formatDate, isCurrent, membershipPrice, nextCharge, statusWords } from "../membership-words.ts";
import { CancelMembershipDialog } from "./CancelMembershipDialog.tsx";
import { ChangePlanDialog } from "./ChangePlanDialog.tsx";
import { formatUsd } from "../../../../../sync/rules/money.ts";

/**
 * Settings → Memberships (patient): each membership with its plan, doctor,
 * state in words, next charge, and the changes 02 §4 allows — change plan (at
 * period end), undo a pending change, cancel (now or at period end), resume.
 */
export function MembershipsSection() {
  const api = useApi();
  const user = useCurrentUser();
  const list = useQuery({ queryKey: membershipKeys.mine(), queryFn: () => api.GET("/payments/stripe/subscribe") });

  if (list.isPending) return <Spinner label="Loading your memberships" />;
  if (list.isError) return <LoadError what="Your memberships" error={list.error} onRetry={() => void list.refetch()} />;
  const current = list.data.filter(isCurrent);
  const ended = list.data.filter((m) => !isCurrent(m));
  return (
    <div className="stack">
      {current.length === 0 && (
        <EmptyState
          title="You are not a member of a practice yet"
          action={user.doctor
            ? <Link className="ui-button" to={`/profile/${user.doctor.id}`}>See Dr. {user.doctor.firstName} {user.doctor.lastName}'s plans</Link>
            : <Link className="ui-button" to="/doctors">Find a doctor</Link>}
        >
          A membership with a doctor opens messaging and visits.{" "}
          {user.doctor ? <>Or <Link to="/doctors">choose another doctor</Link>.</> : "Choose a doctor and one of their membership plans."}
        </EmptyState>
      )}
      {current.map((m) => <MembershipCard key={m.id} membership={m} />)}
      {ended.length > 0 && (
        <div className="stack">
          <h3>Past memberships</h3>
          <ul className="stack" style={{ listStyle: "none", padding: 0 }}>
            {ended.map((m) => (
              <li key={m.id}>
                {m.planName} with <Link to={`/profile/${m.doctorId}`}>Dr. {m.doctorName}</Link>: {statusWords(m).label.toLowerCase()}
                {m.status === "expired" && formatDate(m.currentPeriodEnd) ? ` (ended ${formatDate(m.currentPeriodEnd)})` : ""}
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

function MembershipCard({ membership: m }: { membership: Membership }) {
  const api = useApi();
  const client = useQueryClient();
  const notify = useSnackbar();
  const [dialog, setDialog] = useState<"change" | "cancel" | null>(null);
  const [error, setError] = useState("");
  const words = statusWords(m);
  const charge = nextCharge(m);
  const titleId = `membership-${m.id}`;
  const refresh = (updated: Membership) => {
    client.setQueryData<Membership[]>(membershipKeys.mine(), (old) => old?.map((x) => (x.id === updated.id ? updated : x)));
    void client.invalidateQueries({ queryKey: membershipKeys.all });
  };
  const undo = useMutation({
    mutationFn: () => api.DELETE("/payments/stripe/subscribe/change/{id}", { path: { id: m.id } }),
    onSuccess: (updated) => {
      setError("");
      refresh(updated);
      notify("The plan change was undone", "success");
    },
    onError: (e) => setError(errorMessage(e)),
  });
  const resume = useMutation({
    mutationFn: () => api.DELETE("/payments/stripe/subscribe", { body: { membershipId: m.id, mode: "notCancel" } }),
    onSuccess: (updated) => {
      setError("");
      refresh(updated);
      notify("Your membership continues", "success");
    },
    onError: (e) => setError(errorMessage(e)),
  });
  const changeable = (m.status === "active" || m.status === "trialing") && !m.pendingChange;
  const cancellable = m.status === "active" || m.status === "trialing" || m.status === "pastDue";

  return (
    <article className="ui-panel stack" aria-labelledby={titleId}>
      <h3 id={titleId}>{m.planName}</h3>
      <dl className="stack">
        <div>
          <dt className="muted">Doctor</dt>
          <dd><Link to={`/profile/${m.doctorId}`}>Dr. {m.doctorName}</Link></dd>
        </div>
        <div>
          <dt className="muted">Price</dt>
          <dd>{membershipPrice(m, formatUsd)}</dd>
        </div>
        <div>
          <dt className="muted">Status</dt>
          <dd data-testid="membership-status">
            <strong>{words.label}</strong>
            <br />
            {words.detail}
          </dd>
        </div>
        {charge && (
          <div>
            <dt className="muted">Next charge</dt>
            <dd data-testid="membership-next-charge">{formatUsd(charge.amountCents)} on {formatDate(charge.at)}</dd>
          </div>
        )}
      </dl>
      {m.status === "pastDue" && (
        <div className="notice notice--warning stack" role="status">
          <p>Your last payment did not go through. Add a working card and we charge it at once.</p>
          <div className="row"><a className="ui-button" href="#payment-methods">Update your card</a></div>
        </div>
      )}
      {m.pendingChange && (
        <div className="notice stack">
          <p>
            Changing to <strong>{m.pendingChange.planName}</strong> ({formatUsd(m.pendingChange.amountCents)}) on{" "}
            {formatDate(m.pendingChange.startsAt ?? m.currentPeriodEnd)}. Until then your current plan stays as it is.
          </p>
          <div className="row">
            <Button variant="secondary" loading={undo.isPending} onClick={() => undo.mutate()}
              aria-label={`Undo the change to ${m.pendingChange.planName}`}>
              Undo change
            </Button>
          </div>
        </div>
      )}
      {error && <p className="form-error" role="alert">{error}</p>}
      <div className="row" style={{ flexWrap: "wrap" }}>
        {changeable && <Button variant="secondary" onClick={() => setDialog("change")}>Change plan</Button>}
        {m.status === "cancelled" && m.renews && (
          <Button loading={resume.isPending} onClick={() => resume.mutate()}>Resume membership</Button>
        )}
        {cancellable && <Button variant="danger" onClick={() => setDialog("cancel")}>Cancel membership</Button>}
      </div>
      {dialog === "change" && <ChangePlanDialog membership={m} onDone={refresh} onClose={() => setDialog(null)} />}
      {dialog === "cancel" && <CancelMembershipDialog membership={m} onDone={refresh} onClose={() => setDialog(null)} />}
    </article>
  );
}
