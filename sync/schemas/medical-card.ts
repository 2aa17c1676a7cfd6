/**
 * The patient's medical card (01 §3 medicalCard, 02 §3 "Medical card records").
 * `PUT /patient/medicalCard` saves it; a patient's profile counts as filled
 * once it has been saved. Later issues add per-record editing on top.
 */
import { z } from "zod";

const text = (label: string, max = 200) =>
  z.string({ error: `${label} is required` }).trim().min(1, `${label} is required`).max(max, `${label} must be at most ${max} symbols`);
const optionalText = (max = 500) => z.string().trim().max(max, `At most ${max} symbols`).optional().default("");
/** A year, a year and month, or a date; empty when unknown (forms send their empty field as ""). */
const partialDate = z
  .string()
  .trim()
  .regex(/^$|^(\d{4})(-\d{2}(-\d{2})?)?$/, "Use a year, or a date like 2015-06")
  .optional()
  .default("");

/** What an allergy is to (the `GET /allergies` types); "" when not said. */
export const ALLERGY_TYPES = ["drug", "food", "environment"] as const;

export const allergySchema = z.object({
  name: text("Allergy"),
  type: z.enum(["", ...ALLERGY_TYPES], { error: "Type is drug, food or environment" }).optional().default(""),
  reaction: optionalText(200),
  comment: optionalText(500),
});
export const medicationSchema = z.object({
  name: text("Medication"),
  dose: optionalText(100),
  frequency: optionalText(100),
});
export const pastMedicalSchema = z.object({ disease: text("Condition"), date: partialDate });
export const surgicalSchema = z.object({ surgery: text("Surgery"), date: partialDate });
export const familyHistorySchema = z.object({
  member: text("Family member", 60),
  condition: text("Condition"),
  status: z.enum(["living", "deceased"], { error: "Choose living or deceased" }),
});
export const socialHistorySchema = z.object({
  tobacco: z.enum(["never", "former", "current"], { error: "Choose an answer about tobacco" }),
  alcohol: z.enum(["never", "occasionally", "weekly", "daily"], { error: "Choose an answer about alcohol" }),
  drugs: z.enum(["never", "former", "current"], { error: "Choose an answer about drugs" }),
});

const list = <T extends z.ZodType>(item: T) => z.array(item).max(100, "At most 100 entries").default([]);

export const medicalCardSchema = z
  .object({
    allergies: list(allergySchema),
    allergiesNoSignificant: z.boolean().default(false),
    medications: list(medicationSchema),
    pastMedicalHistory: list(pastMedicalSchema),
    surgicalHistory: list(surgicalSchema),
    familyHistory: list(familyHistorySchema),
    familyHistoryNoSignificant: z.boolean().default(false),
    socialHistory: socialHistorySchema,
  })
  .superRefine((card, ctx) => {
    if (card.allergiesNoSignificant && card.allergies.length > 0) {
      ctx.addIssue({ code: "custom", path: ["allergiesNoSignificant"], message: "Remove the listed allergies or untick 'No known allergies'" });
    }
    if (card.familyHistoryNoSignificant && card.familyHistory.length > 0) {
      ctx.addIssue({ code: "custom", path: ["familyHistoryNoSignificant"], message: "Remove the listed family history or untick 'Nothing significant'" });
    }
  });
export type MedicalCardInput = z.input<typeof medicalCardSchema>;
export type MedicalCard = z.output<typeof medicalCardSchema>;
