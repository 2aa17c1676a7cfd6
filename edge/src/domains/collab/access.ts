/**
 * Who may open a note's Yjs document, decided by the chart's access module
 * (domains/chart/access.ts), never by hand: whoever may read the note may
 * open it; the care team writes, except that a shared note is changed by
 * the doctor only (the REST rule of notes.ts); the patient of a shared note
 * reads. Anyone else gets null, the same answer as for a note that does not exist.
 */
import type { Actor } from "../../access/actor.ts";
import type { Sql } from "../../db/connect.ts";
import { AppError } from "../../http/errors.ts";
import { chartAccess } from "../chart/access.ts";

export type NoteGrant = {
  noteId: string;
  patientId: string;
  canWrite: boolean;
  /** The note type's field names: one shared type each in the document. */
  fieldNames: string[];
  /** The note's plain fields, to seed a document nobody opened yet. */
  fields: Record<string, string>;
};

export async function grantFor(sql: Sql, actor: Actor, noteId: string): Promise<NoteGrant | null> {
  const access = chartAccess(sql, actor);
  let seen;
  try {
    seen = await access.shareable("encounter_notes", noteId);
  } catch (e) {
    if (e instanceof AppError && e.status === 404) return null;
    throw e;
  }
  const [row] = await sql<{ field_names: string[]; fields: Record<string, string> }[]>`
    select t.field_names, n.fields from encounter_notes n join note_types t on t.id = n.note_type_id where n.id = ${seen.id}`;
  if (!row) return null;
  const canWrite = access.isCareTeam && (!seen.is_shared || actor.role === "doctor");
  return { noteId: seen.id, patientId: seen.patient_id, canWrite, fieldNames: row.field_names, fields: row.fields };
}
