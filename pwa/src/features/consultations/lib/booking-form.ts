/**
 * The booking form's values and how they become `POST /consultations`: the
 * shared `bookConsultationSchema` checks the shape, and the rules that depend
 * on the doctor — their intake form settings (02 §5 messages) and licensed
 * states (01 §5) — are checked here with the server's own `checkIntakeAnswers`.
 * Error keys are the request's field paths, as the server's `details.fields`.
 */
import { checkIntakeAnswers } from "../../../../../sync/rules/intake-form.ts";
import {
  type BookConsultationInput,
  bookConsultationSchema,
  CONSULTATION_MESSAGES,
  type ConsultationType,
} from "../../../../../sync/schemas/consultation.ts";
import {
  type IntakeAnswerValue,
  intakeAnswersInputSchema,
  type IntakeFormSettings,
} from "../../../../../sync/schemas/intake-form.ts";
import { type FieldErrors, validate } from "../../../../../sync/field-errors.ts";

export type BookingValues = {
  type: ConsultationType | "";
  /** The chosen slot's start (ISO), empty until one is picked. */
  startAt: string;
  reason: string;
  outOfStateReason: string;
  healthChanges: string;
  illnessHistory: string;
  weight: string;
  height: string;
  bloodPressure: string;
  pulse: string;
  /** Dynamic field id → typed text, or yes/no (null: not answered). */
  answers: Record<string, string | boolean | null>;
};

export const EMPTY_BOOKING: BookingValues = {
  type: "video",
  startAt: "",
  reason: "",
  outOfStateReason: "",
  healthChanges: "",
  illnessHistory: "",
  weight: "",
  height: "",
  bloodPressure: "",
  pulse: "",
  answers: {},
};

export type BookingContext = {
  doctorId: string;
  /** The doctor's intake form; null while unknown (then no vitals or questions are asked). */
  settings: Pick<IntakeFormSettings, "vitalsEnabled" | "vitalsRequired" | "fields"> | null;
  /** The patient's state is not among the doctor's licensed states (01 §5). */
  outOfState: boolean;
};

/** Where each plain value goes in the request (and so which server error belongs to it). */
export const BOOKING_PATHS = {
  type: "type",
  startAt: "startAt",
  reason: "reason",
  outOfStateReason: "outOfStateReason",
  healthChanges: "intakeForm.healthChanges",
  illnessHistory: "intakeForm.illnessHistory",
  weight: "intakeForm.vitals.weight",
  height: "intakeForm.vitals.height",
  bloodPressure: "intakeForm.vitals.bloodPressure",
  pulse: "intakeForm.vitals.pulse",
} as const satisfies Record<Exclude<keyof BookingValues, "answers">, string>;

export const VITALS_PATH = "intakeForm.vitals";
export const answerPath = (fieldId: string) => `intakeForm.answers.${fieldId}`;

const text = (value: string) => value.trim() || undefined;

/** A number when the text is one; otherwise the text, so the schema names the problem. */
function numberOrText(value: string): number | string | undefined {
  const trimmed = value.trim();
  if (!trimmed) return undefined;
  return /^\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : trimmed;
}

function answerValue(inputType: string, value: string | boolean | null | undefined): IntakeAnswerValue | undefined {
  if (value === null || value === undefined) return undefined;
  if (typeof value === "boolean") return value;
  const trimmed = value.trim();
  if (!trimmed) return undefined;
  if (inputType === "number") return Number.isFinite(Number(trimmed)) ? Number(trimmed) : trimmed;
  return trimmed;
}

/** The request body the form stands for (before validation). */
export function toBookingInput(values: BookingValues, ctx: BookingContext): Record<string, unknown> {
  const settings = ctx.settings;
  const answers: Record<string, IntakeAnswerValue> = {};
  for (const field of settings?.fields ?? []) {
    const value = answerValue(field.inputType, values.answers[field.id]);
    if (value !== undefined) answers[field.id] = value;
  }
  const vitals = settings?.vitalsEnabled
    ? Object.fromEntries(
      Object.entries({
        weight: numberOrText(values.weight),
        height: numberOrText(values.height),
        bloodPressure: text(values.bloodPressure),
        pulse: numberOrText(values.pulse),
      }).filter(([, v]) => v !== undefined),
    )
    : {};
  const intakeForm: Record<string, unknown> = { answers };
  if (text(values.healthChanges)) intakeForm.healthChanges = text(values.healthChanges);
  if (text(values.illnessHistory)) intakeForm.illnessHistory = text(values.illnessHistory);
  if (Object.keys(vitals).length) intakeForm.vitals = vitals;
  const input: Record<string, unknown> = {
    doctorId: ctx.doctorId,
    startAt: values.startAt || undefined,
    type: values.type || undefined,
    reason: values.reason,
    intakeForm,
  };
  if (ctx.outOfState && text(values.outOfStateReason)) input.outOfStateReason = text(values.outOfStateReason);
  return input;
}

/** The body passes the route's schema (the form's submit has just checked it): sent as built, the server trims and converts. */
export function isBookingInput(input: unknown): input is BookConsultationInput {
  return bookConsultationSchema.safeParse(input).success;
}

/** The rules beyond the schema: a picked time, the out-of-state reason, the doctor's intake form. */
export function bookingExtraErrors(values: BookingValues, ctx: BookingContext): FieldErrors {
  const errors: FieldErrors = {};
  if (!values.type) errors.type = "Choose video, text chat or asynchronous";
  if (!values.startAt) errors.startAt = "Choose a free time";
  if (ctx.outOfState && !values.outOfStateReason.trim()) errors.outOfStateReason = CONSULTATION_MESSAGES.outOfStateReasonRequired;
  if (ctx.settings) {
    const intake = intakeAnswersInputSchema.safeParse(toBookingInput(values, ctx).intakeForm);
    if (intake.success) {
      for (const [path, message] of Object.entries(checkIntakeAnswers(ctx.settings, intake.data))) {
        errors[`intakeForm.${path}`] = message;
      }
    }
  }
  return errors;
}

/** Every problem of the form, as the booking form shows them (the extra rules win on a shared path). */
export function checkBooking(values: BookingValues, ctx: BookingContext): FieldErrors {
  const result = validate(bookConsultationSchema, toBookingInput(values, ctx));
  return { ...(result.ok ? {} : result.errors), ...bookingExtraErrors(values, ctx) };
}
