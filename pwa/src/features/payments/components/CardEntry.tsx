import { lazy, Suspense, useState } from "react";
import { errorMessage } from "../../../lib/api/api-error.ts";
import { LoadError, Spinner, TextField } from "../../../ui/index.ts";
import { cardEntryPath, type PaymentsConfig, usePaymentsConfig } from "../lib/config.ts";
import { CardEntryError, tokenizeCard } from "../lib/emulator.ts";
import { CardFormActions } from "./CardFormActions.tsx";

// Stripe Elements only when a real publishable key is configured: its code (and Stripe.js) loads only then.
const ElementsCardForm = lazy(() => import("./ElementsCardForm.tsx"));

export type CardEntryProps = {
  /** Gets the new card's `pm_…` id (made at the processor, never by the edge); a thrown error is shown in the form. */
  /** `card`: what may be shown of it (its last four digits; the brand when the card module knows it). */
  onCard: (paymentMethodId: string, card?: { brand: string; last4: string }) => Promise<void> | void;
  submitLabel?: string;
  onCancel?: () => void;
  /** The form's accessible name. */
  label?: string;
};

/**
 * The one card-entry form of the app. The card goes from the browser to the
 * processor — Stripe Elements with a real key, the Stripe-API emulator's
 * `/v1/payment_methods` with its publishable key otherwise — and only the
 * resulting payment-method id reaches `onCard` (then the edge).
 */
export function CardEntry(props: CardEntryProps) {
  const config = usePaymentsConfig();
  if (config.isPending) return <Spinner label="Loading the card form" />;
  if (config.isError) return <LoadError error={config.error} onRetry={() => void config.refetch()} />;
  const path = cardEntryPath(config.data);
  if (path === "unavailable") {
    return (
      <p role="alert">
        Card payments are not available right now. Please try again later.
      </p>
    );
  }
  if (path === "elements") {
    return (
      <Suspense fallback={<Spinner label="Loading the card form" />}>
        <ElementsCardForm config={config.data} {...props} />
      </Suspense>
    );
  }
  return <EmulatorCardForm config={config.data} {...props} />;
}

/** "04/29", "4/2029", "0429" → month and four-digit year; null when it is not a date. */
export function parseExpiry(
  text: string,
): { month: number; year: number } | null {
  const m = /^\s*(\d{1,2})\s*\/?\s*(\d{2}|\d{4})\s*$/.exec(text);
  if (!m) return null;
  const month = Number(m[1]);
  const year = m[2].length === 2 ? 2000 + Number(m[2]) : Number(m[2]);
  return month >= 1 && month <= 12 ? { month, year } : null;
}

function EmulatorCardForm(
  {
    config,
    onCard,
    submitLabel = "Save card",
    onCancel,
    label = "Card details",
  }: CardEntryProps & { config: PaymentsConfig },
) {
  const [number, setNumber] = useState("");
  const [expiry, setExpiry] = useState("");
  const [cvc, setCvc] = useState("");
  const [errors, setErrors] = useState<
    { number?: string; expiry?: string; cvc?: string; form?: string }
  >({});
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    const digits = number.replace(/[\s-]/g, "");
    const exp = parseExpiry(expiry);
    const next = {
      number: /^\d{12,19}$/.test(digits) ? undefined : "Enter the card number",
      expiry: exp ? undefined : "Enter the expiry as MM/YY",
      cvc: /^\d{3,4}$/.test(cvc.trim()) ? undefined : "Enter the 3 or 4 digits on the back",
    };
    setErrors(next);
    if (next.number || next.expiry || next.cvc || !exp) return;
    setBusy(true);
    try {
      const id = await tokenizeCard(config, {
        number: digits,
        expMonth: exp.month,
        expYear: exp.year,
        cvc: cvc.trim(),
      });
      await onCard(id, { brand: "", last4: digits.slice(-4) });
    } catch (e) {
      setErrors({
        form: e instanceof CardEntryError ? e.message : errorMessage(e),
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      className="stack"
      aria-label={label}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <TextField
        label="Card number"
        value={number}
        onChange={setNumber}
        error={errors.number}
        inputMode="numeric"
        autoComplete="cc-number"
        maxLength={23}
        required
      />
      <div className="row">
        <TextField
          label="Expiry (MM/YY)"
          value={expiry}
          onChange={setExpiry}
          error={errors.expiry}
          inputMode="numeric"
          autoComplete="cc-exp"
          maxLength={7}
          placeholder="MM/YY"
          required
        />
        <TextField
          label="CVC"
          value={cvc}
          onChange={setCvc}
          error={errors.cvc}
          inputMode="numeric"
          autoComplete="cc-csc"
          maxLength={4}
          required
        />
      </div>
      <p className="muted">
        Test mode (no real charges): 4242 4242 4242 4242 is accepted, 4000 0027 6000 3184 asks for 3-D Secure, 4000 0000 0000 0002
        is declined. Any future expiry and any 3 digits.
      </p>
      <CardFormActions error={errors.form} busy={busy} submitLabel={submitLabel} onCancel={onCancel} />
    </form>
  );
}
