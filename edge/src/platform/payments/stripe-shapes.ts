/**
 * Stripe's objects as the `Payments` port describes them (./payments.ts), whichever API version shaped them,
 * and Stripe's card errors as the port's `CardError` with the 02 §8 wording.
 */
import { CardError, type CardSummary, type IntentState, type InvoiceState, type SubscriptionState } from "./payments.ts";

export type Loose = Record<string, any>;
export const toDate = (s: unknown) => (typeof s === "number" ? new Date(s * 1000) : null);
export const idOf = (v: unknown): string | null => (typeof v === "string" ? v : v && typeof v === "object" ? (v as Loose).id ?? null : null);

const CARD_MESSAGES: Record<string, string> = {
  card_declined: "Your card was declined.",
  insufficient_funds: "Your card has insufficient funds.",
  expired_card: "Your card has expired.",
  incorrect_cvc: "Your card's security code is incorrect.",
  invalid_cvc: "Your card's security code is invalid.",
  invalid_expiry_month: "Your card's expiration date is invalid.",
  invalid_expiry_year: "Your card's expiration date is invalid.",
  processing_error: "An error occurred while processing your card. Try again in a little bit.",
  // 3-D Secure: the bank's own check, not a decline of the card.
  authentication_required: "Your bank asks you to confirm this payment (3-D Secure). Nothing was charged: pay again and complete your bank's check.",
  payment_intent_authentication_failure: "Your bank could not confirm this payment (3-D Secure). Nothing was charged: try again or use another card.",
  setup_intent_authentication_failure: "Your bank could not confirm this card (3-D Secure). It was not saved: try again or use another card.",
};

/** The 02 §8 wording of a card failure; the decline code refines a generic decline. */
export function cardMessage(code: string | null, declineCode: string | null): string {
  return (declineCode && CARD_MESSAGES[declineCode]) || (code && CARD_MESSAGES[code]) || CARD_MESSAGES.card_declined;
}

/** Runs a call that may charge or attach a card: Stripe's card error becomes a `CardError`. */
export async function rethrowCard<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    const err = e as Loose;
    if (err?.type === "StripeCardError" || err?.rawType === "card_error") {
      const code = err.code ?? null;
      const decline = err.decline_code ?? err.raw?.decline_code ?? null;
      throw new CardError(code ?? "card_declined", decline, cardMessage(code, decline));
    }
    throw e;
  }
}

export const toCard = (pm: Loose, defaultId: string | null): CardSummary => ({
  id: pm.id,
  brand: pm.card?.brand ?? "card",
  last4: pm.card?.last4 ?? "",
  expMonth: pm.card?.exp_month ?? 0,
  expYear: pm.card?.exp_year ?? 0,
  isDefault: pm.id === defaultId,
});

export const toIntent = (pi: Loose): IntentState => ({
  id: pi.id,
  status: pi.status,
  clientSecret: pi.client_secret ?? null,
  errorCode: pi.last_payment_error?.code ?? null,
  declineCode: pi.last_payment_error?.decline_code ?? null,
});

export function toSubscription(s: Loose): SubscriptionState {
  const item = s.items?.data?.[0];
  return {
    id: s.id,
    customerId: idOf(s.customer) ?? "",
    status: s.status,
    priceId: idOf(item?.price),
    cancelAtPeriodEnd: !!s.cancel_at_period_end,
    currentPeriodEnd: toDate(item?.current_period_end ?? s.current_period_end),
    endedAt: toDate(s.ended_at),
    scheduleId: idOf(s.schedule),
    metadata: (s.metadata ?? {}) as Record<string, string>,
    latestInvoiceId: idOf(s.latest_invoice),
  };
}

export function toInvoice(i: Loose): InvoiceState {
  const subscription = idOf(i.subscription) ?? idOf(i.parent?.subscription_details?.subscription) ?? idOf(i.lines?.data?.[0]?.subscription);
  return {
    id: i.id,
    subscriptionId: subscription,
    status: i.status,
    amountDue: i.amount_due ?? 0,
    amountPaid: i.amount_paid ?? 0,
    nextPaymentAttempt: toDate(i.next_payment_attempt),
    created: i.created ?? 0,
  };
}
