/**
 * Commerce (02 §3, §5, §7): promo codes (coupons), paid services and the
 * commission split. Money is integer cents (USD); the PWA formats it with
 * Intl.NumberFormat. Shared by the PWA's forms and the edge's validation.
 */
import { z } from "zod";
import { calendarDate } from "../rules/calendar-date.ts";
import { isStorableText } from "../rules/storable-text.ts";

// What the calls answer: ./commerce-answers.ts (schemas and types), its types re-exported here.
export type {
  Coupon,
  CouponCheck,
  DoctorBalance,
  DoctorPaidService,
  LedgerReport,
  LedgerSide,
  LedgerTransaction,
  PaidService,
  ServicePurchase,
  ServiceQuote,
  ServiceRequestView,
} from "./commerce-answers.ts";

const text = (max: number) => z.string().trim().max(max, `At most ${max} symbols`).refine(isStorableText, "Invalid characters");
const priceCents = (what: string) =>
  z.number({ error: `${what} must be a number of cents` }).int(`${what} must be a whole number of cents`)
    .positive(`${what} must be above 0`).max(100_000_00, `${what} is too large`).nullable().default(null);

// ---------------------------------------------------------------- coupons

export const COUPON_DURATIONS = ["once", "forever"] as const;
export type CouponDuration = (typeof COUPON_DURATIONS)[number];
/** 02 §5: letters and digits only. */
export const COUPON_NAME_PATTERN = /^[A-Za-z0-9]+$/;

export const couponNameSchema = z.string({ error: "Name is required" }).trim().min(1, "Name is required")
  .max(40, "At most 40 symbols").regex(COUPON_NAME_PATTERN, "Only letters and numbers");

export const couponInputSchema = z.object({
  name: couponNameSchema,
  /** 02 §5: greater than 1 and less than 100. */
  percentageDiscount: z.number({ error: "Percentage discount is required" }).int("A whole number")
    .gt(1, "Greater than 1").lt(100, "Less than 100"),
  duration: z.enum(COUPON_DURATIONS, { error: "Duration must be once or forever" }),
  /** Empty or 0 = unlimited (02 §5). */
  redemptionLimit: z.number().int("A whole number").min(0, "Greater than 0").max(1_000_000).nullable().default(null)
    .transform((n) => (n ? n : null)),
}).strict();
export type CouponInput = z.output<typeof couponInputSchema>;

export const couponsQuerySchema = z.object({
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(20),
}).strict();
export type CouponsQuery = z.output<typeof couponsQuerySchema>;

// ---------------------------------------------------------------- commission

/** 02 §5: an integer 0..100. */
export const commissionSchema = z.object({
  commission: z.number({ error: "Commission is required" }).int("A whole number").min(0, "At least 0").max(100, "At most 100"),
}).strict();

/**
 * The split of a charge (decision: edge/docs/commerce.md): the platform's fee is
 * gross × percent / 100 rounded half up to the cent; the doctor's net is the rest,
 * so fee + net = gross always.
 */
export function splitCommission(grossCents: number, percent: number): { grossCents: number; feeCents: number; netCents: number } {
  if (!Number.isInteger(grossCents) || grossCents < 0) throw new RangeError("gross must be whole cents ≥ 0");
  if (!Number.isInteger(percent) || percent < 0 || percent > 100) throw new RangeError("percent must be an integer 0..100");
  // Integers only: (gross × percent + 50) div 100 is round half up for non-negative values.
  const feeCents = Math.floor((grossCents * percent + 50) / 100);
  return { grossCents, feeCents, netCents: grossCents - feeCents };
}

/** A percentage discount on a price, rounded half up to the cent (the same rule as the processor's coupon). */
export function discountedCents(priceCents: number, percentageDiscount: number): number {
  return priceCents - Math.floor((priceCents * percentageDiscount + 50) / 100);
}

// ---------------------------------------------------------------- paid services

export const SERVICE_FIELD_KINDS = ["input", "textarea"] as const;
export const serviceFieldSchema = z.object({
  key: z.string().regex(/^[a-z][a-zA-Z0-9]{0,39}$/, "A key of letters and digits"),
  label: text(100).min(1, "Label is required"),
  kind: z.enum(SERVICE_FIELD_KINDS, { error: "Text input or text area" }),
  placeholder: text(200).default(""),
  required: z.boolean().default(false),
}).strict();
export type ServiceField = z.output<typeof serviceFieldSchema>;

export const serviceAdditionalSchema = z.object({
  priceCents: z.number({ error: "Price of an additional request must be a number of cents" }).int("Whole cents").positive("Above 0")
    .max(100_000_00, "Too large"),
  max: z.number({ error: "How many additional requests" }).int("A whole number").min(1, "At least 1").max(10, "At most 10"),
  withinDays: z.number({ error: "Days must be a number" }).int("Whole days").min(1, "At least 1 day").max(365, "At most 365 days"),
}).strict();
export type ServiceAdditional = z.output<typeof serviceAdditionalSchema>;

export const paidServiceInputSchema = z.object({
  name: text(100).min(1, "Name is required"),
  description: text(1000).default(""),
  /** null = not offered to subscribers. */
  subscriberPriceCents: priceCents("Price for subscribers"),
  /** null = not offered to non-subscribers. */
  nonSubscriberPriceCents: priceCents("Price for non-subscribers"),
  fields: z.array(serviceFieldSchema).max(20, "At most 20 fields").default([]),
  attachableFiles: z.boolean().default(false),
  intakeForm: z.boolean().default(false),
  /**
   * 02 §9 imaging referral: further requests within `withinDays` of a paid first one cost `priceCents` (at most the
   * patient's usual price), up to `max` of them; null = none. Left out on an update = unchanged.
   */
  additional: serviceAdditionalSchema.nullable().optional(),
  /** Refunds refused this many days after the purchase (02 §9: 30); null = no limit. Left out on an update = unchanged. */
  refundWindowDays: z.number({ error: "Days must be a number" }).int("Whole days").min(1, "At least 1 day").max(365, "At most 365 days")
    .nullable().optional(),
}).strict().superRefine((s, ctx) => {
  if (s.subscriberPriceCents === null && s.nonSubscriberPriceCents === null) {
    ctx.addIssue({ code: "custom", path: ["nonSubscriberPriceCents"], message: "Set a price for subscribers, non-subscribers or both" });
  }
  const keys = new Set<string>();
  s.fields.forEach((f, i) => {
    if (keys.has(f.key)) ctx.addIssue({ code: "custom", path: ["fields", i, "key"], message: "Keys must differ" });
    keys.add(f.key);
  });
});
export type PaidServiceInput = z.output<typeof paidServiceInputSchema>;

export const paidServicesQuerySchema = z.object({
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(20),
}).strict();
export type PaidServicesQuery = z.output<typeof paidServicesQuerySchema>;

// ---------------------------------------------------------------- purchase

/** 02 §5: at most 10 files at once. */
export const SERVICE_REQUEST_FILES_MAX = 10;

const answer = z.string().max(5000, "At most 5000 symbols").refine(isStorableText, "Invalid characters");
export const serviceRequestSchema = z.object({
  doctorId: z.uuid("No such doctor"),
  /** The processor's payment method id made by the browser's card entry. */
  card: z.string().regex(/^pm_[A-Za-z0-9_]{1,200}$/, "Choose a card"),
  coupon: z.string().trim().max(40, "Invalid coupon").refine(isStorableText, "Invalid coupon").nullable().default(null)
    .transform((s) => (s ? s : null)),
  /** The service's custom fields by key. */
  fields: z.record(z.string().regex(/^[a-z][a-zA-Z0-9]{0,39}$/), answer).default({}),
  /** The intake form's answers by the doctor's question id (yes/no questions: "yes" or "no"). */
  intakeFormAnswer: z.record(z.string().max(200).refine(isStorableText, "Invalid characters"), answer).default({}),
  /**
   * Medical files the patient uploaded (their PatientUploaded folder, `POST /medicalFiles/patient/{id}`),
   * when the service takes files: at most 10 (02 §5), each within the medical-file limits.
   */
  files: z.array(z.uuid("No such file")).max(SERVICE_REQUEST_FILES_MAX, `At most ${SERVICE_REQUEST_FILES_MAX} files at once`)
    .refine((ids) => new Set(ids).size === ids.length, "The same file twice").default([]),
  /**
   * One purchase however often it is sent (a retry after a lost answer): the request's id and the charge's
   * idempotency key. The checkout makes one per attempt and keeps it while the answer is unknown.
   */
  idempotencyKey: z.uuid("Invalid request key").optional(),
}).strict();
export type ServiceRequestInput = z.output<typeof serviceRequestSchema>;

/** `PUT /paidServices/requests/{id}/done`. */
export const requestDoneSchema = z.object({ done: z.boolean({ error: "done is true or false" }) }).strict();

// ---------------------------------------------------------------- refunds, payouts, transactions

export const refundSchema = z.object({
  amountCents: z.number({ error: "Amount is required" }).int("A whole number of cents").positive("Above 0"),
  reason: z.string({ error: "A reason is required" }).trim().min(1, "A reason is required").max(500, "At most 500 symbols")
    .refine(isStorableText, "Invalid characters"),
}).strict();
export type RefundInput = z.output<typeof refundSchema>;

export const payoutSchema = z.object({
  amountCents: z.number({ error: "Amount is required" }).int("A whole number of cents").positive("Above 0").max(100_000_000),
}).strict();

export const TRANSACTION_TYPES = ["membership", "service"] as const;
export const TRANSACTION_STATUSES = ["succeeded", "pending", "refunded", "failed"] as const;
const isoDate = calendarDate("A date as YYYY-MM-DD");
export const ledgerQuerySchema = z.object({
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(500).default(50),
  doctorId: z.uuid("No such doctor").optional(),
  patientId: z.uuid("No such patient").optional(),
  type: z.enum(TRANSACTION_TYPES).optional(),
  status: z.enum(TRANSACTION_STATUSES).optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
}).strict();
export type LedgerQuery = z.output<typeof ledgerQuerySchema>;
