/**
 * What the commerce calls answer (02 §7 "Coupons", "Paid services", payouts, transactions, the ledger): the
 * schemas the routes declare (edge/src/http/answers.ts), and the types the edge and the PWA are typed by.
 * The inputs are in ./commerce.ts, which re-exports these types. Money is integer cents (USD).
 */
import { z } from "zod";
import { COUPON_DURATIONS, serviceAdditionalSchema, serviceFieldSchema, TRANSACTION_STATUSES, TRANSACTION_TYPES } from "./commerce.ts";

const cents = z.number().int();
const REQUEST_STATUSES = ["pending", "paid", "failed", "refunded"] as const;

// ---------------------------------------------------------------- coupons

export const couponSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  percentageDiscount: z.number().int(),
  duration: z.enum(COUPON_DURATIONS),
  redemptionLimit: z.number().int().nullable(),
  appliedTimes: z.number().int(),
  createdAt: z.iso.datetime(),
}).strict();
export type Coupon = z.output<typeof couponSchema>;

/** What the checkout shows before paying (GET /coupons/check/{code}). */
export const couponCheckSchema = z.object({
  name: z.string(),
  percentageDiscount: z.number().int(),
  duration: z.enum(COUPON_DURATIONS),
}).strict();
export type CouponCheck = z.output<typeof couponCheckSchema>;

// ---------------------------------------------------------------- paid services

export const paidServiceSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string(),
  subscriberPriceCents: cents.nullable(),
  nonSubscriberPriceCents: cents.nullable(),
  fields: z.array(serviceFieldSchema),
  attachableFiles: z.boolean(),
  intakeForm: z.boolean(),
  /**
   * 02 §9 options (migration 0086). The edge always sends them (paidServiceAnswerSchema); optional in the type so
   * client fixtures written before them stay valid.
   */
  additional: serviceAdditionalSchema.nullable().optional(),
  refundWindowDays: z.number().int().nullable().optional(),
  isActive: z.boolean(),
  isHomepage: z.boolean(),
  createdAt: z.iso.datetime(),
}).strict();
export type PaidService = z.output<typeof paidServiceSchema>;
/** What the service calls answer: the 02 §9 options always there. */
export const paidServiceAnswerSchema = paidServiceSchema.required({ additional: true, refundWindowDays: true });
/** A service in a doctor's settings: enabled for them or not. */
export const doctorPaidServiceSchema = paidServiceSchema.extend({ enabled: z.boolean() });
export type DoctorPaidService = z.output<typeof doctorPaidServiceSchema>;
export const doctorPaidServiceAnswerSchema = paidServiceAnswerSchema.extend({ enabled: z.boolean() });
/** `GET /paidServices/dropdown`: the active services by name. */
export const paidServiceChoiceSchema = z.object({ id: z.uuid(), name: z.string() }).strict();
export type PaidServiceChoice = z.output<typeof paidServiceChoiceSchema>;

// ---------------------------------------------------------------- purchase and requests

/** A request as the patient who made it and the doctor (and their VMAs) see it. */
export const serviceRequestViewSchema = z.object({
  id: z.uuid(),
  serviceId: z.uuid(),
  serviceName: z.string(),
  patientId: z.uuid(),
  patientName: z.string(),
  doctorId: z.uuid(),
  doctorName: z.string(),
  status: z.enum(REQUEST_STATUSES),
  amountCents: cents,
  /** The service's fields answered, with their labels as they were asked. */
  fields: z.array(z.object({ key: z.string(), label: z.string(), answer: z.string() }).strict()),
  /** The doctor's intake form answered, with its questions as they were asked. */
  intake: z.array(z.object({ fieldId: z.string(), question: z.string(), answer: z.string() }).strict()),
  files: z.array(z.object({ id: z.uuid(), name: z.string(), size: z.number().int(), contentType: z.string() }).strict()),
  createdAt: z.iso.datetime(),
  /** When the care team marked it dealt with, and who ("Vera Assistant for Dr. Hopper"); null while open (issue 32). */
  doneAt: z.iso.datetime().nullable(),
  doneBy: z.string().nullable(),
}).strict();
export type ServiceRequestView = z.output<typeof serviceRequestViewSchema>;

export const servicePurchaseSchema = z.object({
  id: z.uuid(),
  serviceId: z.uuid(),
  doctorId: z.uuid(),
  status: z.enum(REQUEST_STATUSES),
  priceCents: cents,
  amountCents: cents,
  feeCents: cents,
  netCents: cents,
  /** Set when the card needs 3-D Secure: the PWA completes it with this intent, then `POST /stripe/confirm/intent`. */
  intentId: z.string().nullable(),
  clientSecret: z.string().nullable(),
  /** The emulator's challenge page for that intent (null on Stripe, where Stripe.js shows it). */
  actionUrl: z.string().nullable(),
}).strict();
export type ServicePurchase = z.output<typeof servicePurchaseSchema>;

/** `GET /paidServices/quote/{id}`: the price before a promo code; `additional` when a first request's window is open. */
export const serviceQuoteSchema = z.object({
  priceCents: cents,
  regularPriceCents: cents,
  additional: z.object({ used: z.number().int(), max: z.number().int(), endsAt: z.iso.datetime() }).strict().nullable(),
}).strict();
export type ServiceQuote = z.output<typeof serviceQuoteSchema>;

// ---------------------------------------------------------------- payout accounts

/** `GET /stripe/connect/provider/link`: the processor's onboarding page and the token the return page posts back. */
export const payoutLinkSchema = z.object({ url: z.string(), csrfToken: z.string() }).strict();
export type PayoutLink = z.output<typeof payoutLinkSchema>;
/** `POST /stripe/connect/provider/finalize`: the account read back from the processor. */
export const payoutFinalizeSchema = z.object({ active: z.boolean(), detailsSubmitted: z.boolean(), accountId: z.string() }).strict();
export type PayoutFinalize = z.output<typeof payoutFinalizeSchema>;
/** `GET /stripe/account/me`. */
export const payoutAccountStatusSchema = z.object({ connected: z.boolean(), active: z.boolean() }).strict();
export type PayoutAccountStatus = z.output<typeof payoutAccountStatusSchema>;
/** `GET /stripe/account/me/link`: the processor's dashboard. */
export const payoutDashboardLinkSchema = z.object({ url: z.string() }).strict();

// ---------------------------------------------------------------- balance, payouts, transactions, the ledger

/** A payout as the processor reports it (`status` is the processor's word: pending, paid, failed…). */
export const payoutAnswerSchema = z.object({
  id: z.string(),
  amountCents: cents,
  status: z.string(),
  arrivalDate: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
}).strict();
export type Payout = z.output<typeof payoutAnswerSchema>;

export const doctorBalanceSchema = z.object({
  availableCents: cents,
  pendingCents: cents,
  /** Newest first; `failureMessage` is the bank's reason for a failed payout. */
  payouts: z.array(payoutAnswerSchema.extend({ failureMessage: z.string().nullable() })),
}).strict();
export type DoctorBalance = z.output<typeof doctorBalanceSchema>;

/** A charge with its split, as doctors, their VMAs and admins see it. */
export const ledgerTransactionSchema = z.object({
  id: z.uuid(),
  type: z.enum(TRANSACTION_TYPES),
  status: z.enum(TRANSACTION_STATUSES),
  patientId: z.uuid(),
  patientName: z.string(),
  doctorId: z.uuid().nullable(),
  doctorName: z.string().nullable(),
  description: z.string(),
  amountCents: cents,
  feeCents: cents,
  netCents: cents,
  refundedCents: cents,
  createdAt: z.iso.datetime(),
}).strict();
export type LedgerTransaction = z.output<typeof ledgerTransactionSchema>;
/** `POST /transactions/{id}/refund`: the transaction after it, with the fee refunded and the doctor's transfer reversed so far. */
export const refundedTransactionSchema = ledgerTransactionSchema.extend({ feeRefundedCents: cents, netReversedCents: cents });
export type RefundedTransaction = z.output<typeof refundedTransactionSchema>;

/** One charge's money in the ledger (`GET /admin/ledger`), computed from our records or from the processor's. */
export const ledgerSideSchema = z.object({
  paidCents: cents,
  refundedCents: cents,
  feeCents: cents,
  feeRefundedCents: cents,
  /** Net − reversed. */
  doctorShareCents: cents,
  /** (Paid − refunded) − doctor's share. */
  platformFeeCents: cents,
}).strict();
export type LedgerSide = z.output<typeof ledgerSideSchema>;

export const ledgerReportSchema = z.object({
  totals: z.object({ stored: ledgerSideSchema, processor: ledgerSideSchema }).strict(),
  rows: z.array(ledgerSideSchema.extend({
    id: z.uuid(),
    type: z.enum(TRANSACTION_TYPES),
    chargeId: z.string().nullable(),
    balanced: z.boolean(),
    agrees: z.boolean(),
  })),
  /** Charges whose figures differ (`differences` names them), or `missing at the processor`. */
  mismatches: z.array(z.object({
    id: z.uuid(),
    type: z.enum(TRANSACTION_TYPES),
    doctorId: z.uuid().nullable(),
    chargeId: z.string().nullable(),
    differences: z.array(z.string()),
    stored: ledgerSideSchema,
    processor: ledgerSideSchema.nullable(),
  }).strict()),
  /** Per doctor's payout account: the stored doctor's shares against what the account received (payouts aside). */
  accounts: z.array(z.object({ accountId: z.string(), storedDoctorShareCents: cents, receivedCents: cents, agrees: z.boolean() }).strict()),
  /** The stored rows obey the split rules. */
  balanced: z.boolean(),
  /** Every charge and every account agrees with the processor to the cent. */
  agrees: z.boolean(),
}).strict();
export type LedgerReport = z.output<typeof ledgerReportSchema>;
