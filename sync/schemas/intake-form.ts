/**
 * Intake forms (02 §3): a doctor's settings (vitals enabled and required,
 * additional dynamic fields) and a patient's answers, given when booking and
 * editable until the consultation ends. The dynamic-field messages are 02 §5's.
 */
import { z } from "zod";

export const INTAKE_MESSAGES = {
  /** A dynamic field saved with a blank question. */
  questionRequired: "Field 'Question' is required!",
  /** A required dynamic field left empty by the patient. */
  answerRequired: "This field is required!",
  /** A dynamic field sent without any question at all. */
  noQuestion: "No question was provided.",
  vitalsRequired: "Fill in at least one vital sign",
  vitalsDisabled: "This doctor's intake form has no vitals",
} as const;

/** How a dynamic field is answered: a line of text, a paragraph, a number, yes or no. */
export const INTAKE_INPUT_TYPES = ["text", "textarea", "number", "yesNo"] as const;
export type IntakeInputType = (typeof INTAKE_INPUT_TYPES)[number];
export const INTAKE_FIELDS_MAX = 20;
export const INTAKE_TEXT_MAX = 2000;

export const intakeFieldInputSchema = z
  .object({
    /** Keep the id of an existing field so answers stay linked; new fields get one from the server. */
    id: z.uuid("Invalid field id").optional(),
    question: z
      .string({ error: INTAKE_MESSAGES.noQuestion })
      .trim()
      .min(1, INTAKE_MESSAGES.questionRequired)
      .max(500, "A question has at most 500 symbols"),
    inputType: z.enum(INTAKE_INPUT_TYPES, { error: "Choose an input type" }),
    required: z.boolean({ error: "Required must be true or false" }).default(false),
  })
  .strict();

/** `POST /intakeForms/settings/doctor/{id}`. */
export const intakeSettingsInputSchema = z
  .object({
    vitalsEnabled: z.boolean({ error: "Vitals enabled must be true or false" }),
    vitalsRequired: z.boolean({ error: "Vitals required must be true or false" }),
    fields: z.array(intakeFieldInputSchema).max(INTAKE_FIELDS_MAX, `At most ${INTAKE_FIELDS_MAX} fields`).default([]),
  })
  .strict()
  .refine((s) => s.vitalsEnabled || !s.vitalsRequired, { message: "Enable vitals to require them", path: ["vitalsRequired"] })
  .superRefine((s, ctx) => {
    const seen = new Set<string>();
    s.fields.forEach((f, i) => {
      if (f.id && seen.has(f.id)) ctx.addIssue({ code: "custom", path: ["fields", i, "id"], message: "This field is listed twice" });
      if (f.id) seen.add(f.id);
    });
  });
export type IntakeSettingsInput = z.input<typeof intakeSettingsInputSchema>;
export type IntakeSettingsUpdate = z.output<typeof intakeSettingsInputSchema>;

/** A dynamic field as saved (every field has its id). */
export const intakeFieldSchema = z.object({
  id: z.uuid(),
  question: z.string(),
  inputType: z.enum(INTAKE_INPUT_TYPES),
  required: z.boolean(),
}).strict();
export type IntakeField = z.output<typeof intakeFieldSchema>;

/** What `GET`/`POST /intakeForms/settings/doctor/{id}` answer. Never saved: vitals enabled, not required, no fields. */
export const intakeFormSettingsSchema = z.object({
  doctorId: z.uuid(),
  vitalsEnabled: z.boolean(),
  vitalsRequired: z.boolean(),
  fields: z.array(intakeFieldSchema),
  updatedAt: z.iso.datetime().nullable(),
}).strict();
export type IntakeFormSettings = z.output<typeof intakeFormSettingsSchema>;

const positive = (label: string, max: number) =>
  z.number({ error: `${label} must be a number` }).gt(0, `${label} must be greater than 0`).max(max, `${label} is too large`);

/** 02 §3 intake vitals; weight in lbs, height in inches, blood pressure like 120/80. */
export const intakeVitalsSchema = z
  .object({
    weight: positive("Weight", 1500).optional(),
    height: positive("Height", 120).optional(),
    bloodPressure: z
      .string()
      .trim()
      .regex(/^[1-9]\d{1,2}\/[1-9]\d{1,2}$/, "Write blood pressure like 120/80")
      .optional(),
    pulse: positive("Pulse", 300).int("Pulse is a whole number").optional(),
  })
  .strict();
export type IntakeVitals = z.infer<typeof intakeVitalsSchema>;

export type IntakeAnswerValue = string | number | boolean;

/** The patient's answers, in `POST /consultations` (`intakeForm`) and `PUT /consultations/intakeForm/{id}`. */
export const intakeAnswersInputSchema = z
  .object({
    healthChanges: z.string().trim().max(INTAKE_TEXT_MAX, `At most ${INTAKE_TEXT_MAX} symbols`).optional(),
    illnessHistory: z.string().trim().max(INTAKE_TEXT_MAX, `At most ${INTAKE_TEXT_MAX} symbols`).optional(),
    vitals: intakeVitalsSchema.optional(),
    /** Dynamic field id → answer (text for text and textarea, a number, or true/false for yesNo). */
    answers: z
      .record(
        z.uuid("Unknown field"),
        z.union([z.string().trim().max(INTAKE_TEXT_MAX, `At most ${INTAKE_TEXT_MAX} symbols`), z.number(), z.boolean()]),
      )
      .default({}),
  })
  .strict();
export type IntakeAnswersInput = z.input<typeof intakeAnswersInputSchema>;
export type IntakeAnswers = z.output<typeof intakeAnswersInputSchema>;

/** One answered (or unanswered) dynamic field, with the question as it was asked. */
export const intakeAnswerSchema = z.object({
  fieldId: z.uuid(),
  question: z.string(),
  inputType: z.enum(INTAKE_INPUT_TYPES),
  required: z.boolean(),
  answer: z.union([z.string(), z.number(), z.boolean()]).nullable(),
}).strict();
export type IntakeAnswer = z.output<typeof intakeAnswerSchema>;

/** The stored vitals as answered: only the signs the patient gave. */
export const intakeVitalsAnswerSchema = z.object({
  weight: z.number().optional(),
  height: z.number().optional(),
  bloodPressure: z.string().optional(),
  pulse: z.number().int().optional(),
}).strict();

/** The stored intake form of a consultation. */
export const intakeFormSchema = z.object({
  healthChanges: z.string().nullable(),
  illnessHistory: z.string().nullable(),
  vitals: intakeVitalsAnswerSchema.nullable(),
  answers: z.array(intakeAnswerSchema),
}).strict();
export type IntakeForm = z.output<typeof intakeFormSchema>;

/** What `GET`/`PUT /consultations/intakeForm/{id}` answer (`id` is the consultation's). */
export const consultationIntakeFormSchema = intakeFormSchema.extend({
  consultationId: z.uuid(),
  doctorId: z.uuid(),
  patientId: z.uuid(),
  /** The patient may still change it (the consultation is requested or accepted and has not ended). */
  editable: z.boolean(),
}).strict();
export type ConsultationIntakeForm = z.output<typeof consultationIntakeFormSchema>;
