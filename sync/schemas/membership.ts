/**
 * Memberships and payments (02 §3, §5, §7): plans, per-doctor membership
 * options, subscribing, changing, cancelling, cards and transactions. Money is
 * integer cents (USD) everywhere; the PWA formats it with Intl.NumberFormat.
 */
import { z } from "zod";
import { isStorableText } from "../rules/storable-text.ts";
import { TRANSACTION_STATUSES, TRANSACTION_TYPES } from "./commerce.ts";

const text = (max: number, required = "This field is required") =>
  z.string({ error: required }).trim().max(max, `At most ${max} symbols`).refine(isStorableText, "Invalid characters");
const cents = (what: string) =>
  z.number({ error: `${what} is required` }).int(`${what} must be a whole number of cents`).positive(`${what} must be above 0`)
    .max(100_000_00, `${what} is too large`);

export const PLAN_INTERVALS = ["day", "week", "month", "year", "custom"] as const;
export type PlanInterval = (typeof PLAN_INTERVALS)[number];
/** 02 §5: renewable interval counts at most 365 days, 52 weeks, 12 months, 1 year (custom counts days). */
export const INTERVAL_MAX: Record<PlanInterval, number> = { day: 365, week: 52, month: 12, year: 1, custom: 365 };
export const PLAN_CATEGORIES = ["primary", "specialty", "one-time"] as const;
export const PLAN_DESCRIPTION_MAX = 1000;
/** 02 §9: 30 days' notice before a new price applies to existing members. */
export const PRICE_CHANGE_NOTICE_DAYS = 30;
/** Issue 32: members are told of a new price this long after it is saved; an undo before then tells no one. */
export const PRICE_CHANGE_UNDO_MINUTES = 10;
/**
 * Saving a new price members will be told of needs this flag (issue 32): without it the edge answers 409
 * `PRICE_CHANGE_NEEDS_CONFIRMATION` with `details` of this shape, and changes nothing.
 */
export type PriceChangePreview = { members: number; oldCents: number; newCents: number; noticeDays: number; undoMinutes: number };
const confirmNotice = z.boolean({ error: "confirmNotice is true or false" }).optional();

export const planInputSchema = z.object({
  name: text(100).min(1, "Name is required"),
  description: text(PLAN_DESCRIPTION_MAX).default(""),
  priceCents: cents("Price"),
  initialPriceCents: z.number().int("Initial price must be a whole number of cents").min(0, "Initial price cannot be negative")
    .max(100_000_00).nullable().default(null),
  interval: z.enum(PLAN_INTERVALS, { error: "Choose day, week, month, year or custom" }),
  intervalCount: z.number({ error: "Interval count is required" }).int("Interval count must be a whole number")
    .positive("Interval count must be positive"),
  trialDays: z.number().int("Trial days must be a whole number").min(0, "Trial days cannot be negative").max(365).default(0),
  autoRenewable: z.boolean().default(true),
  loyalClientsOnly: z.boolean().default(false),
  availableClients: z.number().int().min(0, "Cannot be negative").nullable().default(null),
  category: z.enum(PLAN_CATEGORIES).default("primary"),
  welcomePackage: z.boolean().default(false),
  confirmNotice,
}).strict().superRefine((p, ctx) => {
  if (p.intervalCount > INTERVAL_MAX[p.interval]) {
    ctx.addIssue({ code: "custom", path: ["intervalCount"], message: `At most ${INTERVAL_MAX[p.interval]} for ${p.interval}` });
  }
});
export type PlanInput = z.output<typeof planInputSchema>;

/** The fields plans sort by; the query's regex is built from this list, so the two cannot disagree. */
export const PLAN_SORT_FIELDS = ["createdAt", "name", "priceCents", "interval"] as const;
export type PlanSortField = (typeof PLAN_SORT_FIELDS)[number];
const PLAN_SORT = new RegExp(`^-?(${PLAN_SORT_FIELDS.join("|")})$`);
export const plansQuerySchema = z.object({
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  /** A field name, `-` first for descending (02 §5); default newest first. */
  sort: z.string().regex(PLAN_SORT, "Unknown sort field").default("-createdAt"),
}).strict();
export type PlansQuery = z.output<typeof plansQuerySchema>;

export const planSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string(),
  priceCents: z.number().int(),
  initialPriceCents: z.number().int().nullable(),
  interval: z.enum(PLAN_INTERVALS),
  intervalCount: z.number().int(),
  trialDays: z.number().int(),
  autoRenewable: z.boolean(),
  loyalClientsOnly: z.boolean(),
  availableClients: z.number().int().nullable(),
  category: z.enum(PLAN_CATEGORIES),
  welcomePackage: z.boolean(),
  isActive: z.boolean(),
  isHomepage: z.boolean(),
  createdAt: z.iso.datetime(),
  /** On the answer of a price change: until when it can be undone without anyone being told (issue 32). */
  priceUndoUntil: z.iso.datetime().nullable().optional(),
}).strict();
export type Plan = z.output<typeof planSchema>;
/** What the plan calls answer, but `PUT /plans/{id}`: the plan without an undo window. */
export const planAnswerSchema = planSchema.omit({ priceUndoUntil: true });
/** `PUT /plans/{id}`: the plan and until when its price change can be undone (null: the price did not change). */
export const planUpdateAnswerSchema = planSchema.required({ priceUndoUntil: true });
/** `GET /plans/dropdown`: the active plans by name. */
export const planChoiceSchema = z.object({ id: z.uuid(), name: z.string() }).strict();
export type PlanChoice = z.output<typeof planChoiceSchema>;

export const membershipOptionUpdateSchema = z.object({
  trialDays: z.number().int("Trial days must be a whole number").min(0, "Trial days cannot be negative").max(365).nullable().optional(),
  priceCents: cents("Price").nullable().optional(),
  initialPriceCents: z.number().int().min(0, "Initial price cannot be negative").max(100_000_00).nullable().optional(),
  confirmNotice,
}).strict();
export type MembershipOptionUpdate = z.output<typeof membershipOptionUpdateSchema>;

/** A doctor's membership option as patients and the doctor see it. */
export const membershipOptionSchema = z.object({
  planId: z.uuid(),
  doctorId: z.uuid(),
  name: z.string(),
  description: z.string(),
  interval: z.enum(PLAN_INTERVALS),
  intervalCount: z.number().int(),
  welcomePackage: z.boolean(),
  enabled: z.boolean(),
  trialDays: z.number().int(),
  priceCents: z.number().int(),
  initialPriceCents: z.number().int().nullable(),
  /** While a new price waits out its 30-day notice: what existing members pay until then. */
  previousPriceCents: z.number().int().nullable(),
  priceAppliesAt: z.iso.datetime().nullable(),
  /**
   * Until when the last price change can be undone without anyone being told (issue 32); null: nothing to undo.
   * The edge always sends it (membershipOptionAnswerSchema); optional in the type for client fixtures.
   */
  priceUndoUntil: z.iso.datetime().nullable().optional(),
  /** false: one period only (the subscription is made to end at period end; 02 §9's 1-week access). */
  autoRenewable: z.boolean(),
  /** Only the doctor's existing patients may join (see edge/docs/payments.md). */
  loyalClientsOnly: z.boolean(),
  /** Places left with this doctor when the plan limits its members; null: no limit. */
  placesLeft: z.number().int().nullable(),
}).strict();
export type MembershipOption = z.output<typeof membershipOptionSchema>;
/** What the option calls answer: the option with its undo window (null where there is none). */
export const membershipOptionAnswerSchema = membershipOptionSchema.required({ priceUndoUntil: true });

export const subscribeSchema = z.object({
  doctorId: z.uuid("Invalid doctor"),
  planId: z.uuid("Invalid plan"),
  paymentMethodId: z.string().regex(/^pm_[A-Za-z0-9_]{1,200}$/, "Invalid card"),
  /** Same key, same request → the same answer (double taps, retries). */
  idempotencyKey: z.string().regex(/^[A-Za-z0-9_-]{8,100}$/, "Invalid idempotency key"),
  /** A promo code (02 §5), applied by the processor to the subscription's invoices (once or forever). */
  coupon: z.string().trim().max(40, "Invalid coupon").refine(isStorableText, "Invalid coupon").nullable().optional()
    .transform((s) => (s ? s : null)),
}).strict();
export type SubscribeInput = z.output<typeof subscribeSchema>;

export const changePlanSchema = z.object({
  membershipId: z.uuid("Invalid membership"),
  planId: z.uuid("Invalid plan"),
}).strict();

export const CANCEL_MODES = ["immediately", "periodEnd", "notCancel"] as const;
export const cancelSubscriptionSchema = z.object({
  membershipId: z.uuid("Invalid membership"),
  mode: z.enum(CANCEL_MODES, { error: "Choose immediately, at period end or not cancel" }),
}).strict();

export const confirmIntentSchema = z.object({
  intentId: z.string().regex(/^pi_[A-Za-z0-9_]{1,200}$/, "Invalid intent"),
}).strict();

export const paymentMethodIdSchema = z.object({
  paymentMethodId: z.string().regex(/^pm_[A-Za-z0-9_]{1,200}$/, "Invalid card"),
}).strict();

export const transactionsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  startingAfter: z.uuid("Invalid cursor").optional(),
}).strict();

export const MEMBERSHIP_STATUSES = ["active", "trialing", "pastDue", "cancelled", "expired", "incomplete"] as const;
export type MembershipStatus = (typeof MEMBERSHIP_STATUSES)[number];

/** The membership's next plan, from its next period (02 §4). */
const pendingChangeSchema = z.object({
  planId: z.uuid(),
  planName: z.string(),
  startsAt: z.iso.datetime().nullable(),
  amountCents: z.number().int(),
}).strict();

export const membershipSchema = z.object({
  id: z.uuid(),
  doctorId: z.uuid(),
  doctorName: z.string(),
  patientId: z.uuid(),
  patientName: z.string(),
  planId: z.uuid(),
  planName: z.string(),
  interval: z.enum(PLAN_INTERVALS),
  intervalCount: z.number().int(),
  /** active, trialing, pastDue, cancelled (still a member till period end), expired, incomplete. */
  status: z.enum(MEMBERSHIP_STATUSES),
  cancelAtPeriodEnd: z.boolean(),
  /** The patient asked for it to end at period end: only they can resume it (the practice cannot restart billing). */
  cancelledByPatient: z.boolean(),
  /** false: a plan that does not renew (it ends with its period; it cannot be resumed or changed to). */
  renews: z.boolean(),
  currentPeriodEnd: z.iso.datetime().nullable(),
  amountCents: z.number().int(),
  pendingChange: pendingChangeSchema.nullable(),
}).strict();
export type Membership = z.output<typeof membershipSchema>;

/** The answer of subscribe: a member now, or a card step (3-D Secure) to complete first. */
export const subscribeResultSchema = z.discriminatedUnion("status", [
  z.object({ status: z.literal("active"), membership: membershipSchema }).strict(),
  z.object({
    status: z.literal("requiresAction"),
    membershipId: z.uuid(),
    intentId: z.string(),
    clientSecret: z.string().nullable(),
    actionUrl: z.string().nullable(),
  }).strict(),
]);
export type SubscribeResult = z.output<typeof subscribeResultSchema>;

export const cardSchema = z.object({
  id: z.string(),
  brand: z.string(),
  last4: z.string(),
  expMonth: z.number().int(),
  expYear: z.number().int(),
  isDefault: z.boolean(),
}).strict();
export type Card = z.output<typeof cardSchema>;
/** `DELETE /stripe/account/paymentMethods/{id}`: the card taken off. */
export const cardDeletedSchema = z.object({ deleted: z.string() }).strict();

export const transactionSchema = z.object({
  id: z.uuid(),
  type: z.enum(TRANSACTION_TYPES),
  status: z.enum(TRANSACTION_STATUSES),
  amountCents: z.number().int(),
  /** What was refunded of it so far (a partial refund leaves the status "succeeded"). */
  refundedCents: z.number().int(),
  currency: z.string(),
  doctorId: z.uuid().nullable(),
  /** "Primary care — monthly membership with Dr. Maya Lopez", "Imaging referral with Dr. Maya Lopez". */
  description: z.string(),
  createdAt: z.iso.datetime(),
}).strict();
export type Transaction = z.output<typeof transactionSchema>;
/** `GET /payments/transactions`: a page, newest first; `startingAfter` asks for the next one. */
export const transactionsPageSchema = z.object({
  list: z.array(transactionSchema),
  hasMore: z.boolean(),
  startingAfter: z.uuid().nullable(),
}).strict();
export type TransactionsPage = z.output<typeof transactionsPageSchema>;

/** `GET /payments/products`: how the PWA takes a card (Stripe Elements, or the emulator's card page). */
export const paymentsConfigSchema = z.object({
  publishableKey: z.string(),
  cardEntry: z.enum(["emulator", "elements"]),
  emulatorUrl: z.string().nullable(),
  currency: z.literal("usd"),
  locale: z.literal("en"),
}).strict();
export type PaymentsConfig = z.output<typeof paymentsConfigSchema>;

/** `POST /stripe/webhook`: the event taken (`duplicate`: it had been before). */
export const webhookAckSchema = z.object({ received: z.literal(true), duplicate: z.boolean() }).strict();
