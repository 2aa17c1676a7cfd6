/**
 * The processor's side of commerce (issue 14), part of `Payments`: promo codes
 * mirrored as the processor's coupon + promotion code; doctors' payout accounts
 * (Connect Express accounts, account links, their state); one-off charges as
 * destination charges whose application fee is the platform's commission;
 * refunds reversing the transfer and the fee proportionally; a connected
 * account's balance and payouts. Implemented on the `stripe` SDK in
 * ./stripe-commerce.ts. Amounts are integer cents, USD.
 */
export type ConnectedAccountState = {
  id: string;
  chargesEnabled: boolean;
  payoutsEnabled: boolean;
  detailsSubmitted: boolean;
};

export type ChargeState = {
  intentId: string;
  /** succeeded, requires_action (3-D Secure), requires_payment_method (declined)… */
  status: string;
  chargeId: string | null;
  clientSecret: string | null;
};

/** The refund, and the charge's totals after it: refunded, fee refunded to the patient's side, doctor's transfer reversed. */
export type RefundState = {
  refundId: string;
  amountCents: number;
  totalRefundedCents: number;
  totalFeeRefundedCents: number;
  totalTransferReversedCents: number;
};

export type BalanceState = { availableCents: number; pendingCents: number };
export type PayoutState = { id: string; amountCents: number; status: string; arrivalDate: Date | null; created: Date };

/**
 * The processor's record of one charge, for the ledger: the charge, its application fee (with refunds), its
 * transfer's reversals, and the sources of the destination account's balance transactions that belong to it
 * (the transfer's payment on the account, the reversals, the fee refunds).
 */
export type ChargeRecord = {
  chargeId: string;
  amountCents: number;
  refundedCents: number;
  applicationFeeCents: number;
  applicationFeeRefundedCents: number;
  destinationAccountId: string | null;
  transferReversedCents: number;
  accountSources: string[];
};
export type AccountBalanceTransaction = { id: string; type: string; source: string | null; netCents: number };

export interface CommercePayments {
  /**
   * A percentage coupon and its promotion code `code` (the code patients type);
   * `key` makes the call idempotent (our coupon's id).
   */
  createPromotionCode(input: {
    key: string;
    code: string;
    percentOff: number;
    duration: "once" | "forever";
    maxRedemptions: number | null;
  }): Promise<{ couponId: string; promotionCodeId: string }>;
  /** A deleted promo code: its promotion code stops being accepted. */
  deactivatePromotionCode(promotionCodeId: string): Promise<void>;

  /** A doctor's payout account (Express), made once per doctor (`userId` is the idempotency key). */
  createConnectedAccount(input: { userId: string; email: string }): Promise<string>;
  /** The processor's onboarding page for the account; it sends the doctor back to returnUrl (or refreshUrl when expired). */
  createAccountLink(input: { accountId: string; returnUrl: string; refreshUrl: string }): Promise<string>;
  /** The processor's dashboard for an onboarded account (GET /stripe/account/me/link). */
  createLoginLink(accountId: string): Promise<string>;
  retrieveAccount(accountId: string): Promise<ConnectedAccountState>;
  toAccount(object: Record<string, unknown>): ConnectedAccountState;

  /**
   * A one-off charge of the patient's card for a doctor's service: a destination
   * charge (the doctor's account receives amount − applicationFee, the platform keeps the fee).
   */
  chargeForDoctor(input: {
    customerId: string;
    paymentMethodId: string;
    amountCents: number;
    applicationFeeCents: number;
    destinationAccountId: string;
    description: string;
    metadata: Record<string, string>;
    idempotencyKey: string;
  }): Promise<ChargeState>;
  /** Cancels a charge that was never completed (3-D Secure failed or abandoned); an intent already final is left alone. */
  cancelIntent(intentId: string): Promise<void>;
  /** Refunds part or all of a charge, reversing the doctor's transfer and the platform's fee in proportion. */
  refund(input: { intentId: string; amountCents: number; idempotencyKey: string; metadata: Record<string, string> }): Promise<RefundState>;

  /** A paid invoice's split: the destination account and the application fee (null when it has no destination). */
  invoiceSplit(invoiceId: string): Promise<{ destinationAccountId: string; applicationFeeCents: number } | null>;

  /** The payment intent that paid an invoice (a membership payment's refund goes through it). */
  intentOfInvoice(invoiceId: string): Promise<string | null>;

  /** The charge behind a payment intent with its fee and transfer (null when the intent has no charge). */
  chargeRecord(intentId: string): Promise<ChargeRecord | null>;
  /** Every balance transaction of a connected account (all pages). */
  accountBalanceTransactions(accountId: string): Promise<AccountBalanceTransaction[]>;

  balanceOf(accountId: string): Promise<BalanceState>;
  payoutsOf(accountId: string, limit: number): Promise<PayoutState[]>;
  /** Throws PayoutError with the processor's code (balance_insufficient, payouts_not_allowed…). */
  createPayout(input: { accountId: string; amountCents: number; idempotencyKey: string }): Promise<PayoutState>;
}

export class PayoutError extends Error {
  constructor(readonly code: string, message: string) {
    super(message);
    this.name = "PayoutError";
  }
}
