/**
 * The medical card as stored and as `GET /patient/medicalCard` answers it (null before the patient saved one):
 * records saved by the patient's form have no `_id`, records the care team edited have one (every record of a
 * card the care team saved); social history is null when the care team saved the card before the patient did.
 */
import { z } from "zod";
import { ALLERGY_TYPES } from "./medical-card.ts";

const record = <T extends z.ZodRawShape>(shape: T) => z.object({ ...shape, _id: z.uuid().optional() }).strict();

export const storedMedicalCardSchema = z.object({
  allergies: z.array(record({
    name: z.string(),
    // Absent from allergies stored before allergies had a type (the demo practice's card too).
    type: z.enum(["", ...ALLERGY_TYPES]).optional(),
    reaction: z.string(),
    comment: z.string(),
  })),
  allergiesNoSignificant: z.boolean(),
  medications: z.array(record({ name: z.string(), dose: z.string(), frequency: z.string() })),
  pastMedicalHistory: z.array(record({ disease: z.string(), date: z.string() })),
  surgicalHistory: z.array(record({ surgery: z.string(), date: z.string() })),
  familyHistory: z.array(record({ member: z.string(), condition: z.string(), status: z.enum(["living", "deceased"]) })),
  familyHistoryNoSignificant: z.boolean(),
  socialHistory: z.object({
    tobacco: z.enum(["never", "former", "current"]),
    alcohol: z.enum(["never", "occasionally", "weekly", "daily"]),
    drugs: z.enum(["never", "former", "current"]),
  }).strict().nullable(),
}).strict();
export type StoredMedicalCard = z.output<typeof storedMedicalCardSchema>;
