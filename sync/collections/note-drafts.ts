/**
 * Encounter-note drafts: the patient's care team (their doctor and that
 * doctor's VMAs) reads and writes them; the patient never sees a draft and
 * admins see no clinical content. Conflicts merge field by field on the client
 * (`mergeNoteDraft`), so two people editing different fields keep both edits.
 */
import { z } from "zod";
import { docIdSchema, updatedAtSchema } from "../protocol.ts";
import { pick, sameValue } from "./merge.ts";
import { type ConflictInput, RX_ID, RX_UPDATED_AT, type SyncCollection } from "./types.ts";
import { storableText } from "../rules/storable-text.ts";

export const NOTE_FIELDS_MAX_BYTES = 100 * 1024;
export const NOTE_TITLE_MAX = 200;

const encoder = new TextEncoder();

/**
 * Whether a text's UTF-8 form fits in `max` bytes. A UTF-16 unit is 1 to 3 bytes in UTF-8 (a surrogate
 * pair, two units, is 4), so most texts are decided by their length alone; only those in between are
 * encoded (every pulled page validates each draft: the encoding was a fifth of the validation's time).
 */
export function fitsUtf8(text: string, max: number): boolean {
  if (text.length > max) return false;
  if (text.length * 3 <= max) return true;
  return encoder.encode(text).length <= max;
}

const fieldName = storableText(100).min(1).refine((k) => k !== "__proto__", "Invalid field name");
export const noteFieldsSchema = z.record(fieldName, storableText(NOTE_FIELDS_MAX_BYTES))
  .refine((f) => fitsUtf8(JSON.stringify(f), NOTE_FIELDS_MAX_BYTES), "A note's fields hold at most 100 KB");

export const noteDraftSchema = z.object({
  id: docIdSchema,
  patientId: docIdSchema,
  encounterId: docIdSchema.nullable(),
  noteTypeId: docIdSchema.nullable(),
  title: storableText(NOTE_TITLE_MAX),
  /** The note's fields by name (the note type's field names). */
  fields: noteFieldsSchema,
  authorId: docIdSchema,
  updatedBy: docIdSchema,
  updatedAt: updatedAtSchema,
  _deleted: z.boolean(),
}).strict();
export type NoteDraftDoc = z.infer<typeof noteDraftSchema>;

export const noteDraftRxSchema = {
  version: 0,
  primaryKey: "id",
  type: "object",
  properties: {
    id: RX_ID,
    patientId: RX_ID,
    encounterId: { type: ["string", "null"], maxLength: 36 },
    noteTypeId: { type: ["string", "null"], maxLength: 36 },
    title: { type: "string", maxLength: NOTE_TITLE_MAX },
    fields: { type: "object", additionalProperties: { type: "string" } },
    authorId: RX_ID,
    updatedBy: RX_ID,
    updatedAt: RX_UPDATED_AT,
  },
  required: ["id", "patientId", "encounterId", "noteTypeId", "title", "fields", "authorId", "updatedBy", "updatedAt"],
  indexes: [["patientId", "updatedAt"]],
} as const;

const SCALARS = ["encounterId", "noteTypeId", "title"] as const;

/**
 * The marks around a second version of a draft's text (issue 31): when the same field was changed on two devices
 * at once, neither change is dropped and words are never interleaved: the text first stored stays, and the other
 * follows between these marks for the user to resolve (the draft editor says so until the marks are gone).
 */
export const CONFLICT_START = "⟦Another version, written at the same time on another device. Keep what is right, then delete from here…⟧";
export const CONFLICT_END = "⟦…to here.⟧";
/** Whether a text holds a second version still to resolve. */
export const hasConflict = (text: string | undefined) => (text ?? "").includes(CONFLICT_START);

function keepBoth(base: string | undefined, local: string | undefined, master: string | undefined): string | undefined {
  const bothChanged = !sameValue(local, base) && !sameValue(master, base) && !sameValue(local, master);
  // A side that cleared the field (or removed it) keeps the usual rule: the master wins.
  if (!bothChanged || !local || !master) return pick(base, local, master);
  return `${master}\n\n${CONFLICT_START}\n${local}\n${CONFLICT_END}`;
}

/**
 * Field-level merge of a conflicting draft. Each scalar field and each key of
 * `fields` is merged three ways against the state both sides started from; a
 * text changed on both sides keeps both versions, marked (`CONFLICT_START`).
 * Deleting never discards work: when one side deleted and the other changed
 * content, the draft stays (with the content). Server-set fields come from the master.
 */
export function mergeNoteDraft(input: ConflictInput<NoteDraftDoc>): NoteDraftDoc {
  const { assumedMasterState: base, newDocumentState: local, realMasterState: master } = input;
  if (!base) return master;
  const merged: NoteDraftDoc = { ...master, fields: {} };
  for (const key of SCALARS) (merged as Record<string, unknown>)[key] = pick(base[key], local[key], master[key]);
  const keys = new Set([...Object.keys(base.fields), ...Object.keys(local.fields), ...Object.keys(master.fields)]);
  for (const key of [...keys].sort()) {
    const value = keepBoth(base.fields[key], local.fields[key], master.fields[key]);
    if (value !== undefined) merged.fields[key] = value;
  }
  const changed = (d: NoteDraftDoc) => SCALARS.some((k) => d[k] !== base[k]) || !sameValue(d.fields, base.fields);
  const deletedBy = (d: NoteDraftDoc) => d._deleted && !base._deleted;
  if (deletedBy(local) && changed(master)) merged._deleted = false;
  else if (deletedBy(master) && changed(local)) merged._deleted = false;
  else merged._deleted = pick(base._deleted, local._deleted, master._deleted);
  return merged;
}

export const noteDraftsCollection: SyncCollection<NoteDraftDoc> = {
  name: "note_drafts",
  table: "note_drafts",
  schema: noteDraftSchema,
  rxSchema: noteDraftRxSchema,
  access: {
    read: "careTeam",
    scopeField: "patientId",
    create: "careTeam",
    writableFields: ["encounterId", "noteTypeId", "title", "fields", "_deleted"],
    serverFields: ["authorId", "updatedBy"],
    ownerField: "authorId",
    ownerOnlyEdits: [],
  },
  conflict: "field-merge",
  resolveConflict: mergeNoteDraft,
  // Each row carries two states of up to 100 KB of fields: a batch of large drafts is split by bytes on the device.
  pushBatchSize: 250,
};
