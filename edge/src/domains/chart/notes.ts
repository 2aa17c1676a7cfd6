/**
 * Note types (the doctor's templates) and encounter notes (care team writes; doctor shares, unshares, deletes).
 * Notes are a synced collection: every write of a note runs in the sync writer's transaction and gives the
 * row a new seq, so the care team's devices receive it live (sync/collections/encounter-notes.ts).
 */
import type { Actor } from "../../access/actor.ts";
import type { Deps } from "../../deps.ts";
import { AppError, badRequest, forbidden, notFound } from "../../http/errors.ts";
import { checkFile } from "../../../../sync/files.ts";
import type { Note, NoteCreate, NoteFile, NoteUpdate } from "../../../../sync/schemas/note.ts";
import { NOTE_FILE_MAX_BYTES, NOTE_FILES_MAX } from "../../../../sync/schemas/note.ts";
import type { NoteType, NoteTypeCreate, NoteTypeDropdownItem } from "../../../../sync/schemas/note-type.ts";
import { type ChartAccess, chartAccess, UUID } from "./access.ts";
import type { ChartAudit } from "./audit.ts";
import type { SyncWriter, Tx } from "../sync/writer.ts";

type NoteRow = {
  id: string; encounter_id: string; patient_id: string; note_type_id: string; note_type_name: string; field_names: string[];
  fields: Record<string, string>; files: NoteFile[]; is_shared: boolean; author_id: string; updated_by: string;
  created_at: Date; updated_at: Date; total?: number;
};
const toNote = (r: NoteRow): Note => ({
  id: r.id, encounterId: r.encounter_id, patientId: r.patient_id, noteTypeId: r.note_type_id, noteTypeName: r.note_type_name,
  fieldNames: r.field_names, fields: r.fields, files: r.files, isShared: r.is_shared, authorId: r.author_id, updatedBy: r.updated_by,
  createdAt: r.created_at.toISOString(), updatedAt: r.updated_at.toISOString(),
});
type TypeRow = { id: string; doctor_id: string; name: string; field_names: string[]; created_at: Date };
const toType = (r: TypeRow): NoteType => ({ id: r.id, doctorId: r.doctor_id, name: r.name, fieldNames: r.field_names, createdAt: r.created_at.toISOString() });

export function createChartNotes(deps: Pick<Deps, "sql" | "clock" | "blobs"> & { audit: ChartAudit; write: SyncWriter }) {
  const { sql, clock, blobs, audit, write } = deps;
  /** Runs `fn` in a sync transaction on notes, then gives note `id` a new seq (its change reaches devices). */
  const writeNote = (id: string, fn: (tx: Tx) => Promise<unknown>) =>
    write(["encounter_notes"], async (w) => {
      await fn(w.tx);
      await w.update("encounter_notes", id, {}, []);
    });

  async function noteType(access: ChartAccess, id: string, includeDeleted = false): Promise<TypeRow> {
    const [row] = UUID.test(id)
      ? await sql<TypeRow[]>`select * from note_types where id = ${id} and doctor_id = ${access.practiceId}
          and (${includeDeleted} or deleted_at is null)`
      : [];
    if (!row) throw notFound("No such note type");
    return row;
  }
  function checkFields(type: TypeRow, fields: Record<string, string>) {
    const unknown = Object.keys(fields).filter((k) => !type.field_names.includes(k));
    if (unknown.length) {
      throw badRequest("Please correct the highlighted fields", {
        reason: "VALIDATION_FAILED",
        fields: Object.fromEntries(unknown.map((k) => [`fields.${k}`, "Not a field of this note type"])),
      });
    }
  }
  /** Checks every file from its content (02 §5: pdf, doc, jpg, png, mp4, avi; 20 MB) before storing any. */
  async function storeFiles(ownerId: string, files: File[], already: number): Promise<NoteFile[]> {
    if (files.length + already > NOTE_FILES_MAX) throw badRequest(`At most ${NOTE_FILES_MAX} files`, { reason: "TOO_MANY_FILES" });
    const checked = [];
    for (const f of files) {
      const head = new Uint8Array(await f.slice(0, 4096).arrayBuffer());
      const check = checkFile(head, f.size, "note", NOTE_FILE_MAX_BYTES, f.name);
      if (!check.ok) throw new AppError(422, check.message, { reason: "FILE_REJECTED", file: f.name });
      checked.push({ f, contentType: check.contentType });
    }
    const out: NoteFile[] = [];
    for (const { f, contentType } of checked) {
      const id = await blobs.put({ ownerId, kind: "note", contentType, data: new Uint8Array(await f.arrayBuffer()) });
      out.push({ id, name: f.name.slice(0, 255) || "file", size: f.size, contentType });
    }
    return out;
  }
  const selectNotes = sql`select n.*, t.name as note_type_name, t.field_names from encounter_notes n join note_types t on t.id = n.note_type_id`;

  async function noteById(access: ChartAccess, id: string): Promise<NoteRow> {
    const seen = await access.shareable("encounter_notes", id);
    const [row] = await sql<NoteRow[]>`${selectNotes} where n.id = ${seen.id}`;
    return row;
  }

  async function setShared(actor: Actor, id: string, shared: boolean) {
    const access = chartAccess(sql, actor);
    access.requireDoctor(shared ? "share a note" : "unshare a note");
    const n = await noteById(access, id);
    await writeNote(id, (tx) => tx`update encounter_notes set is_shared = ${shared}, updated_at = ${clock.now()} where id = ${id}`);
    await audit.write(actor, { patientId: n.patient_id, what: shared ? "note.share" : "note.unshare", id });
    return toNote(await noteById(access, id));
  }

  return {
    // ---- note types: the doctor manages them; their VMAs read them.
    async createType(actor: Actor, input: NoteTypeCreate) {
      const access = chartAccess(sql, actor);
      access.requireDoctor("manage note types");
      const [row] = await sql<TypeRow[]>`insert into note_types (doctor_id, name, field_names, created_at)
        values (${actor.userId}, ${input.name}, ${input.fieldNames}, ${clock.now()}) returning *`;
      return toType(row);
    },
    async listTypes(actor: Actor) {
      const access = chartAccess(sql, actor);
      access.requireCareTeam();
      const rows = await sql<TypeRow[]>`select * from note_types where doctor_id = ${access.practiceId} and deleted_at is null order by name, id`;
      return rows.map(toType);
    },
    /** `{id}` is the doctor whose types to list: the caller themself, or the doctor a VMA works for. */
    async typeDropdown(actor: Actor, doctorId: string): Promise<NoteTypeDropdownItem[]> {
      const access = chartAccess(sql, actor);
      if (!access.isCareTeam || access.practiceId !== doctorId) throw notFound("No such doctor");
      const rows = await sql<TypeRow[]>`select * from note_types where doctor_id = ${doctorId} and deleted_at is null order by name, id`;
      return rows.map((r) => ({ id: r.id, name: r.name, fieldNames: r.field_names }));
    },
    /** Hides the type from lists; notes written with it keep it. */
    async removeType(actor: Actor, id: string) {
      const access = chartAccess(sql, actor);
      access.requireDoctor("manage note types");
      await noteType(access, id);
      await sql`update note_types set deleted_at = ${clock.now()} where id = ${id}`;
      return { id };
    },

    // ---- notes
    async create(actor: Actor, encounterId: string, input: NoteCreate, files: File[]) {
      const access = chartAccess(sql, actor);
      access.requireCareTeam();
      const e = await access.encounter(encounterId);
      const type = await noteType(access, input.noteTypeId);
      checkFields(type, input.fields);
      const stored = await storeFiles(e.patient_id, files, 0);
      const row = { id: crypto.randomUUID() };
      await write(["encounter_notes"], async (w) => {
        const doc = {
          id: row.id, encounterId, patientId: e.patient_id, noteTypeId: type.id, isShared: false, authorId: actor.userId,
          updatedBy: actor.userId, createdAt: clock.now().toISOString(), _deleted: false,
        };
        await w.insert("encounter_notes", doc, Object.keys(doc));
        await w.tx`update encounter_notes set fields = ${w.tx.json(input.fields as never)}, files = ${w.tx.json(stored as never)},
          updated_at = ${clock.now()} where id = ${row.id}`;
      });
      await audit.write(actor, { patientId: e.patient_id, what: "note.create", id: row.id, details: { encounterId } });
      return toNote(await noteById(access, row.id));
    },

    async update(actor: Actor, id: string, input: NoteUpdate, files: File[]) {
      const access = chartAccess(sql, actor);
      access.requireCareTeam();
      const n = await noteById(access, id);
      // A shared note is what the patient reads: only the doctor changes it.
      if (n.is_shared && actor.role !== "doctor") throw forbidden("A shared note is changed by the doctor only", "DOCTOR_ONLY");
      const type = await noteType(access, input.noteTypeId ?? n.note_type_id, !input.noteTypeId);
      const fields = input.fields ?? n.fields;
      checkFields(type, fields);
      const unknown = input.filesForDelete.filter((fid) => !n.files.some((f) => f.id === fid));
      if (unknown.length) throw notFound("No such file");
      const kept = n.files.filter((f) => !input.filesForDelete.includes(f.id));
      const added = await storeFiles(n.patient_id, files, kept.length);
      await writeNote(id, (tx) => tx`update encounter_notes set note_type_id = ${type.id}, fields = ${tx.json(fields as never)},
        files = ${tx.json([...kept, ...added] as never)}, updated_by = ${actor.userId}, updated_at = ${clock.now()} where id = ${id}`);
      // Removed files stay in blobs (no hard delete of clinical data).
      await audit.write(actor, { patientId: n.patient_id, what: "note.update", id, details: { filesAdded: added.length, filesRemoved: input.filesForDelete.length } });
      return toNote(await noteById(access, id));
    },

    async list(actor: Actor, encounterId: string, page: { offset: number; limit: number }) {
      const access = chartAccess(sql, actor);
      const e = await access.encounter(encounterId);
      const rows = await sql<NoteRow[]>`select n.*, t.name as note_type_name, t.field_names, count(*) over ()::int as total
        from encounter_notes n join note_types t on t.id = n.note_type_id
        where n.encounter_id = ${encounterId} and n.deleted_at is null and ${access.sharedOnly(sql`n`)}
        order by n.created_at, n.id offset ${page.offset} limit ${page.limit}`;
      await audit.read(actor, { patientId: e.patient_id, what: "note.list", details: { encounterId } });
      return { list: rows.map(toNote), totalCount: rows[0]?.total ?? 0 };
    },

    /** A note's file (its bytes), for whoever may read the note. */
    async file(actor: Actor, id: string, fileId: string) {
      const access = chartAccess(sql, actor);
      const n = await noteById(access, id);
      const meta = n.files.find((f) => f.id === fileId);
      const blob = meta ? await blobs.get(meta.id) : null;
      if (!meta || !blob) throw notFound("No such file");
      await audit.read(actor, { patientId: n.patient_id, what: "note.file", id, details: { fileId } });
      return { meta, data: blob.data };
    },

    share: (actor: Actor, id: string) => setShared(actor, id, true),
    unshare: (actor: Actor, id: string) => setShared(actor, id, false),

    async remove(actor: Actor, id: string) {
      const access = chartAccess(sql, actor);
      access.requireDoctor("delete a note");
      const n = await noteById(access, id);
      // Sets `deleted` too (a trigger of 0008): devices drop the note.
      await writeNote(id, (tx) => tx`update encounter_notes set deleted_at = ${clock.now()} where id = ${id}`);
      await audit.write(actor, { patientId: n.patient_id, what: "note.delete", id });
      return { id };
    },

    /** For the encounter PDF: the notes the access may see. */
    async rowsOf(access: ChartAccess, encounterId: string) {
      const rows = await sql<NoteRow[]>`${selectNotes}
        where n.encounter_id = ${encounterId} and n.deleted_at is null and ${access.sharedOnly(sql`n`)} order by n.created_at, n.id`;
      return rows.map(toNote);
    },
  };
}
export type ChartNotes = ReturnType<typeof createChartNotes>;
