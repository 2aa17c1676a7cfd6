/**
 * The practice's note types (issue 31): a name and its fields, so a note can be started with no network (a
 * home visit). The doctor and the VMAs acting for them read them (scope `practice` on `doctorId`). Pull-only:
 * Settings → Note types (`POST /noteTypes`, `DELETE /noteTypes/{id}`) and the defaults every new practice gets
 * write the table; a trigger marks a changed type and the edge sequences it (`edge/src/domains/chart/entries.ts`).
 * A deleted type reads as deleted: no new note takes it, notes that have it keep their copy of its name and fields.
 */
import { z } from "zod";
import { docIdSchema, updatedAtSchema } from "../protocol.ts";
import { storableText } from "../rules/storable-text.ts";
import { NOTE_FIELD_NAMES_MAX, NOTE_TYPE_NAME_MAX } from "./encounter-notes.ts";
import { RX_ID, RX_UPDATED_AT, serverWins, type SyncCollection } from "./types.ts";

export const noteTypeDocSchema = z.object({
  id: docIdSchema,
  doctorId: docIdSchema,
  name: storableText(NOTE_TYPE_NAME_MAX),
  fieldNames: z.array(storableText(100)).max(NOTE_FIELD_NAMES_MAX),
  updatedAt: updatedAtSchema,
  _deleted: z.boolean(),
}).strict();
export type NoteTypeDoc = z.infer<typeof noteTypeDocSchema>;

export const noteTypeRxSchema = {
  version: 0,
  primaryKey: "id",
  type: "object",
  properties: {
    id: RX_ID,
    doctorId: RX_ID,
    name: { type: "string", maxLength: NOTE_TYPE_NAME_MAX },
    fieldNames: { type: "array", maxItems: NOTE_FIELD_NAMES_MAX, items: { type: "string", maxLength: 100 } },
    updatedAt: RX_UPDATED_AT,
  },
  required: ["id", "doctorId", "name", "fieldNames", "updatedAt"],
  indexes: [],
} as const;

export const noteTypesCollection: SyncCollection<NoteTypeDoc> = {
  name: "note_types",
  table: "note_types",
  schema: noteTypeDocSchema,
  rxSchema: noteTypeRxSchema,
  access: {
    read: "practice",
    scopeField: "doctorId",
    create: "nobody",
    writableFields: [],
    serverFields: ["doctorId", "name", "fieldNames"],
    ownerOnlyEdits: [],
  },
  conflict: "server-wins",
  resolveConflict: serverWins,
  pushBatchSize: 100,
};
