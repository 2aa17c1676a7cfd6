/**
 * Encounter notes (02 §3): a note type, its fields (name → text), files and a
 * shared flag. The text of each field is also a Yjs document (collaboration
 * issue); these are the plain fields of the API.
 */
import { z } from "zod";
import { noteFieldsSchema } from "../collections/note-drafts.ts";

export const NOTE_FILE_MAX_BYTES = 20 * 1024 * 1024;
export const NOTE_FILES_MAX = 10;

/** `POST /encounterNotes/{encounterId}` (JSON or multipart with `files`). Notes need a type (02 §5). */
export const noteCreateSchema = z.object({
  noteTypeId: z.uuid({ error: "Choose a note type" }),
  fields: noteFieldsSchema.default({}),
}).strict();
export type NoteCreate = z.output<typeof noteCreateSchema>;

/** `PUT /encounterNotes/edit/{id}`. */
export const noteUpdateSchema = z.object({
  noteTypeId: z.uuid({ error: "Choose a note type" }).optional(),
  fields: noteFieldsSchema.optional(),
  filesForDelete: z.array(z.uuid("Invalid file id")).max(NOTE_FILES_MAX).default([]),
}).strict();
export type NoteUpdate = z.output<typeof noteUpdateSchema>;

/** A file of a note: `id` is its blob's; `contentType` is the one its content was recognised as (sync/files.ts). */
export const noteFileSchema = z.object({ id: z.uuid(), name: z.string(), size: z.number().int(), contentType: z.string() }).strict();
export type NoteFile = z.output<typeof noteFileSchema>;

/** A note as the API answers it. */
export const noteSchema = z.object({
  id: z.uuid(),
  encounterId: z.uuid(),
  patientId: z.uuid(),
  noteTypeId: z.uuid(),
  noteTypeName: z.string(),
  /** The note type's field names, in its order: the editors of a note's text, one per field (its Yjs document). */
  fieldNames: z.array(z.string()),
  /** The text of each field, keyed by the note type's field names (the doctor's own). */
  fields: z.record(z.string(), z.string()),
  files: z.array(noteFileSchema),
  isShared: z.boolean(),
  authorId: z.uuid(),
  updatedBy: z.uuid(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
}).strict();
export type Note = z.output<typeof noteSchema>;
