import { useState } from "react";
import { readOnlyReason, useAttachFile, useDeleteNoteDraft, useEditMedicalFile, useFileUrl, useMedicalFiles, useNoteDrafts, useSaveNoteDraft, useSyncStatus } from "../../sync/index.ts";
import { type FileItem, FilesPanel } from "./FilesPanel.tsx";
import { FileViewerDialog } from "./FileViewerDialog.tsx";
import { NoteDraftsPanel } from "./NoteDraftsPanel.tsx";

/**
 * The patient's note drafts and files, kept on this device so they work
 * offline (the chart's "Drafts & files" section).
 */
export function DraftsAndFiles({ patientId }: { patientId: string }) {
  const status = useSyncStatus();
  const reason = readOnlyReason(status);
  const drafts = useNoteDrafts(patientId);
  const saveDraft = useSaveNoteDraft();
  const deleteDraft = useDeleteNoteDraft();
  const files = useMedicalFiles(patientId);
  const attach = useAttachFile();
  const edit = useEditMedicalFile();
  const [viewing, setViewing] = useState<FileItem | null>(null);

  return (
    <>
      <div className="workspace">
        <NoteDraftsPanel
          patientId={patientId}
          drafts={drafts.items}
          loading={drafts.loading}
          onSave={saveDraft}
          onDelete={deleteDraft}
          readOnlyReason={reason}
        />
        <FilesPanel
          files={files.items}
          loading={files.loading}
          online={status.online}
          onAttach={({ file, folder }) => attach({ patientId, file, folder })}
          onOpen={setViewing}
          onEdit={edit}
          readOnlyReason={reason}
        />
      </div>
      <FileViewer file={viewing} onClose={() => setViewing(null)} />
    </>
  );
}

export function FileViewer({ file, onClose }: { file: FileItem | null; onClose: () => void }) {
  const url = useFileUrl(file?.id ?? null);
  return <FileViewerDialog file={file} url={url} onClose={onClose} />;
}
