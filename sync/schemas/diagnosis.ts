/** Diagnoses (02 §3): an ICD-10-CM code of the shipped list (sync/data/icd10.ts) on an encounter, shareable. */
import { z } from "zod";

export const diagnosisCreateSchema = z.object({
  code: z.string({ error: "Choose a diagnosis" }).trim().toUpperCase().regex(/^[A-Z]\d{2}(\.[0-9A-Z]{1,4})?$/, "Invalid ICD-10 code"),
  comment: z.string().trim().max(1000, "At most 1,000 symbols").default(""),
}).strict();
export type DiagnosisCreate = z.output<typeof diagnosisCreateSchema>;

export const diagnosisUpdateSchema = z.object({
  code: diagnosisCreateSchema.shape.code.optional(),
  comment: z.string().trim().max(1000, "At most 1,000 symbols").optional(),
}).strict().refine((v) => Object.keys(v).length > 0, "Nothing to change");

export const diagnosisDropdownQuerySchema = z.object({
  search: z.string().trim().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

/** A diagnosis as the API answers it. */
export const diagnosisSchema = z.object({
  id: z.uuid(),
  encounterId: z.uuid(),
  patientId: z.uuid(),
  code: z.string(),
  description: z.string(),
  comment: z.string(),
  isShared: z.boolean(),
  createdBy: z.uuid(),
  createdAt: z.iso.datetime(),
}).strict();
export type Diagnosis = z.output<typeof diagnosisSchema>;

/** One entry of the ICD-10 list (sync/data/icd10.ts), as `GET /diagnoses/list/dropdown` answers it. */
export const icd10EntrySchema = z.object({ code: z.string(), description: z.string() }).strict();
