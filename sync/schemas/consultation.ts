/**
 * Consultations (01 §3, §4, §7 "Consultations"): kinds, states, the inputs of
 * every consultation call and the shape they answer.
 *
 * States: requested → accepted | declined; accepted → finished | canceled;
 * a reschedule sets accepted. A requested consultation can also be canceled
 * (the patient withdraws it).
 */
import { z } from "zod";
import { US_STATE_CODES } from "../us-states.ts";
import { dateSchema, instantSchema, slotSchema } from "./availability.ts";
import { timezoneSchema } from "./timezone.ts";
import { intakeAnswersInputSchema } from "./intake-form.ts";

export const CONSULTATION_TYPES = ["video", "chat", "async"] as const;
export type ConsultationType = (typeof CONSULTATION_TYPES)[number];

/** The request-status enumeration of 01 §3. */
export const CONSULTATION_STATUSES = ["requested", "accepted", "declined", "canceled", "finished"] as const;
export type ConsultationStatus = (typeof CONSULTATION_STATUSES)[number];
/** Statuses that hold their slot: the database allows one such consultation per doctor and start. */
export const SLOT_HOLDING_STATUSES = ["requested", "accepted", "finished"] as const;

/** Consultation list tabs (01 §2); see `consultationListQuerySchema`. */
export const CONSULTATION_TABS = ["all", "requests", "upcoming", "past"] as const;
export type ConsultationTab = (typeof CONSULTATION_TABS)[number];

export const CONSULTATION_MESSAGES = {
  reasonRequired: "Reason is required",
  cancelReasonRequired: "Cancel reason is required",
  declineReasonRequired: "Say why you decline: the patient reads it",
  outOfStateReasonRequired: "A patient from a different state than the doctor needs a reason",
} as const;

export const REASON_MAX = 1000;

const reasonText = (required: string) =>
  z.string({ error: required }).trim().min(1, required).max(REASON_MAX, `At most ${REASON_MAX} symbols`);

/** `POST /consultations`: a patient books a free slot of a doctor. */
export const bookConsultationSchema = z
  .object({
    doctorId: z.uuid("Choose a doctor"),
    startAt: instantSchema,
    type: z.enum(CONSULTATION_TYPES, { error: "Choose video, chat or async" }),
    reason: reasonText(CONSULTATION_MESSAGES.reasonRequired),
    /** Required when the patient's state is not among the doctor's licensed states (01 §5). */
    outOfStateReason: z.string().trim().max(REASON_MAX, `At most ${REASON_MAX} symbols`).optional(),
    intakeForm: intakeAnswersInputSchema.optional(),
  })
  .strict();
export type BookConsultationInput = z.input<typeof bookConsultationSchema>;
export type BookConsultation = z.output<typeof bookConsultationSchema>;

/** `PUT /consultations/decline/{id}` and `POST /consultations/{id}` (cancel). */
export const reasonBodySchema = z.object({ reason: reasonText(CONSULTATION_MESSAGES.cancelReasonRequired) }).strict();
/** `PUT /consultations/decline/{id}`: the same body, its own words (a decline is not a cancellation). */
export const declineBodySchema = z.object({ reason: reasonText(CONSULTATION_MESSAGES.declineReasonRequired) }).strict();

/** `PUT /consultations/reschedule/{id}?startAt=`. */
export const rescheduleQuerySchema = z.object({ startAt: instantSchema });

const statusList = z
  .string()
  .trim()
  .transform((s) => s.split(",").map((x) => x.trim()).filter(Boolean))
  .pipe(z.array(z.enum(CONSULTATION_STATUSES, { error: "Unknown status" })).min(1, "Name a status"));

/**
 * `GET /consultations`. `tab` maps the screen's tabs onto status and time:
 * - `all` (default): every consultation, latest start first;
 * - `requests`: `requested` and not yet ended, soonest first;
 * - `upcoming`: `accepted` and not yet ended, soonest first;
 * - `past`: `finished`, `canceled`, `declined`, or ended, latest first.
 * `status` (comma-separated) narrows further; `date` (with `timezone`, default UTC)
 * keeps consultations starting on that day.
 */
export const consultationListQuerySchema = z.object({
  offset: z.coerce.number({ error: "Offset must be a number" }).int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number({ error: "Limit must be a number" }).int().min(1).max(100).default(20),
  tab: z.enum(CONSULTATION_TABS, { error: "Choose all, requests, upcoming or past" }).default("all"),
  status: statusList.optional(),
  date: dateSchema.optional(),
  timezone: timezoneSchema.optional(),
  doctorId: z.uuid("Invalid doctor id").optional(),
  patientId: z.uuid("Invalid patient id").optional(),
});
export type ConsultationListQuery = z.output<typeof consultationListQuerySchema>;

export const nearestQuerySchema = z.object({ doctorId: z.uuid("Invalid doctor id").optional() });

/**
 * Whether the caller can enter `/consultation/{id}` now (01 §4 access states):
 * - `open`: a party, the consultation is accepted, from 15 minutes before its
 *   start until the end of its slot (or while live);
 * - `not_started`: before that window, or still `requested` (not yet accepted);
 * - `ended`: the slot is over and it was never finished;
 * - `finished`, `canceled` (canceled or declined);
 * - `no_access`: the caller may see it but is not a party (the doctor's VMA, an admin);
 * - `not_found`: no such consultation, or one the caller may not see (the same answer).
 */
export const ACCESS_STATES = ["open", "not_started", "ended", "finished", "canceled", "no_access", "not_found"] as const;
export type AccessState = (typeof ACCESS_STATES)[number];
export const consultationAccessSchema = z.object({
  state: z.enum(ACCESS_STATES),
  /** When the window opens (15 minutes before the start); null for not_found. */
  opensAt: z.iso.datetime().nullable(),
  /** When the window closes (the end of the slot); null for not_found. */
  closesAt: z.iso.datetime().nullable(),
}).strict();
export type ConsultationAccess = z.output<typeof consultationAccessSchema>;

const consultationPartyShape = { id: z.uuid(), firstName: z.string(), lastName: z.string() };
export type ConsultationParty = { id: string; firstName: string; lastName: string };

/** A consultation as every consultation call answers it. */
export const consultationSchema = z.object({
  id: z.uuid(),
  doctorId: z.uuid(),
  patientId: z.uuid(),
  doctor: z.object({ ...consultationPartyShape, specialty: z.string().nullable() }).strict(),
  patient: z.object({ ...consultationPartyShape, state: z.enum(US_STATE_CODES).nullable() }).strict(),
  type: z.enum(CONSULTATION_TYPES),
  status: z.enum(CONSULTATION_STATUSES),
  startAt: z.iso.datetime(),
  endAt: z.iso.datetime(),
  reason: z.string(),
  outOfStateReason: z.string().nullable(),
  declineReason: z.string().nullable(),
  cancelReason: z.string().nullable(),
  /** Who canceled it (a party, the doctor's VMA or an admin). */
  canceledBy: z.uuid().nullable(),
  /** The encounter documenting it, once the encounters issue links one; null until then. */
  encounterId: z.uuid().nullable(),
  createdAt: z.iso.datetime(),
  /** The caller's access state for `/consultation/{id}`. */
  access: consultationAccessSchema,
}).strict();
export type Consultation = z.output<typeof consultationSchema>;

/** `GET /consultations/nearest`. */
export const nearestConsultationSchema = z.object({
  /** The caller's next consultation that has not ended (accepted, or requested), with `doctorId` when given. */
  consultation: consultationSchema.nullable(),
  /** The doctor's first free slot from now (only with `doctorId`). */
  freeSlot: slotSchema.nullable(),
}).strict();
export type NearestConsultation = z.output<typeof nearestConsultationSchema>;
