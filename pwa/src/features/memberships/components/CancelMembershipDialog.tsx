import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { useApi } from "../../../lib/app-deps.tsx";
import { errorMessage } from "../../../lib/api/api-error.ts";
import { Button, Dialog, useSnackbar } from "../../../ui/index.ts";
import type { Membership } from "../../../../../sync/schemas/membership.ts";
import { formatDate } from "../membership-words.ts";

type Props = { membership: Membership; onDone: (updated: Membership) => void; onClose: () => void };
type Mode = "periodEnd" | "immediately";

/**
 * `DELETE /payments/stripe/subscribe` with the spec's options (02 §4): at period
 * end (the default), immediately, or keep the membership (close). Either way
 * nothing already paid is refunded (02 §9: no prorated refund).
 */
export function CancelMembershipDialog({ membership: m, onDone, onClose }: Props) {
  const api = useApi();
  const notify = useSnackbar();
  const [mode, setMode] = useState<Mode>("periodEnd");
  const [error, setError] = useState("");
  const end = formatDate(m.currentPeriodEnd);
  const cancel = useMutation({
    mutationFn: () => api.DELETE("/payments/stripe/subscribe", { body: { membershipId: m.id, mode } }),
    onSuccess: (updated) => {
      onDone(updated);
      notify(mode === "immediately" ? "Your membership has ended" : `Cancelled: you stay a member until ${end ?? "the end of the period"}`, "success");
      onClose();
    },
    onError: (e) => setError(errorMessage(e)),
  });
  const consequence = mode === "periodEnd"
    ? `You stay a member of Dr. ${m.doctorName}'s practice until ${end ?? "the end of the current period"}; after that you are not charged again and messaging and booking with the practice stop. You can resume until then.`
    : `Your membership ends now: messaging and booking with Dr. ${m.doctorName}'s practice stop at once.`;

  return (
    <Dialog open title="Cancel membership" onClose={() => !cancel.isPending && onClose()}>
      <form className="stack" onSubmit={(e) => { e.preventDefault(); setError(""); cancel.mutate(); }}>
        <fieldset className="ui-fieldset stack">
          <legend>When should it end?</legend>
          <label className="ui-checkbox">
            <input type="radio" name={`cancel-${m.id}`} value="periodEnd" checked={mode === "periodEnd"} onChange={() => setMode("periodEnd")} />
            <span>At the end of the period{end ? ` (${end})` : ""}</span>
          </label>
          <label className="ui-checkbox">
            <input type="radio" name={`cancel-${m.id}`} value="immediately" checked={mode === "immediately"} onChange={() => setMode("immediately")} />
            <span>Immediately</span>
          </label>
        </fieldset>
        <p id={`cancel-${m.id}-consequence`}>{consequence}</p>
        <p><strong>No refund:</strong> what you paid for the current period is not refunded, in part or in full.</p>
        {m.pendingChange && <p>Your scheduled change to {m.pendingChange.planName} is dropped.</p>}
        {error && <p className="form-error" role="alert">{error}</p>}
        <div className="row" style={{ flexWrap: "wrap" }}>
          <Button type="submit" variant="danger" loading={cancel.isPending} aria-describedby={`cancel-${m.id}-consequence`}>
            {mode === "immediately" ? "End membership now" : "Cancel at period end"}
          </Button>
          <Button variant="secondary" onClick={onClose} disabled={cancel.isPending} data-autofocus>Keep my membership</Button>
        </div>
      </form>
    </Dialog>
  );
}
