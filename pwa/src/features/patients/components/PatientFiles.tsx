import { useState } from "react";
import { readOnlyReason, useAttachFile, useEditMedicalFile, useMedicalFiles, useSyncStatus } from "../../sync/index.ts";
import { FileViewer } from "./DraftsAndFiles.tsx";
import { type FileItem, FilesPanel } from "./FilesPanel.tsx";

const PATIENT_FOLDERS = ["PatientUploaded"] as const;

/**
 * The patient's own files in their folders (02 §2), kept on this device so they
 * work offline. The patient adds into PatientUploaded and moves, renames or
 * deletes only files they uploaded; what the care team shares (for example a
 * fax filed into Outside medical records) is there to open.
 */
export function PatientFiles({ patientId }: { patientId: string }) {
  const status = useSyncStatus();
  const files = useMedicalFiles(patientId);
  const attach = useAttachFile();
  const edit = useEditMedicalFile();
  const [viewing, setViewing] = useState<FileItem | null>(null);
  return (
    <>
      <FilesPanel
        purpose="patientUpload"
        files={files.items}
        loading={files.loading}
        online={status.online}
        folders={PATIENT_FOLDERS}
        onAttach={({ file }) => attach({ patientId, file, folder: "PatientUploaded" })}
        onOpen={setViewing}
        onEdit={edit}
        canEdit={(file) => file.uploadedBy === patientId}
        readOnlyReason={readOnlyReason(status)}
      />
      <FileViewer file={viewing} onClose={() => setViewing(null)} />
    </>
  );
}
