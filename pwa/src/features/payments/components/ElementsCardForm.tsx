/**
 * The Stripe Elements branch of the card module, loaded (with Stripe.js) only
 * when `GET /payments/products` reports a real publishable key. Stripe.js needs
 * the internet: its component test stands Stripe's packages in (ElementsCardForm.test.tsx);
 * see pwa/docs/payments.md.
 */
import { type FormEvent, useMemo, useState } from "react";
import { CardElement, Elements, useElements, useStripe } from "@stripe/react-stripe-js";
import { loadStripe } from "@stripe/stripe-js/pure";
import { errorMessage } from "../../../lib/api/api-error.ts";
import { Spinner } from "../../../ui/index.ts";
import type { PaymentsConfig } from "../lib/config.ts";
import type { CardEntryProps } from "./CardEntry.tsx";
import { CardFormActions } from "./CardFormActions.tsx";

export default function ElementsCardForm(
  { config, ...props }: CardEntryProps & { config: PaymentsConfig },
) {
  const stripe = useMemo(() => loadStripe(config.publishableKey), [
    config.publishableKey,
  ]);
  return (
    <Elements stripe={stripe} options={{ locale: "en" }}>
      <CardForm {...props} />
    </Elements>
  );
}

function CardForm(
  { onCard, submitLabel = "Save card", onCancel, label = "Card details" }: CardEntryProps,
) {
  const stripe = useStripe();
  const elements = useElements();
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const card = elements?.getElement(CardElement);
    if (!stripe || !card) return;
    setBusy(true);
    setError("");
    try {
      const result = await stripe.createPaymentMethod({ type: "card", card });
      if (result.error) {
        setError(result.error.message ?? "This card was refused.");
      } else {
        const shown = result.paymentMethod.card;
        await onCard(result.paymentMethod.id, shown ? { brand: shown.brand, last4: shown.last4 } : undefined);
      }
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  if (!stripe) return <Spinner label="Loading the card form" />;
  return (
    <form className="stack" aria-label={label} onSubmit={submit}>
      <div className="ui-field">
        <span className="ui-field__label" id="stripe-card-label">Card</span>
        <div
          className="ui-input"
          role="group"
          aria-labelledby="stripe-card-label"
        >
          <CardElement options={{ hidePostalCode: false }} />
        </div>
      </div>
      <CardFormActions error={error} busy={busy} submitLabel={submitLabel} onCancel={onCancel} />
    </form>
  );
}
