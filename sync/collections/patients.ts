/**
 * The practice's panel on the device (issue 31): each patient of the practice with what a visit needs first —
 * demographics and contact, and the medical card as stored (allergies, medications, histories, social
 * history). The care team (the patient's approved doctor and that doctor's VMAs) reads it (scope `careTeam`
 * on the patient's id), so the patient list, the chart's header and the medical card open with no network.
 * Pull-only: the profile and medical-card calls write the users and medical_cards tables, and every such write
 * gives the patient's row a new seq (`edge/src/domains/patients/panel.ts`). Never the patient's own device,
 * never admins.
 */
import { z } from "zod";
import { docIdSchema, updatedAtSchema } from "../protocol.ts";
import { storableText } from "../rules/storable-text.ts";
import { RX_ID, RX_UPDATED_AT, serverWins, type SyncCollection } from "./types.ts";

/** One record of a card list as stored (fields like name, reaction, dose; an `_id` once edited by the care team). */
const cardRecordSchema = z.record(z.string().max(40), storableText(2_000)).refine((r) => Object.keys(r).length <= 12, "Too many fields");
const cardList = z.array(cardRecordSchema).max(100);

/** The medical card as stored (`medical_cards.card`): the patient's form may have left lists out. */
export const panelCardSchema = z.object({
  allergies: cardList.optional(),
  allergiesNoSignificant: z.boolean().optional(),
  medications: cardList.optional(),
  pastMedicalHistory: cardList.optional(),
  surgicalHistory: cardList.optional(),
  familyHistory: cardList.optional(),
  familyHistoryNoSignificant: z.boolean().optional(),
  socialHistory: z.record(z.string().max(40), storableText(40)).nullable().optional(),
});
export type PanelCard = z.infer<typeof panelCardSchema>;

export const panelPatientSchema = z.object({
  id: docIdSchema,
  doctorId: docIdSchema.nullable(),
  firstName: storableText(100),
  middleName: storableText(100).nullable(),
  lastName: storableText(100),
  email: storableText(320),
  phoneNumber: storableText(40).nullable(),
  birthDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).nullable(),
  gender: z.enum(["Male", "Female"]).nullable(),
  state: z.string().regex(/^[A-Z]{2}$/).nullable(),
  city: storableText(100).nullable(),
  card: panelCardSchema.nullable(),
  updatedAt: updatedAtSchema,
  _deleted: z.boolean(),
}).strict();
export type PanelPatientDoc = z.infer<typeof panelPatientSchema>;

const nullableText = (maxLength: number) => ({ type: ["string", "null"], maxLength }) as const;

export const panelPatientRxSchema = {
  version: 0,
  primaryKey: "id",
  type: "object",
  properties: {
    id: RX_ID,
    doctorId: { type: ["string", "null"], maxLength: 36 },
    firstName: { type: "string", maxLength: 100 },
    middleName: nullableText(100),
    lastName: { type: "string", maxLength: 100 },
    email: { type: "string", maxLength: 320 },
    phoneNumber: nullableText(40),
    birthDate: nullableText(10),
    gender: { type: ["string", "null"], enum: ["Male", "Female", null], maxLength: 6 },
    state: nullableText(2),
    city: nullableText(100),
    card: { type: ["object", "null"] },
    updatedAt: RX_UPDATED_AT,
  },
  required: ["id", "doctorId", "firstName", "middleName", "lastName", "email", "phoneNumber", "birthDate", "gender", "state", "city", "card", "updatedAt"],
  indexes: [],
} as const;

export const patientsCollection: SyncCollection<PanelPatientDoc> = {
  name: "patients",
  table: "patient_panel",
  schema: panelPatientSchema,
  rxSchema: panelPatientRxSchema,
  access: {
    read: "careTeam",
    scopeField: "id",
    create: "nobody",
    writableFields: [],
    serverFields: ["doctorId", "firstName", "middleName", "lastName", "email", "phoneNumber", "birthDate", "gender", "state", "city", "card"],
    ownerOnlyEdits: [],
  },
  conflict: "server-wins",
  resolveConflict: serverWins,
  pushBatchSize: 100,
};
