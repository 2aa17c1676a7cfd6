import { useEffect, useRef, useState } from "react";
import { useMutation } from "@tanstack/react-query";
import { useApi } from "../../../lib/app-deps.tsx";
import { ApiError, errorMessage } from "../../../lib/api/api-error.ts";
import { LoadError, Spinner } from "../../../ui/index.ts";
import { ThreeDSecureStep, usePaymentsConfig } from "../../payments/index.ts";
import type { ServicePurchase } from "../../../../../sync/schemas/commerce.ts";
import { formatUsd } from "../../../../../sync/rules/money.ts";

/**
 * The bank's check (3-D Secure) of a service charge: the shared payments step (the emulator's challenge page in a
 * frame, or Stripe.js), then `POST /stripe/confirm/intent`, where the edge reads the truth from the processor: paid,
 * not finished yet (the step is shown again), or refused (the edge has removed the request: back to the form with
 * the card message). The confirm call does not announce its 402 to the app's dialogs: this step answers it.
 */
export function BankCheck({ purchase, onPaid, onRefused }: {
  purchase: ServicePurchase;
  onPaid: (p: ServicePurchase) => void;
  /** The card was refused: the message to show on the form. */
  onRefused: (message: string) => void;
}) {
  const api = useApi();
  const config = usePaymentsConfig();
  const [note, setNote] = useState("");
  // A new step (frame loaded again) after the edge said the bank has not confirmed yet.
  const [attempt, setAttempt] = useState(0);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const confirm = useMutation({
    mutationFn: async () => {
      const confirmed = await api.POST("/stripe/confirm/intent", { body: { intentId: purchase.intentId! }, announce: false });
      // The route confirms a membership's payment or a service's charge: this intent is the service's.
      if (!("serviceId" in confirmed)) throw new ApiError({ message: "The payment confirmed is not this request's.", code: 502 });
      return confirmed;
    },
    onSuccess: onPaid,
    onError: (e) => {
      if (e instanceof ApiError && e.details.reason === "PAYMENT_ACTION_REQUIRED") {
        setNote("Your bank has not confirmed the payment yet. Complete the check, then try again.");
        setAttempt((a) => a + 1);
      } else onRefused(errorMessage(e));
    },
  });

  return (
    <section className="ui-panel stack" aria-labelledby="three-ds-title">
      <h3 id="three-ds-title" tabIndex={-1} ref={heading}>Confirm the payment with your bank</h3>
      <p>Your card needs an extra check (3-D Secure) before {formatUsd(purchase.amountCents)} can be paid.</p>
      {config.isPending && <Spinner label="Loading your bank's check" />}
      {config.isError && <LoadError error={config.error} onRetry={() => void config.refetch()} />}
      {config.data && (confirm.isPending ? <Spinner label="Finishing your payment" /> : (
        <ThreeDSecureStep
          key={attempt}
          config={config.data}
          challenge={{ intentId: purchase.intentId!, clientSecret: purchase.clientSecret, actionUrl: purchase.actionUrl }}
          // Either way the edge decides (a refusal: it removes the request and answers the card message).
          onFinished={() => { setNote(""); confirm.mutate(); }}
        />
      ))}
      {note && <p role="status">{note}</p>}
    </section>
  );
}
