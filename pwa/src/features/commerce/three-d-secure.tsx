/**
 * The 3-D Secure step of a service charge, kept in this one file so a shared
 * card/3-D Secure module can replace it. The edge answered `pending` with the
 * intent and, on the emulator, its challenge page (`actionUrl`). The app's CSP
 * lets it neither frame nor call the processor, so the page opens in a new tab
 * (edge/emulators/stripe/README.md "Card entry in the PWA"); when the patient
 * comes back, `POST /stripe/confirm/intent` asks the edge, which reads the
 * truth from the processor: paid, not finished yet, or refused (then the edge
 * has already removed the request, so the form can be sent again).
 */
import { useEffect, useRef, useState } from "react";
import { useMutation } from "@tanstack/react-query";
import { useApi } from "../../lib/app-deps.tsx";
import { ApiError, errorMessage } from "../../lib/api/api-error.ts";
import { Button } from "../../ui/index.ts";
import type { ServicePurchase } from "../../../../sync/schemas/commerce.ts";
import { formatCents } from "./money.ts";

export function ThreeDSecureStep({ purchase, onPaid, onFailed }: {
  purchase: ServicePurchase;
  onPaid: (p: ServicePurchase) => void;
  /** The card was refused: the message to show on the form. */
  onFailed: (message: string) => void;
}) {
  const api = useApi();
  const [note, setNote] = useState("");
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const confirm = useMutation({
    mutationFn: () => api.post<ServicePurchase>("/stripe/confirm/intent", { intentId: purchase.intentId }),
    onSuccess: onPaid,
    onError: (e) => {
      if (e instanceof ApiError && e.details.reason === "PAYMENT_ACTION_REQUIRED") {
        setNote("Your bank has not confirmed the payment yet. Finish the check in the other tab, then try again.");
      } else onFailed(errorMessage(e));
    },
  });

  return (
    <section className="ui-panel stack" aria-labelledby="three-ds-title">
      <h3 id="three-ds-title" tabIndex={-1} ref={heading}>Confirm the payment with your bank</h3>
      <p>Your card needs an extra check (3-D Secure) before {formatCents(purchase.amountCents)} can be paid.</p>
      {purchase.actionUrl
        ? (
          <p>
            <a href={purchase.actionUrl} target="_blank" rel="noopener noreferrer" data-testid="three-ds-link">
              Open your bank's check (opens in a new tab)
            </a>
          </p>
        )
        : <p>Follow your bank's instructions, then come back here.</p>}
      {note && <p role="status">{note}</p>}
      <div className="row">
        <Button onClick={() => confirm.mutate()} loading={confirm.isPending}>I have finished the check</Button>
      </div>
    </section>
  );
}
