/**
 * Documents (02 §7 "Documents and medical files"): the practice's sent and
 * received lists, sharing a document into a patient's folder (a medical file
 * written through the sync engine, so the patient's devices receive it),
 * unsharing, attaching, sharing with a care-team member, deleting, the users a
 * document can go to, and `isNew` cleared on the first view. Faxes are in
 * ./faxes.ts. Access: ./access.ts. Every read or write that touches a patient
 * is audited (chart.read / chart.write).
 */
import { requireReadablePdf } from "./pdf-check.ts";
import type { z } from "zod";
import type { Actor } from "../../access/actor.ts";
import type { Deps } from "../../deps.ts";
import { AppError, badRequest, conflict, notFound } from "../../http/errors.ts";
import { listOf } from "../../http/envelope.ts";
import type { SyncWriter } from "../sync/writer.ts";
import { checkFile, sniffFileKind, CONTENT_TYPES } from "../../../../sync/files.ts";
import { MEDICAL_FILE_MAX_BYTES } from "../../../../sync/collections/medical-files.ts";
import {
  DOCUMENT_EVENTS,
  DOCUMENT_MAX_BYTES,
  type DocumentActionUser,
  type documentActionUsersSchema,
  type documentListSchema,
  type shareToPatientSchema,
} from "../../../../sync/schemas/document.ts";
import { admins, documentAccess, practiceTeam } from "./access.ts";
import { createDocumentsRepo, type DocumentRow, toView } from "./repo.ts";

export type DocumentsDeps = Pick<Deps, "sql" | "clock" | "blobs" | "audit" | "events" | "log"> & { write: SyncWriter };

export function createDocumentsService(deps: DocumentsDeps) {
  const { sql, clock, blobs, audit, events, write } = deps;
  const repo = createDocumentsRepo(sql);

  const auditPatient = (actor: Actor, kind: "chart.read" | "chart.write", patientId: string, what: string, id: string) =>
    audit.record({ event: kind, actorId: actor.userId, subjectId: patientId, details: { what, id, role: actor.role } });

  /** Who hears about a document: its practice's team, or the admins for a platform document. */
  const audienceOf = (row: Pick<DocumentRow, "owner" | "practice_id">) =>
    row.owner === "platform" ? admins(sql) : practiceTeam(sql, row.practice_id!);

  async function notify(row: Pick<DocumentRow, "id" | "owner" | "practice_id" | "doc_type" | "box">, event: string, extra = {}) {
    const users = await audienceOf(row);
    await events.toUsers(users, event, { id: row.id, docType: row.doc_type, box: row.box, ...extra });
    if (row.doc_type === "incoming_faxes" && row.practice_id) {
      await events.toUsers(users, DOCUMENT_EVENTS.faxCounter, { faxes: await repo.newFaxCount(row.practice_id) });
    }
  }

  async function visibleRow(actor: Actor, id: string): Promise<DocumentRow> {
    const access = documentAccess(sql, actor);
    const row = await repo.one(access.visible(), id);
    if (!row) throw notFound("Document not found");
    return row;
  }

  async function markViewed(actor: Actor, row: DocumentRow) {
    if (row.patient_id) await auditPatient(actor, "chart.read", row.patient_id, "document.read", row.id);
    if (!row.is_new) return;
    const [changed] = await sql<{ id: string }[]>`update documents set is_new = false, updated_at = ${clock.now()}
      where id = ${row.id} and is_new returning id`;
    if (changed) await notify(row, DOCUMENT_EVENTS.viewed, { isNew: false });
  }

  return {
    notify,
    visibleRow,

    async list(actor: Actor, input: z.output<typeof documentListSchema>) {
      const access = documentAccess(sql, actor);
      const { rows, totalCount } = await repo.list(access.visible(), input);
      return listOf(rows.map(toView), input.offset, input.limit, totalCount);
    },

    /** One document; the first view by anyone of the team clears isNew. */
    async get(actor: Actor, id: string) {
      const row = await visibleRow(actor, id);
      await markViewed(actor, row);
      return toView({ ...row, is_new: false });
    },

    /** The bytes, typed from their content (never HTML or SVG: unknown content is octet-stream). */
    async content(actor: Actor, id: string) {
      const row = await visibleRow(actor, id);
      const blob = await blobs.get(row.blob_id);
      if (!blob) throw notFound("Document not found");
      await markViewed(actor, row);
      const kind = sniffFileKind(blob.data.subarray(0, 4096));
      return { name: row.name, data: blob.data, contentType: kind ? CONTENT_TYPES[kind] : "application/octet-stream" };
    },

    /** A practice's own document, or (admins) a platform document: agreements, PDF only. */
    async upload(actor: Actor, file: { name: string; data: Uint8Array }) {
      const access = documentAccess(sql, actor);
      const scope = access.required();
      const purpose = scope.owner === "platform" ? "agreement" : "note";
      const check = checkFile(file.data.subarray(0, 4096), file.data.byteLength, purpose, DOCUMENT_MAX_BYTES, file.name);
      if (!check.ok) throw badRequest(check.message, { reason: "UNSUPPORTED_FILE", fields: { file: check.message } });
      // A PDF is read now, not when it is faxed (issue 32: a damaged one was accepted, then its fax failed with a 500).
      if (check.kind === "pdf") await requireReadablePdf(file.data);
      const now = clock.now();
      const blobId = await blobs.put({ ownerId: actor.userId, kind: "document", contentType: check.contentType, data: file.data });
      const id = await repo.insert(sql, {
        owner: scope.owner, practiceId: access.practiceId(), docType: "documents", box: "sent", name: file.name,
        blobId, contentType: check.contentType, size: file.data.byteLength, status: "stored", isNew: false,
        createdBy: actor.userId, at: now,
      });
      const row = (await repo.one(access.visible(), id!))!;
      await notify(row, DOCUMENT_EVENTS.created);
      return toView(row);
    },

    /** Files the document into a patient's folder (OutsideMedicalRecords by default) as a medical file. */
    async shareToPatient(actor: Actor, id: string, input: z.output<typeof shareToPatientSchema>) {
      const access = documentAccess(sql, actor);
      const row = await visibleRow(actor, id);
      const patient = await access.patient(input.userId);
      if (row.shared_file_id) throw conflict("The document is already shared. Unshare it first.", "ALREADY_SHARED");
      const blob = await blobs.get(row.blob_id);
      if (!blob) throw notFound("Document not found");
      const check = checkFile(blob.data.subarray(0, 4096), blob.data.byteLength, "note", MEDICAL_FILE_MAX_BYTES);
      if (!check.ok) throw badRequest(check.message, { reason: "UNSUPPORTED_FILE" });
      const name = input.newName?.trim() || row.name;
      const fileId = crypto.randomUUID();
      const now = clock.now();
      await write(["medical_files"], async (w) => {
        const doc = {
          id: fileId, patientId: patient.id, folder: input.folderId, name, size: blob.data.byteLength,
          contentType: check.contentType, kind: check.kind, uploadedBy: actor.userId, status: "uploaded",
          rejectReason: null, _deleted: false,
        };
        await w.insert("medical_files", doc, Object.keys(doc));
        await w.tx`insert into medical_file_chunks (file_id, "offset", size, data, created_at)
          values (${fileId}, 0, ${blob.data.byteLength}, ${blob.data}, ${now})`;
        // Claimed in the same transaction: of two shares at once (a double click, the doctor and a VMA), one files the
        // document and the other is refused with nothing filed, so unsharing leaves no copy with the patient.
        const [claimed] = await w.tx`update documents set shared_file_id = ${fileId}, patient_id = ${patient.id},
            folder = ${input.folderId}, is_new = false, updated_at = ${now}
          where id = ${row.id} and shared_file_id is null returning id`;
        if (!claimed) throw conflict("The document is already shared. Unshare it first.", "ALREADY_SHARED");
      });
      await auditPatient(actor, "chart.write", patient.id, "document.shareToPatient", row.id);
      await notify(row, DOCUMENT_EVENTS.shared, { patientId: patient.id, folder: input.folderId });
      return toView((await repo.one(access.visible(), id))!);
    },

    /** Takes the shared file out of the patient's folders (a tombstone their devices receive). */
    async unshare(actor: Actor, id: string) {
      const access = documentAccess(sql, actor);
      const row = await visibleRow(actor, id);
      if (!row.shared_file_id) throw conflict("The document is not shared", "NOT_SHARED");
      const now = clock.now();
      await write(["medical_files"], async (w) => {
        await w.update("medical_files", row.shared_file_id!, { _deleted: true }, ["_deleted"]);
        await repo.update(w.tx, row.id, { shared_file_id: null, folder: null }, now);
      });
      if (row.patient_id) await auditPatient(actor, "chart.write", row.patient_id, "document.unshare", row.id);
      await notify(row, DOCUMENT_EVENTS.unshared);
      return toView((await repo.one(access.visible(), id))!);
    },

    /** Says whom the document is about or for: a patient of the practice or a member of its team. */
    async attach(actor: Actor, id: string, userId: string) {
      const access = documentAccess(sql, actor);
      const row = await visibleRow(actor, id);
      const patient = await access.patient(userId).catch(() => null);
      const user = patient ?? await access.teamMember(userId);
      await repo.update(sql, row.id, patient ? { receiver_id: user.id, patient_id: user.id } : { receiver_id: user.id }, clock.now());
      if (patient) await auditPatient(actor, "chart.write", patient.id, "document.attach", row.id);
      await notify(row, DOCUMENT_EVENTS.changed);
      return toView((await repo.one(access.visible(), id))!);
    },

    /** Shares the document with a member of the care team: they are told live and see it marked as theirs. */
    async shareWith(actor: Actor, id: string, userId: string) {
      const access = documentAccess(sql, actor);
      const row = await visibleRow(actor, id);
      const member = await access.teamMember(userId);
      await sql`insert into document_shares (document_id, user_id, shared_by) values (${row.id}, ${member.id}, ${actor.userId})
        on conflict do nothing`;
      await events.toUsers([member.id], DOCUMENT_EVENTS.shared, { id: row.id, docType: row.doc_type, box: row.box, userId: member.id });
      await notify(row, DOCUMENT_EVENTS.changed);
      return toView((await repo.one(access.visible(), id))!);
    },

    async remove(actor: Actor, id: string) {
      const row = await visibleRow(actor, id);
      await repo.update(sql, row.id, { deleted: true }, clock.now());
      if (row.patient_id) await auditPatient(actor, "chart.write", row.patient_id, "document.delete", row.id);
      await notify(row, DOCUMENT_EVENTS.removed);
      return { id: row.id };
    },

    /** `POST /users/list/document/action`: whom the document can go to — the practice's patients, or its team. */
    async actionUsers(actor: Actor, input: z.output<typeof documentActionUsersSchema>) {
      const access = documentAccess(sql, actor);
      const practiceId = access.practiceId();
      if (!practiceId) throw notFound("Not found");
      if (input.documentId) await visibleRow(actor, input.documentId);
      const like = `%${input.search.trim().replace(/[\\%_]/g, "\\$&")}%`;
      const who = input.role === "patient"
        ? sql`u.role = 'patient' and u.doctor_id = ${practiceId}`
        : input.role === "doctor"
        ? sql`u.role = 'doctor' and u.id = ${practiceId}`
        : sql`u.role = 'vma' and u.doctor_id = ${practiceId}`;
      const where = sql`${who} and (u.first_name || ' ' || u.last_name ilike ${like} or u.email ilike ${like})`;
      const rows = await sql<DocumentActionUser[]>`
        select u.id, u.first_name || ' ' || u.last_name as name, u.email, u.role from users u where ${where}
        order by u.last_name, u.first_name, u.id offset ${input.offset} limit ${input.limit}`;
      const [{ count }] = await sql<{ count: number }[]>`select count(*)::int as count from users u where ${where}`;
      return listOf(rows, input.offset, input.limit, count);
    },

    /** The header's fax counter for the actor's practice (0 for everyone else). */
    async faxCount(actor: Actor): Promise<number> {
      const practiceId = documentAccess(sql, actor).scope;
      return practiceId?.owner === "practice" ? await repo.newFaxCount(practiceId.practiceId) : 0;
    },
  };
}
export type DocumentsService = ReturnType<typeof createDocumentsService>;

export const tooLarge = () => new AppError(413, "The file is too large (at most 20 MB)", { reason: "FILE_TOO_LARGE" });
