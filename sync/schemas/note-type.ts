/** Note types (02 §3): a doctor's template, a name and the names of the note's fields. */
import { z } from "zod";

export const noteTypeCreateSchema = z.object({
  name: z.string({ error: "Name is required" }).trim().min(1, "Name is required").max(100, "At most 100 symbols"),
  fieldNames: z.array(z.string().trim().min(1, "A field needs a name").max(100, "At most 100 symbols"), {
    error: "Field names are required",
  }).min(1, "Add at least one field").max(30, "At most 30 fields")
    .refine((names) => new Set(names).size === names.length, "Field names must differ"),
}).strict();
export type NoteTypeCreate = z.output<typeof noteTypeCreateSchema>;

/** A note type as the API answers it. */
export const noteTypeSchema = z.object({
  id: z.uuid(),
  doctorId: z.uuid(),
  name: z.string(),
  fieldNames: z.array(z.string()),
  createdAt: z.iso.datetime(),
}).strict();
export type NoteType = z.output<typeof noteTypeSchema>;

/** One of `GET /noteTypes/list/dropdown/{doctorId}`. */
export const noteTypeDropdownItemSchema = noteTypeSchema.pick({ id: true, name: true, fieldNames: true }).strict();
export type NoteTypeDropdownItem = z.output<typeof noteTypeDropdownItemSchema>;
