import { useState } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useApi } from "../../../lib/app-deps.tsx";
import { errorMessage } from "../../../lib/api/api-error.ts";
import { Button, ConfirmDialog, DataTable, Dialog, EmptyState, LoadError, Spinner, useSnackbar } from "../../../ui/index.ts";
import type { Membership, MembershipStatus } from "../../../../../sync/schemas/membership.ts";
import { describeInterval, formatDay } from "./format.ts";
import { doctorMembershipKeys } from "./keys.ts";
import { formatUsd } from "../../../../../sync/rules/money.ts";

export const STATUS_LABEL: Record<MembershipStatus, string> = {
  active: "Active",
  trialing: "Trial",
  pastDue: "Payment failed",
  cancelled: "Cancelled (ends at period end)",
  expired: "Ended",
  incomplete: "Awaiting card confirmation",
};

/** What the "next renewal" column says: a date that renews, or when a membership ends or ended. */
function renewal(m: Membership): string {
  if (!m.currentPeriodEnd) return "—";
  const day = formatDay(m.currentPeriodEnd);
  if (m.status === "expired") return `Ended ${day}`;
  if (m.cancelAtPeriodEnd || m.status === "cancelled") return `Ends ${day}`;
  return day;
}

/**
 * Settings → Patient memberships (02 §7 "Doctors"): who is a member of which plan, the status, the next
 * renewal and the amount. The doctor may cancel a patient's membership (at period end or now), resume
 * one cancelled at period end, and undo a pending plan change; the doctor's VMAs see the list only.
 */
export function PatientMembershipsSettings({ canManage }: { canManage: boolean }) {
  const api = useApi();
  const list = useQuery({ queryKey: doctorMembershipKeys.patients(), queryFn: () => api.GET("/doctors/subscription/patients") });
  const [cancelling, setCancelling] = useState<Membership | null>(null);
  const [undoing, setUndoing] = useState<Membership | null>(null);
  const [resuming, setResuming] = useState<Membership | null>(null);
  const client = useQueryClient();
  const notify = useSnackbar();
  const refresh = () => client.invalidateQueries({ queryKey: doctorMembershipKeys.patients() });

  if (list.isPending) return <Spinner label="Loading patient memberships" />;
  if (list.isError) return <LoadError error={list.error} onRetry={() => void list.refetch()} />;
  if (list.data.length === 0) {
    return <EmptyState title="No patient memberships yet">Patients who join one of your plans appear here.</EmptyState>;
  }
  const live = (m: Membership) => ["active", "trialing", "pastDue", "cancelled"].includes(m.status);
  return (
    <>
      <DataTable caption="Patient memberships" regionLabel="Patient memberships (scrolls sideways)"
        columns={["Patient", "Plan", "Status", "Next renewal", "Amount", canManage && <span key="actions" className="visually-hidden">Actions</span>]}>
        {list.data.map((m) => (
          <tr key={m.id}>
            <th scope="row">{m.patientName}</th>
            <td>
              {m.planName}
              <div className="muted">{describeInterval(m.interval, m.intervalCount)}</div>
              {m.pendingChange && (
                <div className="muted">
                  Changes to {m.pendingChange.planName}
                  {m.pendingChange.startsAt ? ` on ${formatDay(m.pendingChange.startsAt)}` : ""} ({formatUsd(m.pendingChange.amountCents)})
                </div>
              )}
            </td>
            <td>{STATUS_LABEL[m.status]}</td>
            <td>{renewal(m)}</td>
            <td>{formatUsd(m.amountCents)}</td>
            {canManage && (
              <td>
                <div className="row" style={{ flexWrap: "wrap" }}>
                  {live(m) && !m.cancelAtPeriodEnd && (
                    <Button variant="text" onClick={() => setCancelling(m)} aria-label={`Cancel ${m.patientName}'s ${m.planName} membership`}>
                      Cancel
                    </Button>
                  )}
                  {m.cancelAtPeriodEnd && live(m) && (
                    <>
                      {m.cancelledByPatient
                        ? <span className="muted">Cancelled by the patient</span>
                        : (
                          <Button variant="text" onClick={() => setResuming(m)} aria-label={`Resume ${m.patientName}'s ${m.planName} membership`}>
                            Resume
                          </Button>
                        )}
                      <Button variant="text" onClick={() => setCancelling(m)} aria-label={`End ${m.patientName}'s ${m.planName} membership now`}>
                        End now
                      </Button>
                    </>
                  )}
                  {m.pendingChange && (
                    <Button variant="text" onClick={() => setUndoing(m)} aria-label={`Undo ${m.patientName}'s change to ${m.pendingChange.planName}`}>
                      Undo plan change
                    </Button>
                  )}
                </div>
              </td>
            )}
          </tr>
        ))}
      </DataTable>
      {cancelling && <CancelDialog membership={cancelling} onClose={() => setCancelling(null)} onDone={refresh} />}
      {resuming && (
        <ConfirmDialog
          title={`Resume ${resuming.patientName}'s membership`}
          summary={`${resuming.planName} renews again at the end of the period${resuming.currentPeriodEnd ? ` (${formatDay(resuming.currentPeriodEnd)})` : ""}.`}
          confirmLabel="Resume membership"
          onConfirm={async () => {
            await api.POST("/doctors/subscription/cancel/{id}", { path: { id: resuming.id }, body: { mode: "notCancel" } });
            notify("Membership resumed", "success");
            await refresh();
          }}
          onClose={() => setResuming(null)}
          describeFailure={errorMessage}
        />
      )}
      {undoing && undoing.pendingChange && (
        <ConfirmDialog
          title={`Undo ${undoing.patientName}'s plan change`}
          summary={`${undoing.patientName} stays on ${undoing.planName} instead of changing to ${undoing.pendingChange.planName}.`}
          confirmLabel="Undo plan change"
          onConfirm={async () => {
            await api.DELETE("/doctors/subscription/change/{id}", { path: { id: undoing.id } });
            notify("Plan change undone", "success");
            await refresh();
          }}
          onClose={() => setUndoing(null)}
          describeFailure={errorMessage}
        />
      )}
    </>
  );
}

/** Cancel at period end (the patient keeps access till then, no refund) or now. */
function CancelDialog({ membership: m, onClose, onDone }: { membership: Membership; onClose: () => void; onDone: () => Promise<unknown> }) {
  const api = useApi();
  const notify = useSnackbar();
  const [mode, setMode] = useState<"periodEnd" | "immediately">(m.cancelAtPeriodEnd ? "immediately" : "periodEnd");
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const confirm = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await api.POST("/doctors/subscription/cancel/{id}", { path: { id: m.id }, body: { mode } });
      notify(mode === "immediately" ? "Membership ended" : "Membership cancelled at period end", "success");
      await onDone();
      onClose();
    } catch (e) {
      setFailure(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };
  const end = m.currentPeriodEnd ? formatDay(m.currentPeriodEnd) : "the end of the period";
  return (
    <Dialog open title={`Cancel ${m.patientName}'s membership`} onClose={() => !busy && onClose()}>
      <form className="stack" onSubmit={(e) => { e.preventDefault(); void confirm(); }}>
        <p>{m.planName}, {formatUsd(m.amountCents)}. No part of a paid period is refunded.</p>
        <fieldset className="stack">
          <legend>When</legend>
          {!m.cancelAtPeriodEnd && (
            <label className="ui-checkbox">
              <input type="radio" name="mode" value="periodEnd" checked={mode === "periodEnd"} onChange={() => setMode("periodEnd")} />
              At the end of the period ({end}): the patient stays a member until then
            </label>
          )}
          <label className="ui-checkbox">
            <input type="radio" name="mode" value="immediately" checked={mode === "immediately"} onChange={() => setMode("immediately")} />
            Now: the membership ends at once
          </label>
        </fieldset>
        {failure && <p className="form-error" role="alert">{failure}</p>}
        <div className="row">
          <Button type="submit" variant="danger" loading={busy}>Cancel membership</Button>
          <Button variant="secondary" onClick={onClose} disabled={busy}>Keep membership</Button>
        </div>
      </form>
    </Dialog>
  );
}
