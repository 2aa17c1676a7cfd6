/**
 * What administration's calls answer (issue 18): the envelope's `result` of each route in
 * edge/src/domains/admin/routes.ts (`answers(...)`). The types keep their names in admin.ts.
 */
import { z } from "zod";
import { AGREEMENT_STATUSES, REPORT_FIELDS } from "./admin.ts";

const count = z.number().int();

// ---------------------------------------------------------------- applications

/** A doctor's application as admins read it (`GET /admin/applications`, the status change's answer). */
export const applicationSchema = z.object({
  id: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phoneNumber: z.string().nullable(),
  state: z.string().nullable(),
  specialty: z.string().nullable(),
  licensedStates: z.array(z.string()),
  npi: z.string().nullable(),
  /** The NPI's check digit is right (Luhn over 80840 + the first nine digits). */
  npiValid: z.boolean(),
  dea: z.string().nullable(),
  fax: z.string().nullable(),
  timezone: z.string().nullable(),
  hasSignature: z.boolean(),
  applicationStatus: z.enum(["initial", "approved", "declined"]).nullable(),
  declineReason: z.string().nullable(),
  commission: z.number().int().nullable(),
  hasPayoutAccount: z.boolean(),
  deactivatedAt: z.iso.datetime().nullable(),
  credentialedAt: z.iso.date().nullable(),
  /** Three years after credentialing (02 §9). */
  credentialingDueAt: z.iso.date().nullable(),
  isBlocked: z.boolean(),
  createdAt: z.iso.datetime(),
  patientCount: z.number().int(),
}).strict();
export type ApplicationView = z.output<typeof applicationSchema>;

// ---------------------------------------------------------------- admins

export const adminSchema = z.object({
  id: z.uuid(), email: z.string(), firstName: z.string(), lastName: z.string(), isSuperAdmin: z.boolean(), isActivated: z.boolean(),
  createdAt: z.iso.datetime(),
}).strict();
export type AdminView = z.output<typeof adminSchema>;

// ---------------------------------------------------------------- reviews

/** A review as anyone reads it on the doctor's profile: the reviewer by first name and last initial only. */
export const publicReviewSchema = z.object({
  id: z.uuid(), rating: z.number().int(), comment: z.string(), reviewer: z.string(), createdAt: z.iso.datetime(),
}).strict();
export type PublicReview = z.output<typeof publicReviewSchema>;

const person = z.object({ id: z.uuid(), firstName: z.string(), lastName: z.string() }).strict();
export const reviewViewSchema = z.object({
  id: z.uuid(),
  doctor: person,
  patient: person,
  rating: z.number().int(),
  comment: z.string(),
  hidden: z.boolean(),
  createdAt: z.iso.datetime(),
}).strict();
export type ReviewView = z.output<typeof reviewViewSchema>;
/** `GET /doctors/review/{id}`: whether the patient may review the doctor, and their review if any. */
export const myReviewSchema = z.object({ eligible: z.boolean(), review: reviewViewSchema.nullable() }).strict();

// ---------------------------------------------------------------- dashboard and the contact-us queue

export const dashboardFiguresSchema = z.object({
  pendingApplications: count,
  newPatientsThisWeek: count,
  newDoctorsThisWeek: count,
  openContactMessages: count,
  /** Null when the tasks feature has not landed. */
  openAdminTasks: count.nullable(),
  /** Null until commerce exists: the screen says "no commerce data yet". */
  commerce: z.object({ activeMemberships: count, revenueThisMonthCents: count, feesThisMonthCents: count }).strict().nullable(),
  credentialingDue: count,
}).strict();
export type DashboardFigures = z.output<typeof dashboardFiguresSchema>;

/** `GET /admin/contactus/{id}/chat`: the support chat of the message's sender (null: anonymous, answer by email). */
export const supportChatLinkSchema = z.object({ chatId: z.uuid().nullable() }).strict();

// ---------------------------------------------------------------- analytics

export const analyticsSeriesSchema = z.object({ key: z.string(), label: z.string(), values: z.array(count) }).strict();
export type AnalyticsSeries = z.output<typeof analyticsSeriesSchema>;
/** One chart: buckets (period start, YYYY-MM-DD) × series. */
export const analyticsChartSchema = z.object({
  id: z.string(), title: z.string(), unit: z.enum(["count", "cents"]), buckets: z.array(z.iso.date()), series: z.array(analyticsSeriesSchema),
}).strict();
export type AnalyticsChart = z.output<typeof analyticsChartSchema>;
export const analyticsResultSchema = z.object({ charts: z.array(analyticsChartSchema), commerce: z.boolean() }).strict();
export type AnalyticsResult = z.output<typeof analyticsResultSchema>;

// ---------------------------------------------------------------- reports

/** A report row: the patient's id and the chosen fields only (money as decimal text, "12.50"). */
export const reportRowSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  gender: z.enum(["Male", "Female"]).nullable(),
  age: count.nullable(),
  doctor: z.string().nullable(),
  vmas: z.string().nullable(),
  membershipStatus: z.string().nullable(),
  bought: z.string().nullable(),
  serviceName: z.string().nullable(),
  serviceDoctor: z.string().nullable(),
  lifetimeValue: z.string().nullable(),
  grossProfit: z.string().nullable(),
  state: z.string().nullable(),
  joinedAt: z.iso.date(),
}).partial().required({ id: true }).strict();
export type ReportRow = z.output<typeof reportRowSchema>;
export const reportResultSchema = z.object({
  fields: z.array(z.enum(REPORT_FIELDS)), list: z.array(reportRowSchema), offset: count, limit: count, totalCount: count, commerce: z.boolean(),
}).strict();
export type ReportResult = z.output<typeof reportResultSchema>;

// ---------------------------------------------------------------- agreements

export const agreementSchema = z.object({
  name: z.string(),
  title: z.string(),
  body: z.string(),
  visible: z.boolean(),
  required: z.boolean(),
  signupPlacement: z.boolean(),
  footer: z.boolean(),
  status: z.enum(AGREEMENT_STATUSES),
  date: z.iso.date(),
  version: count,
  hasPdf: z.boolean(),
  updatedAt: z.iso.datetime(),
}).strict();
export type AgreementView = z.output<typeof agreementSchema>;

/** `POST /agreements/accept`: the names still pending for the user after accepting. */
export const agreementsAcceptedSchema = z.object({ pending: z.array(z.string()) }).strict();
