/**
 * The note types every practice starts with (issue 31). Notes need a type (02 §5), so a practice without one could
 * not write its first note until the doctor made a type in Settings. This list is the one definition: registration
 * gives it to each new doctor in the transaction that creates the account, the demo seed to the demo doctor, and
 * migration 0091 gave it to the practices that had no types (a test checks the migration's copy matches this list).
 * Afterwards they are ordinary types: the doctor deletes them, or adds others, like any type.
 */
import type { Queryable } from "../../db/connect.ts";
import type { NoteTypeCreate } from "../../../../sync/schemas/note-type.ts";

/** Each obeys `noteTypeCreateSchema` (name ≤ 100, 1..30 distinct field names ≤ 100): checked by the tests. */
export const DEFAULT_NOTE_TYPES: readonly NoteTypeCreate[] = [
  { name: "SOAP note", fieldNames: ["Subjective", "Objective", "Assessment", "Plan"] },
  { name: "Progress note", fieldNames: ["Interval history", "Examination", "Assessment", "Plan"] },
  { name: "Phone call", fieldNames: ["Reason for call", "Discussion", "Advice given", "Follow-up"] },
];

/**
 * Gives the doctor the default note types, unless they already have a type that is not deleted (so calling it
 * twice adds nothing). Meant to run inside the transaction that creates the doctor. Answers how many were added.
 */
export async function addDefaultNoteTypes(q: Queryable, doctorId: string, at: Date): Promise<number> {
  const [{ has }] = await q<{ has: boolean }[]>`select exists (select 1 from note_types
    where doctor_id = ${doctorId} and deleted_at is null) as has`;
  if (has) return 0;
  for (const type of DEFAULT_NOTE_TYPES) {
    await q`insert into note_types (doctor_id, name, field_names, created_at)
      values (${doctorId}, ${type.name}, ${type.fieldNames}, ${at})`;
  }
  return DEFAULT_NOTE_TYPES.length;
}
