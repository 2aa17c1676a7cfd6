/**
 * Consultations, replicated read-only so upcoming consultations and the
 * calendar stay readable offline. Clients never write them: the consultation
 * API (`/consultations/...`) books and changes them through the sync writer, so
 * every change gets a seq and a live event. Readers: the two parties and the
 * doctor's VMAs (admins use the API). The intake form is not replicated; the
 * names are the parties' names when the consultation last changed.
 */
import { z } from "zod";
import { docIdSchema, isoTimestampSchema, updatedAtSchema } from "../protocol.ts";
import { CONSULTATION_STATUSES, CONSULTATION_TYPES, REASON_MAX } from "../schemas/consultation.ts";
import { RX_ID, RX_UPDATED_AT, serverWins, type SyncCollection } from "./types.ts";
import { storableText } from "../rules/storable-text.ts";

const nullableText = storableText(REASON_MAX).nullable();

export const consultationDocSchema = z.object({
  id: docIdSchema,
  doctorId: docIdSchema,
  patientId: docIdSchema,
  doctorName: storableText(100),
  patientName: storableText(100),
  type: z.enum(CONSULTATION_TYPES),
  status: z.enum(CONSULTATION_STATUSES),
  startAt: isoTimestampSchema,
  endAt: isoTimestampSchema,
  reason: storableText(REASON_MAX),
  outOfStateReason: nullableText,
  declineReason: nullableText,
  cancelReason: nullableText,
  encounterId: docIdSchema.nullable(),
  updatedAt: updatedAtSchema,
  _deleted: z.boolean(),
}).strict();
export type ConsultationDoc = z.infer<typeof consultationDocSchema>;

const nullableRxText = { type: ["string", "null"], maxLength: REASON_MAX } as const;

export const consultationRxSchema = {
  version: 0,
  primaryKey: "id",
  type: "object",
  properties: {
    id: RX_ID,
    doctorId: RX_ID,
    patientId: RX_ID,
    doctorName: { type: "string", maxLength: 100 },
    patientName: { type: "string", maxLength: 100 },
    type: { type: "string", enum: CONSULTATION_TYPES, maxLength: 10 },
    status: { type: "string", enum: CONSULTATION_STATUSES, maxLength: 10 },
    startAt: { type: "string", maxLength: 24 },
    endAt: { type: "string", maxLength: 24 },
    reason: { type: "string", maxLength: REASON_MAX },
    outOfStateReason: nullableRxText,
    declineReason: nullableRxText,
    cancelReason: nullableRxText,
    encounterId: { type: ["string", "null"], maxLength: 36 },
    updatedAt: RX_UPDATED_AT,
  },
  required: [
    "id", "doctorId", "patientId", "doctorName", "patientName", "type", "status", "startAt", "endAt", "reason",
    "outOfStateReason", "declineReason", "cancelReason", "encounterId", "updatedAt",
  ],
  indexes: ["startAt", ["doctorId", "startAt"], ["status", "startAt"]],
} as const;

export const consultationsCollection: SyncCollection<ConsultationDoc> = {
  name: "consultations",
  table: "consultations",
  schema: consultationDocSchema,
  rxSchema: consultationRxSchema,
  access: {
    read: "consultationParty",
    scopeField: "id",
    create: "nobody",
    writableFields: [],
    serverFields: [
      "doctorId", "patientId", "doctorName", "patientName", "type", "status", "startAt", "endAt", "reason",
      "outOfStateReason", "declineReason", "cancelReason", "encounterId",
    ],
    ownerOnlyEdits: [],
  },
  conflict: "server-wins",
  resolveConflict: serverWins,
  pushBatchSize: 100,
};
