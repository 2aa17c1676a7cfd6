/** Encounters (02 §3): one documented contact with a patient. Created by the doctor only (02 §6). */
import { z } from "zod";

export const ENCOUNTER_TYPES = ["video", "chat", "async", "phone", "office", "other"] as const;
export type EncounterType = (typeof ENCOUNTER_TYPES)[number];

const type = z.enum(ENCOUNTER_TYPES, { error: `Choose a type: ${ENCOUNTER_TYPES.join(", ")}` });
const reason = z.string({ error: "Reason is required" }).trim().min(1, "Reason is required").max(500, "At most 500 symbols");
const datetime = z.iso.datetime({ offset: true, error: "Use an ISO date and time" });

/** `POST /encounters/{patientId}`. */
export const encounterCreateSchema = z.object({
  type,
  reason,
  datetime,
  consultationId: z.uuid("Invalid consultation id").optional(),
  details: z.string().max(20_000, "At most 20,000 symbols").optional(),
}).strict();
export type EncounterCreate = z.output<typeof encounterCreateSchema>;

/** `PUT /encounters/{id}`: any of the fields. */
export const encounterUpdateSchema = z.object({
  type: type.optional(),
  reason: reason.optional(),
  datetime: datetime.optional(),
  details: z.string().max(20_000, "At most 20,000 symbols").optional(),
}).strict().refine((v) => Object.keys(v).length > 0, "Nothing to change");
export type EncounterUpdate = z.output<typeof encounterUpdateSchema>;

const page = {
  offset: z.coerce.number({ error: "Offset must be a number" }).int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number({ error: "Limit must be a number" }).int().min(1).max(100).default(20),
};
export const pageQuerySchema = z.object(page);

/** `GET /encounters/{patientId}/list`. */
export const encounterListQuerySchema = z.object({
  ...page,
  search: z.string().trim().max(100).optional(),
  doctorId: z.uuid("Invalid doctor id").optional(),
  type: type.optional(),
  syncEncounterId: z.uuid().optional(),
});

/** `GET /encounters/dropdown/{patientId}`: the search is trimmed (02 §5). */
export const encounterDropdownQuerySchema = z.object({
  search: z.string().trim().max(100).optional().transform((s) => s || undefined),
  limit: page.limit,
});

/** `GET /doctors/encounter/creators?patientId=`: who wrote the patient's encounters (the list's doctor filter). */
export const encounterCreatorsQuerySchema = z.object({ patientId: z.uuid("Invalid patient id") });
/** One of `GET /doctors/encounter/creators`. */
export const encounterCreatorSchema = z.object({ id: z.uuid(), firstName: z.string(), lastName: z.string() }).strict();
export type EncounterCreator = z.output<typeof encounterCreatorSchema>;

/** What can go into `POST /encounters/download/{id}`. */
export const ENCOUNTER_PDF_FIELDS = ["details", "notes", "diagnoses", "vitals", "problems", "medicalCard"] as const;
export const encounterDownloadSchema = z.object({
  fields: z.array(z.enum(ENCOUNTER_PDF_FIELDS, { error: "Unknown field" })).min(1, "Choose at least one field")
    .max(ENCOUNTER_PDF_FIELDS.length),
}).strict();

/** An encounter as the API answers it (a patient reads `details` as "" until the encounter was sent). */
export const encounterSchema = z.object({
  id: z.uuid(),
  patientId: z.uuid(),
  doctorId: z.uuid(),
  type: z.enum(ENCOUNTER_TYPES),
  reason: z.string(),
  encounterDatetime: z.iso.datetime(),
  consultationId: z.uuid().nullable(),
  details: z.string(),
  isShared: z.boolean(),
  createdBy: z.uuid(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
}).strict();
export type Encounter = z.output<typeof encounterSchema>;

/** One of `GET /encounters/dropdown/{patientId}`: `label` is the encounter's date and reason. */
export const encounterDropdownItemSchema = z.object({
  id: z.uuid(),
  label: z.string(),
  type: z.enum(ENCOUNTER_TYPES),
  encounterDatetime: z.iso.datetime(),
}).strict();
export type EncounterDropdownItem = z.output<typeof encounterDropdownItemSchema>;
