/** Problems (02 §3): the patient's problem list, shareable with the patient. */
import { z } from "zod";

export const PROBLEM_STATUSES = ["active", "resolved"] as const;

export const problemCreateSchema = z.object({
  name: z.string({ error: "Name is required" }).trim().min(1, "Name is required").max(200, "At most 200 symbols"),
  code: z.string().trim().toUpperCase().regex(/^[A-Z]\d{2}(\.[0-9A-Z]{1,4})?$/, "Invalid ICD-10 code").optional(),
  status: z.enum(PROBLEM_STATUSES, { error: "Choose active or resolved" }).default("active"),
  // Empty when unknown (a form's empty field), like the medical card's dates.
  onset: z.string().trim().regex(/^$|^(\d{4})(-\d{2}(-\d{2})?)?$/, "Use a year, or a date like 2015-06").optional().default(""),
  comment: z.string().trim().max(1000, "At most 1,000 symbols").default(""),
}).strict();
export type ProblemCreate = z.output<typeof problemCreateSchema>;

/** A problem as the API answers it. */
export const problemSchema = z.object({
  id: z.uuid(),
  patientId: z.uuid(),
  name: z.string(),
  code: z.string().nullable(),
  status: z.enum(PROBLEM_STATUSES),
  onset: z.string(),
  comment: z.string(),
  isShared: z.boolean(),
  createdBy: z.uuid(),
  createdAt: z.iso.datetime(),
}).strict();
export type Problem = z.output<typeof problemSchema>;
