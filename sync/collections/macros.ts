/**
 * A doctor's macros (a shortcut and its text), shared with the VMAs acting for
 * that doctor and replicated so a shortcut expands offline (scope `practice`
 * on `practiceId`). Pull-only: the macros API (`/doctorMacros`) creates and
 * deletes them, so 'Shortcut already exists' is decided in one place.
 * Placeholders such as `{patient.firstName}` stay in the text; the device fills
 * them (sync/rules/macro-text.ts), the same way `GET /doctorMacros/dropdown/list` does.
 */
import { z } from "zod";
import { docIdSchema, updatedAtSchema } from "../protocol.ts";
import { MACRO_TEXT_MAX } from "../schemas/team.ts";
import { RX_ID, RX_UPDATED_AT, serverWins, type SyncCollection } from "./types.ts";
import { storableText } from "../rules/storable-text.ts";

export const macroDocSchema = z.object({
  id: docIdSchema,
  practiceId: docIdSchema,
  shortcut: storableText(31),
  text: storableText(MACRO_TEXT_MAX),
  createdBy: docIdSchema,
  updatedAt: updatedAtSchema,
  _deleted: z.boolean(),
}).strict();
export type MacroDoc = z.infer<typeof macroDocSchema>;

export const macroRxSchema = {
  version: 0,
  primaryKey: "id",
  type: "object",
  properties: {
    id: RX_ID,
    practiceId: RX_ID,
    shortcut: { type: "string", maxLength: 31 },
    text: { type: "string", maxLength: MACRO_TEXT_MAX },
    createdBy: RX_ID,
    updatedAt: RX_UPDATED_AT,
  },
  required: ["id", "practiceId", "shortcut", "text", "createdBy", "updatedAt"],
  indexes: [["practiceId", "shortcut"]],
} as const;

export const macrosCollection: SyncCollection<MacroDoc> = {
  name: "macros",
  table: "macros",
  schema: macroDocSchema,
  rxSchema: macroRxSchema,
  access: {
    read: "practice",
    scopeField: "practiceId",
    create: "nobody",
    writableFields: [],
    serverFields: ["practiceId", "shortcut", "text", "createdBy"],
    ownerOnlyEdits: [],
  },
  conflict: "server-wins",
  resolveConflict: serverWins,
  pushBatchSize: 100,
};
