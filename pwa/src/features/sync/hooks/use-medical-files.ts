import { useCallback, useSyncExternalStore } from "react";
import {
  MEDICAL_FILE_MAX_BYTES,
  type MedicalFileDoc,
  medicalFileSchema,
  type MedicalFolder,
} from "../../../../../sync/collections/index.ts";
import { checkFile } from "../../../../../sync/files.ts";
import type { LiveList, Local, UploadProgress } from "../contract.ts";
import { requireLocal, useLocalData, useSyncEngine } from "./sync-context.ts";
import { newestFirst, useLiveList } from "./use-live-list.ts";
import { parseOrThrow, withoutDeleted } from "./validate-input.ts";

const NO_PROGRESS: ReadonlyMap<string, UploadProgress> = new Map();
const noSubscribe = () => () => {};

/** Files of one patient (all folders), newest first, with this device's upload progress. */
export function useMedicalFiles(patientId: string): LiveList<Local<MedicalFileDoc> & { upload?: UploadProgress }> {
  const local = useLocalData();
  const progress = useSyncExternalStore(
    local?.uploads.subscribe ?? noSubscribe,
    local?.uploads.progress ?? (() => NO_PROGRESS),
    local?.uploads.progress ?? (() => NO_PROGRESS),
  );
  const list = useLiveList<MedicalFileDoc>(
    "medical_files",
    patientId ? (open) => open.db.medical_files.find({ selector: { patientId } }).$ as never : null,
    patientId,
    newestFirst,
  );
  return { loading: list.loading, items: list.items.map((file) => withUpload(file, progress.get(file.id))) };
}

function withUpload<T extends { id: string }>(file: T, upload: UploadProgress | undefined): T & { upload?: UploadProgress } {
  return upload ? { ...file, upload } : file;
}

/** A name the shared schema accepts: no path separators or control characters, at most 255 characters. */
export function safeFileName(name: string): string {
  const cleaned = [...name].map((ch) => (ch === "/" || ch === "\\" || ch.charCodeAt(0) < 0x20 ? "_" : ch)).join("").trim();
  if (!cleaned) return "file";
  if (cleaned.length <= 255) return cleaned;
  const dot = cleaned.lastIndexOf(".");
  const extension = dot > 0 && cleaned.length - dot <= 10 ? cleaned.slice(dot) : "";
  let kept = cleaned.slice(0, 255 - extension.length);
  // Never half an emoji (a lone surrogate cannot be stored): the cut goes before the pair.
  if (/[\uD800-\uDBFF]$/.test(kept)) kept = kept.slice(0, -1);
  return kept + extension;
}

/**
 * Checks size and type from the content (02 §5: patients pdf, jpg, png; the
 * care team the note types), keeps the encrypted bytes on the device, writes
 * the metadata document and queues the upload. Rejects with a message for the user.
 */
export function useAttachFile(): (input: { patientId: string; file: File; folder: MedicalFolder }) => Promise<string> {
  const engine = useSyncEngine();
  return useCallback(async ({ patientId, file, folder }) => {
    const local = requireLocal(engine);
    const isPatient = engine?.user()?.role === "patient";
    if (isPatient && folder !== "PatientUploaded") throw new Error("Your files go to the PatientUploaded folder.");
    const head = new Uint8Array(await file.slice(0, 4096).arrayBuffer());
    const check = checkFile(head, file.size, isPatient ? "patientUpload" : "note", MEDICAL_FILE_MAX_BYTES, file.name);
    if (!check.ok) throw new Error(check.message);
    const doc = parseOrThrow(medicalFileSchema, {
      id: crypto.randomUUID(),
      patientId,
      folder,
      name: safeFileName(file.name),
      size: file.size,
      contentType: check.contentType,
      kind: check.kind,
      uploadedBy: local.userId,
      status: "pending",
      rejectReason: null,
      updatedAt: 0,
      _deleted: false,
    });
    await local.blobs.putFile(doc.id, new Uint8Array(await file.arrayBuffer()));
    void local.markPending("medical_files", [doc.id]);
    await local.db.medical_files.insert(withoutDeleted(doc));
    await local.uploads.enqueue(doc.id, doc.size);
    return doc.id;
  }, [engine]);
}

export type MedicalFileEdit = { id: string; folder?: MedicalFolder; name?: string; delete?: boolean };

/**
 * Moves (`folder`, the spec's toId), renames (`name`; an empty name keeps the
 * current one, 02 §5) or deletes (a tombstone) a file on this device; the
 * change is pushed when online, like every synced write. The server judges:
 * a patient edits only files they uploaded and keeps them in PatientUploaded.
 */
export function useEditMedicalFile(): (edit: MedicalFileEdit) => Promise<void> {
  const engine = useSyncEngine();
  return useCallback(async ({ id, folder, name, delete: remove }) => {
    const local = requireLocal(engine);
    const doc = await local.db.medical_files.findOne(id).exec();
    if (!doc) throw new Error("This file no longer exists.");
    const current = doc.toJSON() as MedicalFileDoc;
    const isPatient = engine?.user()?.role === "patient";
    if (isPatient && current.uploadedBy !== local.userId) throw new Error("You can change only the files you uploaded.");
    if (isPatient && folder && folder !== "PatientUploaded") throw new Error("Your files stay in the PatientUploaded folder.");
    if (remove) {
      void local.markPending("medical_files", [id]);
      await doc.incrementalRemove();
      return;
    }
    const patch: Partial<MedicalFileDoc> = {};
    if (folder && folder !== current.folder) patch.folder = folder;
    const trimmed = name?.trim() ?? "";
    if (trimmed && trimmed !== current.name) patch.name = trimmed;
    if (Object.keys(patch).length === 0) return;
    parseOrThrow(medicalFileSchema, { ...current, ...patch, _deleted: false });
    void local.markPending("medical_files", [id]);
    await doc.incrementalPatch(patch);
  }, [engine]);
}
