/**
 * Vitals entries (02 §3, §5): blood pressure written like 120/80, every number
 * greater than 0, weight in lbs, height in inches, temperature in °F. BMI is
 * computed by the server (`bmiOf`), never taken from the client.
 */
import { z } from "zod";

export const BLOOD_PRESSURE_MESSAGE = "Write blood pressure like 120/80";
const positive = (label: string, max: number) =>
  z.number({ error: `${label} must be a number` }).gt(0, `${label} must be greater than 0`).max(max, `${label} is too large`);

export const bloodPressureSchema = z.string({ error: BLOOD_PRESSURE_MESSAGE }).trim()
  .regex(/^[1-9]\d{1,2}\/[1-9]\d{1,2}$/, BLOOD_PRESSURE_MESSAGE)
  .refine((bp) => {
    const [sys, dia] = bp.split("/").map(Number);
    return sys > dia;
  }, "Systolic must be greater than diastolic");

/** `POST /vitals/patient/{id}`: at least one measure. */
export const vitalsCreateSchema = z.object({
  encounterId: z.uuid("Invalid encounter id").optional(),
  bloodPressure: bloodPressureSchema.optional(),
  heartRate: positive("Heart rate", 300).optional(),
  weight: positive("Weight", 1500).optional(),
  height: positive("Height", 120).optional(),
  temperature: positive("Temperature", 115).optional(),
  respiratoryRate: positive("Respiratory rate", 100).optional(),
  recordedAt: z.iso.datetime({ offset: true, error: "Use an ISO date and time" }).optional(),
}).strict().refine(
  (v) => MEASURES.some((m) => v[m] !== undefined),
  { message: "Fill in at least one vital sign", path: ["_"] },
);
export type VitalsCreate = z.output<typeof vitalsCreateSchema>;

const MEASURES = ["bloodPressure", "heartRate", "weight", "height", "temperature", "respiratoryRate"] as const;

/** Output units: as entered (imperial, the default) or converted to metric. */
export const VITALS_FORMATS = ["imperial", "metric"] as const;
export const vitalsQuerySchema = z.object({
  format: z.enum(VITALS_FORMATS, { error: "Format is imperial or metric" }).default("imperial"),
  encounterId: z.uuid("Invalid encounter id").optional(),
});
export const vitalsImportSchema = z.object({ format: vitalsQuerySchema.shape.format }).strict();

/** Body-mass index from pounds and inches, one decimal (CDC formula 703 × lb / in²). */
export function bmiOf(weightLbs: number | null | undefined, heightIn: number | null | undefined): number | null {
  if (!weightLbs || !heightIn) return null;
  return Math.round((703 * weightLbs / (heightIn * heightIn)) * 10) / 10;
}

/** One of the vitals fields (`GET /dynamicFields/vitalsFields`); `pattern` is an example of what to write. */
export const vitalsFieldSchema = z.object({
  name: z.string(),
  label: z.string(),
  unit: z.string(),
  input: z.enum(["text", "number", "computed"]),
  pattern: z.string().optional(),
}).strict();
export type VitalsField = z.output<typeof vitalsFieldSchema>;

/** The vitals fields, for `GET /dynamicFields/vitalsFields` and the PWA's form. */
export const VITALS_FIELDS = [
  { name: "bloodPressure", label: "Blood pressure", unit: "mmHg", input: "text", pattern: "120/80" },
  { name: "heartRate", label: "Heart rate", unit: "bpm", input: "number" },
  { name: "weight", label: "Weight", unit: "lbs", input: "number" },
  { name: "height", label: "Height", unit: "in", input: "number" },
  { name: "bmi", label: "BMI", unit: "kg/m²", input: "computed" },
  { name: "temperature", label: "Temperature", unit: "°F", input: "number" },
  { name: "respiratoryRate", label: "Respiratory rate", unit: "breaths/min", input: "number" },
] as const satisfies readonly VitalsField[];

/** A vitals entry as the API answers it, in `format`'s units (`vitalsInFormat`). */
export const vitalsSchema = z.object({
  id: z.uuid(),
  patientId: z.uuid(),
  encounterId: z.uuid().nullable(),
  consultationId: z.uuid().nullable(),
  bloodPressure: z.string().nullable(),
  heartRate: z.number().nullable(),
  weight: z.number().nullable(),
  height: z.number().nullable(),
  bmi: z.number().nullable(),
  temperature: z.number().nullable(),
  respiratoryRate: z.number().nullable(),
  format: z.enum(VITALS_FORMATS),
  source: z.enum(["manual", "intake"]),
  recordedBy: z.object({ id: z.uuid(), firstName: z.string(), lastName: z.string() }).strict(),
  recordedAt: z.iso.datetime(),
}).strict();
export type Vitals = z.output<typeof vitalsSchema>;

/** `GET /vitals/patient/{id}/areImportsFromIntakeFormsPossible`: `missingVitals` are consultation ids. */
export const vitalsImportsPossibleSchema = z.object({
  possible: z.boolean(),
  count: z.number().int(),
  vitalsRequired: z.boolean(),
  missingVitals: z.array(z.uuid()),
}).strict();
export type VitalsImportsPossible = z.output<typeof vitalsImportsPossibleSchema>;

/** `POST /vitals/patient/{id}/runImportsFromIntakeForms`: the entries made, and the forms passed over. */
export const vitalsImportResultSchema = z.object({
  imported: z.array(vitalsSchema),
  skipped: z.array(z.object({ consultationId: z.uuid(), message: z.string() }).strict()),
}).strict();
export type VitalsImportResult = z.output<typeof vitalsImportResultSchema>;

const round1 = (v: number | null) => (v === null ? null : Math.round(v * 10) / 10);

/** Vitals entered in imperial units, in the format asked for (the server's answers and the device's copy alike). */
export function vitalsInFormat(v: Vitals, format: (typeof VITALS_FORMATS)[number]): Vitals {
  if (format === "imperial") return { ...v, format };
  return {
    ...v,
    format,
    weight: round1(v.weight === null ? null : v.weight * 0.45359237),
    height: round1(v.height === null ? null : v.height * 2.54),
    temperature: round1(v.temperature === null ? null : (v.temperature - 32) * 5 / 9),
  };
}
