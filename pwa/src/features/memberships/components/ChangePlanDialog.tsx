import { useMutation, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useApi } from "../../../lib/app-deps.tsx";
import { errorMessage } from "../../../lib/api/api-error.ts";
import { Button, Dialog, Spinner, useSnackbar } from "../../../ui/index.ts";
import type { Membership } from "../../../../../sync/schemas/membership.ts";
import { membershipKeys } from "../../payments/index.ts";
import { formatDate, intervalWords } from "../membership-words.ts";
import { formatUsd } from "../../../../../sync/rules/money.ts";

type Props = { membership: Membership; onDone: (updated: Membership) => void; onClose: () => void };

/** `PUT /payments/stripe/subscribe`: another of the doctor's plans, from the end of the current period (02 §4). */
export function ChangePlanDialog({ membership: m, onDone, onClose }: Props) {
  const api = useApi();
  const notify = useSnackbar();
  const options = useQuery({
    queryKey: membershipKeys.options(m.doctorId),
    queryFn: () => api.GET("/membershipOptions/doctor/{id}", { path: { id: m.doctorId } }),
  });
  const [planId, setPlanId] = useState("");
  const [error, setError] = useState("");
  const change = useMutation({
    mutationFn: () => api.PUT("/payments/stripe/subscribe", { body: { membershipId: m.id, planId } }),
    onSuccess: (updated) => {
      onDone(updated);
      notify("Plan change scheduled", "success");
      onClose();
    },
    onError: (e) => setError(errorMessage(e)),
  });
  const choices = (options.data ?? []).filter((o) => o.enabled && o.planId !== m.planId);
  const periodEnd = formatDate(m.currentPeriodEnd);
  const chosen = choices.find((o) => o.planId === planId);

  return (
    <Dialog open title="Change plan" onClose={() => !change.isPending && onClose()}>
      <form
        className="stack"
        onSubmit={(e) => {
          e.preventDefault();
          if (!planId) return setError("Choose a plan");
          setError("");
          change.mutate();
        }}
      >
        <p>
          Your {m.planName} plan stays as it is until {periodEnd ?? "the end of the current period"}. The new plan starts then
          and is charged on that day; nothing is charged or refunded now.
        </p>
        {options.isPending && <Spinner label="Loading the doctor's plans" />}
        {options.isError && <p className="form-error" role="alert">The plans could not be loaded: {errorMessage(options.error)}</p>}
        {options.data && choices.length === 0 && <p>Dr. {m.doctorName} offers no other plan.</p>}
        {choices.length > 0 && (
          <fieldset className="ui-fieldset stack">
            <legend>New plan</legend>
            {choices.map((o) => (
              <label key={o.planId} className="ui-checkbox">
                <input type="radio" name={`plan-${m.id}`} value={o.planId} checked={planId === o.planId} onChange={() => setPlanId(o.planId)} />
                <span>{o.name}: {formatUsd(o.priceCents)} every {intervalWords(o.interval, o.intervalCount)}</span>
              </label>
            ))}
          </fieldset>
        )}
        {chosen && (
          <p role="status">
            From {periodEnd ?? "the end of this period"}: {chosen.name}, {formatUsd(chosen.priceCents)} every{" "}
            {intervalWords(chosen.interval, chosen.intervalCount)}.
          </p>
        )}
        {error && <p className="form-error" role="alert">{error}</p>}
        <div className="row">
          <Button type="submit" loading={change.isPending} disabled={choices.length === 0}>Change at period end</Button>
          <Button variant="secondary" onClick={onClose} disabled={change.isPending}>Keep current plan</Button>
        </div>
      </form>
    </Dialog>
  );
}
