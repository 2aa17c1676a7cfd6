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

export type NoteFile = { id: string; name: string; size: number; contentType: string };

export type Note = {
  id: string;
  encounterId: string;
  patientId: string;
  noteTypeId: string;
  noteTypeName: string;
  /** The note type's field names, in its order: the editors of a note's text, one per field (its Yjs document). */
  fieldNames: string[];
  fields: Record<string, string>;
  files: NoteFile[];
  isShared: boolean;
  authorId: string;
  updatedBy: string;
  createdAt: string;
  updatedAt: string;
};
