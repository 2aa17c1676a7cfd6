/**
 * The medical-file calls of 02 §7 over the synced collection (no second store):
 * folders with counts, a folder's files with totalCount, add, move (`toId`),
 * rename (an empty name keeps it), delete (a tombstone). Every write is a push
 * through the sync service as the caller, so the collection's rules decide
 * (patient: own files, PatientUploaded only; care team: their patients' files)
 * and devices receive the change live. Reads and writes are audited.
 */
import { renamedFile } from "../../../../sync/rules/file-name.ts";
import type { Actor } from "../../access/actor.ts";
import type { Deps } from "../../deps.ts";
import { AppError, forbidden, notFound } from "../../http/errors.ts";
import { listOf } from "../../http/envelope.ts";
import { mayAccess } from "../sync/scopes.ts";
import type { SyncService } from "../sync/service.ts";
import type { UploadService } from "../sync/uploads.ts";
import { MEDICAL_FOLDERS, type MedicalFileDoc, type MedicalFolder } from "../../../../sync/collections/medical-files.ts";
import type { MedicalFolderCount } from "../../../../sync/schemas/document.ts";
import { UUID } from "./access.ts";

export function createMedicalFilesApi(deps: Pick<Deps, "sql" | "audit"> & { sync: SyncService; uploads: UploadService }) {
  const { sql, audit, sync, uploads } = deps;
  const record = (actor: Actor, event: "chart.read" | "chart.write", patientId: string, what: string, id?: string) =>
    audit.record({ event, actorId: actor.userId, subjectId: patientId, details: { what, role: actor.role, ...(id ? { id } : {}) } });

  async function patientScope(actor: Actor, patientId: string) {
    if (!UUID.test(patientId) || !(await mayAccess(sql, actor, "careTeamOrPatient", patientId))) throw notFound("Patient not found");
  }

  async function file(actor: Actor, id: string): Promise<MedicalFileDoc> {
    const doc = UUID.test(id) ? await sync.document(actor, "medical_files", id) : null;
    if (!doc || doc._deleted) throw notFound("File not found");
    return doc as MedicalFileDoc;
  }

  /** One edit as the caller's push; a refused push (the collection's rules) answers 403 and changes nothing. */
  async function edit(actor: Actor, master: MedicalFileDoc, changes: Partial<MedicalFileDoc>): Promise<MedicalFileDoc> {
    const conflicts = await sync.push(actor, "medical_files", [{ assumedMasterState: master, newDocumentState: { ...master, ...changes } }]);
    // Audited by the push itself (medical-file-sync.ts), as a device's own edit is.
    if (conflicts.length) throw forbidden("You cannot change this file", "FILE_CHANGE_REFUSED");
    return await file(actor, master.id).catch(() => ({ ...master, ...changes }));
  }

  return {
    async folders(actor: Actor, patientId: string): Promise<MedicalFolderCount[]> {
      await patientScope(actor, patientId);
      const rows = await sql<{ folder: MedicalFolder; count: number }[]>`select folder, count(*)::int as count from medical_files
        where patient_id = ${patientId} and not deleted and status <> 'rejected' group by folder`;
      await record(actor, "chart.read", patientId, "medicalFile.folders");
      const counts = new Map(rows.map((r) => [r.folder, r.count]));
      return MEDICAL_FOLDERS.map((folderId) => ({ folderId, count: counts.get(folderId) ?? 0 }));
    },

    async list(actor: Actor, patientId: string, q: { folderId?: MedicalFolder; offset: number; limit: number }) {
      await patientScope(actor, patientId);
      const where = sql`patient_id = ${patientId} and not deleted and status <> 'rejected' ${q.folderId ? sql`and folder = ${q.folderId}` : sql``}`;
      const rows = await sql<{ id: string }[]>`select id from medical_files where ${where}
        order by created_at desc, id offset ${q.offset} limit ${q.limit}`;
      const [{ count }] = await sql<{ count: number }[]>`select count(*)::int as count from medical_files where ${where}`;
      const items = await Promise.all(rows.map((r) => file(actor, r.id)));
      await record(actor, "chart.read", patientId, "medicalFile.list");
      return listOf(items, q.offset, q.limit, count);
    },

    /** Adds a file: the row through a push (the rules decide the folder), then its bytes in one piece. */
    async add(
      actor: Actor,
      patientId: string,
      input: { folderId: MedicalFolder; name: string; data: Uint8Array; contentType: string },
    ): Promise<MedicalFileDoc> {
      await patientScope(actor, patientId);
      const doc: MedicalFileDoc = {
        id: crypto.randomUUID(), patientId, folder: input.folderId, name: input.name, size: input.data.byteLength,
        contentType: input.contentType.slice(0, 100), kind: null, uploadedBy: actor.userId, status: "pending", rejectReason: null,
        updatedAt: 0, _deleted: false,
      };
      const conflicts = await sync.push(actor, "medical_files", [{ assumedMasterState: null, newDocumentState: doc }]);
      if (conflicts.length) throw forbidden("You cannot add a file to this folder", "FOLDER_NOT_ALLOWED");
      const status = await uploads.append(actor, doc.id, { start: 0, end: doc.size - 1, total: doc.size }, input.data);
      const stored = await file(actor, doc.id);
      if (status.status === "rejected") {
        // Bad input changes nothing: the refused file does not stay behind as a rejected row.
        await sync.push(actor, "medical_files", [{ assumedMasterState: stored, newDocumentState: { ...stored, _deleted: true } }]);
        throw new AppError(400, stored.rejectReason ?? "Unsupported file type", { reason: "UNSUPPORTED_FILE", fileId: doc.id });
      }
      return stored;
    },

    move: async (actor: Actor, id: string, toId: MedicalFolder): Promise<MedicalFileDoc> => {
      const master = await file(actor, id);
      return master.folder === toId ? master : await edit(actor, master, { folder: toId });
    },

    rename: async (actor: Actor, id: string, newName: string | undefined): Promise<MedicalFileDoc> => {
      const master = await file(actor, id);
      const name = renamedFile(master.name, newName ?? "");
      return name === master.name ? master : await edit(actor, master, { name });
    },

    remove: async (actor: Actor, id: string) => {
      const master = await file(actor, id);
      await edit(actor, master, { _deleted: true });
      return { id };
    },
  };
}
export type MedicalFilesApi = ReturnType<typeof createMedicalFilesApi>;
