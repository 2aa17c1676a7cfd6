/**
 * Administration (issue 18): doctor applications, admins, reviews, analytics,
 * reports and agreements. One schema per outside input, shared by the PWA's
 * forms and the edge.
 */
import { z } from "zod";
import { emailSchema } from "../rules/personal.ts";
import { calendarDate } from "../rules/calendar-date.ts";
import { isStorableText } from "../rules/storable-text.ts";

/** Free text that PostgreSQL can store (`isStorableText`: no NUL, no lone surrogate). */
export const safeText = (label: string, max: number, min = 0) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(min, min > 0 ? `${label} is required` : undefined)
    .max(max, `${label} must be at most ${max} symbols`)
    .refine(isStorableText, `${label} contains a character that is not allowed`);

const offset = z.coerce.number({ error: "Offset must be a number" }).int().min(0).max(1_000_000).default(0);
const limit = z.coerce.number({ error: "Limit must be a number" }).int().min(1).max(100).default(20);
const search = safeText("Search", 100).optional().transform((v) => v || undefined);

// ---------------------------------------------------------------- applications

export const APPLICATION_FILTERS = ["initial", "approved", "declined", "deactivated", "all"] as const;
export const applicationsQuerySchema = z.object({
  offset,
  limit,
  search,
  status: z.enum(APPLICATION_FILTERS, { error: "Unknown status" }).default("initial"),
});
export type ApplicationsQuery = z.output<typeof applicationsQuerySchema>;

/** `POST /doctors/{id}`: the status change of 01 §7 (approve, decline, deactivate, reactivate). */
export const doctorStatusChangeSchema = z.discriminatedUnion("status", [
  z.object({
    status: z.literal("approved"),
    /** 02 §5: an integer 0 to 100. */
    commission: z.number({ error: "Commission must be a whole number from 0 to 100" })
      .int("Commission must be a whole number from 0 to 100")
      .min(0, "Commission must be a whole number from 0 to 100")
      .max(100, "Commission must be a whole number from 0 to 100"),
    credentialedAt: calendarDate("Enter a date").optional(),
  }).strict(),
  z.object({ status: z.literal("declined"), reason: safeText("Reason", 2000, 1) }).strict(),
  z.object({ status: z.literal("deactivated"), reason: safeText("Reason", 2000).optional() }).strict(),
  z.object({ status: z.literal("active") }).strict(),
], { error: "Choose approved, declined, deactivated or active" });
export type DoctorStatusChange = z.output<typeof doctorStatusChangeSchema>;

export type { ApplicationView } from "./admin-answers.ts";

// ---------------------------------------------------------------- admins

export const ADMIN_SORTS = ["name", "email", "createdAt"] as const;
export const adminsQuerySchema = z.object({
  offset,
  limit,
  search,
  sort: z.enum(ADMIN_SORTS, { error: "Sort by name, email or createdAt" }).default("name"),
  direction: z.enum(["asc", "desc"]).default("asc"),
});
export type AdminsQuery = z.output<typeof adminsQuerySchema>;

export const createAdminSchema = z.object({
  email: emailSchema,
  firstName: safeText("First name", 34).optional(),
  lastName: safeText("Last name", 34).optional(),
  isSuperAdmin: z.boolean().default(false),
}).strict();
export type CreateAdminInput = z.output<typeof createAdminSchema>;

export type { AdminView } from "./admin-answers.ts";

// ---------------------------------------------------------------- reviews

export const reviewSchema = z.object({
  rating: z.number({ error: "Choose a rating from 1 to 5" }).int("Choose a rating from 1 to 5")
    .min(1, "Choose a rating from 1 to 5").max(5, "Choose a rating from 1 to 5"),
  comment: safeText("Comment", 2000).default(""),
}).strict();
export type ReviewInput = z.output<typeof reviewSchema>;

export const reviewsQuerySchema = z.object({
  offset,
  limit,
  search,
  status: z.enum(["visible", "hidden", "all"]).default("all"),
  doctorId: z.uuid("Invalid doctor").optional(),
});
export type ReviewsQuery = z.output<typeof reviewsQuerySchema>;

export const reviewVisibilitySchema = z.object({ hidden: z.boolean({ error: "hidden must be true or false" }) }).strict();

/** `GET /doctors/{id}/reviews` (not in the spec, issue 32): a listed doctor's visible reviews, newest first. */
export const publicReviewsQuerySchema = z.object({ offset, limit: z.coerce.number().int().min(1).max(50).default(5) });
export type { PublicReview, ReviewView } from "./admin-answers.ts";

// ---------------------------------------------------------------- dashboard

export type { DashboardFigures } from "./admin-answers.ts";

// ---------------------------------------------------------------- analytics

export const ANALYTICS_GRANULARITIES = ["day", "week", "month"] as const;
export const analyticsQuerySchema = z.object({
  from: calendarDate("Enter a start date"),
  to: calendarDate("Enter an end date"),
  granularity: z.enum(ANALYTICS_GRANULARITIES, { error: "Choose day, week or month" }).default("week"),
  /** The browser's IANA time zone, so buckets follow the admin's calendar. */
  timezone: safeText("Time zone", 64).default("UTC"),
}).refine((q) => q.from <= q.to, { message: "The start must be on or before the end", path: ["from"] })
  .refine((q) => (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 <= 3 * 366, {
    message: "Choose at most three years", path: ["to"],
  });
export type AnalyticsQuery = z.output<typeof analyticsQuerySchema>;

export type { AnalyticsChart, AnalyticsResult, AnalyticsSeries } from "./admin-answers.ts";

// ---------------------------------------------------------------- reports

/** 02 §3 report fields. Commerce fields are empty until commerce exists. */
export const REPORT_FIELDS = [
  "name", "gender", "age", "doctor", "vmas", "membershipStatus", "bought", "serviceName", "serviceDoctor",
  "lifetimeValue", "grossProfit", "state", "joinedAt",
] as const;
export type ReportField = (typeof REPORT_FIELDS)[number];
export const COMMERCE_REPORT_FIELDS: readonly ReportField[] = ["membershipStatus", "bought", "serviceName", "serviceDoctor", "lifetimeValue", "grossProfit"];
export const REPORT_FIELD_LABELS: Record<ReportField, string> = {
  name: "Name",
  gender: "Gender",
  age: "Age",
  doctor: "Doctor",
  vmas: "VMAs",
  membershipStatus: "Membership status",
  bought: "Bought",
  serviceName: "Service name",
  serviceDoctor: "Service doctor",
  lifetimeValue: "Lifetime value",
  grossProfit: "Gross profit",
  state: "State",
  joinedAt: "Joined",
};

const fieldList = z.preprocess(
  (v) => (typeof v === "string" ? v.split(",").filter(Boolean) : v),
  z.array(z.enum(REPORT_FIELDS, { error: "Unknown report field" })).min(1, "Choose at least one field").max(REPORT_FIELDS.length),
);
export const reportQuerySchema = z.object({
  fields: fieldList,
  gender: z.enum(["Male", "Female"]).optional(),
  minAge: z.coerce.number().int().min(0).max(130).optional(),
  maxAge: z.coerce.number().int().min(0).max(130).optional(),
  doctorId: z.uuid("Invalid doctor").optional(),
  state: safeText("State", 2).optional().transform((v) => v || undefined),
  search,
  joinedFrom: calendarDate().optional(),
  joinedTo: calendarDate().optional(),
  offset,
  limit: z.coerce.number().int().min(1).max(100).default(50),
  format: z.enum(["json", "csv"], { error: "Choose json or csv" }).default("json"),
}).refine((q) => q.minAge === undefined || q.maxAge === undefined || q.minAge <= q.maxAge, {
  message: "The minimum age must not exceed the maximum", path: ["minAge"],
});
export type ReportQuery = z.output<typeof reportQuerySchema>;
export type { ReportResult, ReportRow } from "./admin-answers.ts";

// ---------------------------------------------------------------- agreements

export const agreementNameSchema = z.string().regex(/^[a-z0-9][a-z0-9-]{0,59}$/, "Use lowercase letters, digits and dashes");
export const AGREEMENT_STATUSES = ["draft", "published", "archived"] as const;
const bool = z.preprocess((v) => (v === "true" ? true : v === "false" ? false : v), z.boolean());
/** Create or update (multipart: the fields and an optional `file`, a PDF). */
export const agreementInputSchema = z.object({
  name: agreementNameSchema,
  title: safeText("Title", 200, 1),
  body: safeText("Text", 50_000).default(""),
  visible: bool.default(true),
  required: bool.default(false),
  signupPlacement: bool.default(false),
  footer: bool.default(false),
  status: z.enum(AGREEMENT_STATUSES, { error: "Choose draft, published or archived" }).default("draft"),
  date: calendarDate("Enter a date"),
  /** Ask every signed-in user to accept this again (a new version). */
  newVersion: bool.default(false),
}).strict();
export type AgreementInput = z.output<typeof agreementInputSchema>;

export type { AgreementView } from "./admin-answers.ts";

export const acceptAgreementsSchema = z.object({
  names: z.array(agreementNameSchema).min(1, "Choose the agreements to accept").max(50),
}).strict();
