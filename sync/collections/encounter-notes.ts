/**
 * Encounter notes' plain fields (issue 7): which notes an encounter has, their
 * type and whether the patient sees them. The text travels through Yjs (the
 * collab endpoint), never through sync. The patient's care team (their doctor
 * and that doctor's VMAs) reads them, and may create a note (works offline:
 * the device makes the id) and soft-delete one (the doctor only, for good);
 * nothing else is writable by push. The server sets the type's name and field
 * names (from the note type), `isShared` (changed by the share/unshare API),
 * `authorId`, `updatedBy` and `createdAt` (its own clock). Patients and admins
 * get nothing here: a patient reads shared notes through the chart API.
 * A note whose encounter was deleted reads as deleted.
 */
import { z } from "zod";
import { docIdSchema, isoTimestampSchema, updatedAtSchema } from "../protocol.ts";
import { mergeFields } from "./merge.ts";
import { RX_ID, RX_UPDATED_AT, type SyncCollection } from "./types.ts";
import { storableText } from "../rules/storable-text.ts";

/** As a note type allows them (sync/schemas/note-type.ts): a name and at most 30 field names of at most 100 characters. */
export const NOTE_TYPE_NAME_MAX = 100;
export const NOTE_FIELD_NAMES_MAX = 30;

export const encounterNoteSchema = z.object({
  id: docIdSchema,
  encounterId: docIdSchema,
  patientId: docIdSchema,
  noteTypeId: docIdSchema,
  /** Server-set from the note type (the device sends its copy; the server's wins). */
  typeName: storableText(NOTE_TYPE_NAME_MAX),
  /** Idem: the type's field names, so editors render one field each offline. */
  fieldNames: z.array(storableText(100)).max(NOTE_FIELD_NAMES_MAX),
  /** Server-owned: changed only by `PUT /encounterNotes/share|unshare/{id}`. */
  isShared: z.boolean(),
  authorId: docIdSchema,
  updatedBy: docIdSchema,
  /** Server-set on insert (its clock); the device sends its own until then. */
  createdAt: isoTimestampSchema,
  updatedAt: updatedAtSchema,
  _deleted: z.boolean(),
}).strict();
export type EncounterNoteDoc = z.infer<typeof encounterNoteSchema>;

export const encounterNoteRxSchema = {
  version: 0,
  primaryKey: "id",
  type: "object",
  properties: {
    id: RX_ID,
    encounterId: RX_ID,
    patientId: RX_ID,
    noteTypeId: RX_ID,
    typeName: { type: "string", maxLength: NOTE_TYPE_NAME_MAX },
    fieldNames: { type: "array", maxItems: NOTE_FIELD_NAMES_MAX, items: { type: "string", maxLength: 100 } },
    isShared: { type: "boolean" },
    authorId: RX_ID,
    updatedBy: RX_ID,
    createdAt: { type: "string", maxLength: 24 },
    updatedAt: RX_UPDATED_AT,
  },
  required: [
    "id", "encounterId", "patientId", "noteTypeId", "typeName", "fieldNames", "isShared", "authorId", "updatedBy",
    "createdAt", "updatedAt",
  ],
  indexes: [["encounterId", "createdAt"], ["patientId", "updatedAt"]],
} as const;

export const encounterNotesCollection: SyncCollection<EncounterNoteDoc> = {
  name: "encounter_notes",
  table: "encounter_notes",
  schema: encounterNoteSchema,
  rxSchema: encounterNoteRxSchema,
  access: {
    read: "careTeam",
    scopeField: "patientId",
    create: "careTeam",
    writableFields: ["_deleted"],
    serverFields: ["typeName", "fieldNames", "isShared", "authorId", "updatedBy", "createdAt"],
    ownerField: "authorId",
    ownerOnlyEdits: [],
    // VMAs prepare, doctors decide (02 §6): deleting a note is the doctor's, as in `DELETE /encounterNotes/{id}`.
    deleters: ["doctor"],
    deleteIsFinal: true,
  },
  // Every server-owned field comes from the master; a delete made meanwhile on the device survives a conflict.
  conflict: "field-merge",
  resolveConflict: mergeFields<EncounterNoteDoc>(["_deleted"]),
  pushBatchSize: 100,
};
