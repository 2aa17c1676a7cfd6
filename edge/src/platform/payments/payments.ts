/**
 * The card processor, as the product needs it (style guide: `payments`). The
 * only implementation is the real `stripe` SDK (./stripe-payments.ts), pointed
 * at Stripe or at the project's Stripe-API emulator (edge/emulators/stripe).
 * No other module talks to the processor. Amounts are integer cents, USD.
 */

import type { CommercePayments } from "./commerce.ts";

export type CardSummary = { id: string; brand: string; last4: string; expMonth: number; expYear: number; isDefault: boolean };

export type IntentState = {
  id: string;
  /** requires_action → the patient completes 3-D Secure, then the edge confirms. */
  status: string;
  clientSecret: string | null;
  /** The processor's error code of the last failed attempt (card_declined, expired_card…). */
  errorCode: string | null;
  declineCode: string | null;
};

/** A subscription as the processor reports it (from an API answer or a webhook's object). */
export type SubscriptionState = {
  id: string;
  customerId: string;
  status: string;
  priceId: string | null;
  cancelAtPeriodEnd: boolean;
  currentPeriodEnd: Date | null;
  endedAt: Date | null;
  scheduleId: string | null;
  metadata: Record<string, string>;
  latestInvoiceId: string | null;
};

export type InvoiceState = {
  id: string;
  subscriptionId: string | null;
  status: string;
  amountDue: number;
  amountPaid: number;
  /** Set when the processor will try again after a failure. */
  nextPaymentAttempt: Date | null;
  created: number;
};

/** `account`: the connected account a Connect event is about (payouts on a doctor's account), else null. */
export type PaymentEvent = { id: string; type: string; created: number; object: Record<string, unknown>; account: string | null };

export type Recurrence = { interval: "day" | "week" | "month" | "year"; intervalCount: number };

/** A card error the patient can act on (02 §8): declined, expired, CVC, insufficient funds, processing. */
export class CardError extends Error {
  constructor(readonly code: string, readonly declineCode: string | null, message: string) {
    super(message);
    this.name = "CardError";
  }
}

export interface Payments extends CommercePayments {
  /** For the PWA's card entry (Stripe.js or the emulator's card page). */
  readonly publishableKey: string;
  /** The emulator's base URL when the edge runs on it (card page, 3-D Secure page); null on Stripe. */
  readonly emulatorUrl: string | null;

  createCustomer(input: { email: string; name: string; userId: string }): Promise<string>;
  listCards(customerId: string): Promise<CardSummary[]>;
  /** Attaches a payment method made by the browser; the first card becomes the default. */
  attachCard(customerId: string, paymentMethodId: string): Promise<CardSummary>;
  detachCard(customerId: string, paymentMethodId: string): Promise<void>;
  setDefaultCard(customerId: string, paymentMethodId: string): Promise<void>;

  /** A recurring price (made once per amount and interval; the caller keeps its id). */
  createPrice(input: { name: string; amountCents: number; recurrence: Recurrence; planId: string }): Promise<string>;

  createSubscription(input: {
    customerId: string;
    priceId: string;
    paymentMethodId: string;
    trialDays: number;
    /** The subscription ends with its first period (a plan that does not renew). */
    cancelAtPeriodEnd?: boolean;
    metadata: Record<string, string>;
    idempotencyKey: string;
    /** Issue 14: the doctor's payout account receives each invoice less the platform's commission (application_fee_percent). */
    connect?: { destinationAccountId: string; applicationFeePercent: number };
    /** Issue 14: a promo code's processor promotion code, applied as the subscription's discount. */
    promotionCodeId?: string;
    /**
     * The option's initial price: the first paid invoice (after the trial, if any) charges this instead of the
     * price's amount; renewals charge the price. A surcharge is a one-off invoice line, a reduction a `once` coupon.
     */
    firstPaymentCents?: number;
  }): Promise<{ subscription: SubscriptionState; intent: IntentState | null }>;
  retrieveSubscription(id: string): Promise<SubscriptionState>;
  /** Immediately (ends now) or at period end; `resume` undoes a cancel at period end. */
  cancelSubscription(id: string, mode: "now" | "periodEnd" | "resume"): Promise<SubscriptionState>;
  /** The current price runs to period end, then the new one starts (a subscription schedule). */
  schedulePriceChange(subscriptionId: string, newPriceId: string): Promise<{ scheduleId: string; startsAt: Date | null }>;
  /** Drops a pending change: the subscription goes on with its price. */
  releaseSchedule(scheduleId: string): Promise<void>;
  /** A new price from the next renewal on, no proration (a price change after its notice). */
  changePrice(subscriptionId: string, priceId: string): Promise<SubscriptionState>;
  /** Sets the subscription's default card and retries its open invoice (a past-due membership's recovery). */
  retryWithCard(subscriptionId: string, paymentMethodId: string): Promise<void>;

  retrieveIntent(id: string): Promise<IntentState>;
  confirmIntent(id: string): Promise<IntentState>;

  /** Verifies the Stripe-Signature header; throws when it does not match. */
  verifyWebhook(rawBody: string, signature: string): Promise<PaymentEvent>;
  toSubscription(object: Record<string, unknown>): SubscriptionState;
  toInvoice(object: Record<string, unknown>): InvoiceState;
}
