/**
 * Medical files: the metadata is replicated; the bytes go through the
 * resumable upload API (`PUT .../medical_files/{id}/content`). The patient and
 * their care team read; the patient creates into PatientUploaded only, the care
 * team into any folder. Later edits: name, folder, delete (a patient only on
 * files they uploaded). The server sets uploadedBy, status, kind and
 * rejectReason, and contentType once it has checked the bytes. Conflicts merge
 * field by field: a rename made while the server marked the upload complete keeps both.
 */
import { z } from "zod";
import { docIdSchema, updatedAtSchema } from "../protocol.ts";
import { NOTE_FILE_MAX_BYTES } from "../constants.ts";
import { FILE_KINDS } from "../files.ts";
import { mergeFields } from "./merge.ts";
import { RX_ID, RX_UPDATED_AT, type SyncCollection } from "./types.ts";
import { storableText } from "../rules/storable-text.ts";

export const MEDICAL_FOLDERS = [
  "Labs", "Imaging", "Consults", "PatientUploaded", "OutsideMedicalRecords", "Misc", "Agreements",
] as const;
export type MedicalFolder = (typeof MEDICAL_FOLDERS)[number];
export const MEDICAL_FILE_STATUSES = ["pending", "uploaded", "rejected"] as const;
export const MEDICAL_FILE_MAX_BYTES = NOTE_FILE_MAX_BYTES;

/** Not blank; no path separators or control characters (the name becomes a download's file name). */
function isFileName(name: string): boolean {
  return name.trim() !== "" && ![...name].some((ch) => ch === "/" || ch === "\\" || ch.charCodeAt(0) < 0x20);
}

export const medicalFileSchema = z.object({
  id: docIdSchema,
  patientId: docIdSchema,
  folder: z.enum(MEDICAL_FOLDERS),
  name: storableText(255).min(1).refine(isFileName, "Invalid file name"),
  size: z.number().int().min(1, "The file is empty").max(MEDICAL_FILE_MAX_BYTES, "The file is too large (at most 20 MB)"),
  /** What the device declared until the server has checked the bytes; then the checked type. */
  contentType: storableText(100),
  kind: z.enum(FILE_KINDS).nullable(),
  uploadedBy: docIdSchema,
  status: z.enum(MEDICAL_FILE_STATUSES),
  rejectReason: storableText(200).nullable(),
  updatedAt: updatedAtSchema,
  _deleted: z.boolean(),
}).strict();
export type MedicalFileDoc = z.infer<typeof medicalFileSchema>;

export const medicalFileRxSchema = {
  version: 0,
  primaryKey: "id",
  type: "object",
  properties: {
    id: RX_ID,
    patientId: RX_ID,
    folder: { type: "string", enum: MEDICAL_FOLDERS, maxLength: 30 },
    name: { type: "string", maxLength: 255 },
    size: { type: "number", minimum: 1, maximum: MEDICAL_FILE_MAX_BYTES, multipleOf: 1 },
    contentType: { type: "string", maxLength: 100 },
    kind: { type: ["string", "null"], enum: [...FILE_KINDS, null], maxLength: 5 },
    uploadedBy: RX_ID,
    status: { type: "string", enum: MEDICAL_FILE_STATUSES, maxLength: 10 },
    rejectReason: { type: ["string", "null"], maxLength: 200 },
    updatedAt: RX_UPDATED_AT,
  },
  required: [
    "id", "patientId", "folder", "name", "size", "contentType", "kind", "uploadedBy", "status", "rejectReason", "updatedAt",
  ],
  indexes: [["patientId", "folder"], ["patientId", "updatedAt"]],
} as const;

export const medicalFilesCollection: SyncCollection<MedicalFileDoc> = {
  name: "medical_files",
  table: "medical_files",
  schema: medicalFileSchema,
  rxSchema: medicalFileRxSchema,
  access: {
    read: "careTeamOrPatient",
    scopeField: "patientId",
    create: "careTeamOrPatient",
    writableFields: ["name", "folder", "_deleted"],
    serverFields: ["uploadedBy", "status", "kind", "rejectReason"],
    ownerField: "uploadedBy",
    ownerOnlyEdits: ["patient"],
    roleConstraints: { patient: { folder: ["PatientUploaded"] } },
  },
  conflict: "field-merge",
  resolveConflict: mergeFields<MedicalFileDoc>(["name", "folder", "_deleted"]),
  pushBatchSize: 100,
};
