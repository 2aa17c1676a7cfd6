import { useState } from "react";
import { MEDICAL_FOLDERS, type MedicalFileDoc, type MedicalFolder } from "../../../../../sync/collections/index.ts";
import type { Local, UploadProgress } from "../../sync/index.ts";
import { Button, EmptyState, PendingMark, pendingLabel, Spinner } from "../../../ui/index.ts";
import { FOLDER_LABELS, formatSize, groupByFolder } from "../patient-display.ts";
import { type AttachFileInput, AttachFileDialog } from "./AttachFileDialog.tsx";
import { type FileAction, FileActionDialog, type FileEdit } from "./FileDialogs.tsx";

export type FileItem = Local<MedicalFileDoc> & { upload?: UploadProgress };

export type FilesPanelProps = {
  files: readonly FileItem[];
  loading: boolean;
  /** Whether the browser has a network: says what a waiting upload waits for. */
  online: boolean;
  onAttach: (input: AttachFileInput) => Promise<unknown>;
  onOpen: (file: FileItem) => void;
  readOnlyReason?: string | null;
  /** What may be attached: the patient's own uploads take fewer kinds than the care team's (sync/files.ts). */
  purpose?: "patientUpload" | "note";
  /** Folders the viewer may add to (and move into). */
  folders?: readonly MedicalFolder[];
  /** Move, rename, delete (02 §2 folder dialogs); without it the files are read-only. */
  onEdit?: (edit: FileEdit) => Promise<unknown>;
  /** Whether the viewer may change this file (a patient: only what they uploaded). */
  canEdit?: (file: FileItem) => boolean;
};

/** The patient's files by folder, with each one's upload state, and "Attach file". */
export function FilesPanel(
  { files, loading, online, onAttach, onOpen, readOnlyReason = null, folders, onEdit, canEdit = () => true, purpose = "note" }: FilesPanelProps,
) {
  const [attaching, setAttaching] = useState(false);
  const [shown, setShown] = useState<MedicalFolder | "all">("all");
  const [action, setAction] = useState<FileAction | null>(null);
  const live = files.filter((f) => !f._deleted);
  const groups = groupByFolder(live).filter((g) => shown === "all" || g.folder === shown);
  const countOf = (folder: MedicalFolder) => live.filter((f) => f.folder === folder).length;
  const editable = (file: FileItem) => Boolean(onEdit) && !readOnlyReason && canEdit(file);

  return (
    <section className="workspace-panel stack" aria-labelledby="files-title" aria-busy={loading}>
      <div className="row workspace-panel__bar">
        <h2 id="files-title">Files</h2>
        <Button variant="secondary" disabled={Boolean(readOnlyReason)} onClick={() => setAttaching(true)}>Attach file</Button>
      </div>
      {readOnlyReason && <p className="notice notice--warning" role="status">{readOnlyReason}</p>}
      {live.length > 0 && (
        <nav aria-label="Folders">
          <ul className="folder-tabs">
            <li>
              <Button variant="text" aria-pressed={shown === "all"} onClick={() => setShown("all")}>
                All files ({live.length})
              </Button>
            </li>
            {MEDICAL_FOLDERS.map((folder) => (
              <li key={folder}>
                <Button variant="text" aria-pressed={shown === folder} onClick={() => setShown(folder)}>
                  {FOLDER_LABELS[folder]} ({countOf(folder)})
                </Button>
              </li>
            ))}
          </ul>
        </nav>
      )}
      {loading && live.length === 0 && <Spinner size={32} label="Loading files" />}
      {!loading && live.length === 0 && (
        <EmptyState title="No files yet">Lab results, images and documents attached here are shared with the care team.</EmptyState>
      )}
      {!loading && live.length > 0 && groups.length === 0 && shown !== "all" && (
        <EmptyState title={`No files in ${FOLDER_LABELS[shown]}`}>Files moved or shared into this folder appear here.</EmptyState>
      )}
      {groups.map((group) => (
        <section key={group.folder} className="file-group" aria-labelledby={`folder-${group.folder}`}>
          <h3 id={`folder-${group.folder}`} className="file-group__title">{FOLDER_LABELS[group.folder]}</h3>
          <ul className="file-list">
            {group.files.map((file) => (
              <li key={file.id} className="file-list__item">
                <div className="file-list__main">
                  <span className="file-list__name">{file.name}</span>
                  <span className="muted file-list__size">{formatSize(file.size)}</span>
                </div>
                <FileStatus file={file} online={online} />
                <Button
                  variant="text"
                  disabled={!canOpen(file)}
                  aria-label={`Open ${file.name}`}
                  onClick={() => onOpen(file)}
                >
                  Open
                </Button>
                {editable(file) && (
                  <span className="row file-list__actions">
                    <Button variant="text" aria-label={`Move ${file.name}`} onClick={() => setAction({ kind: "move", file })}>Move</Button>
                    <Button variant="text" aria-label={`Rename ${file.name}`} onClick={() => setAction({ kind: "rename", file })}>
                      Rename
                    </Button>
                    <Button variant="text" aria-label={`Delete ${file.name}`} onClick={() => setAction({ kind: "delete", file })}>
                      Delete
                    </Button>
                  </span>
                )}
              </li>
            ))}
          </ul>
        </section>
      ))}
      <AttachFileDialog
        open={attaching}
        onClose={() => setAttaching(false)}
        onAttach={onAttach}
        folders={folders}
        defaultFolder={folders?.[0] ?? "Labs"}
        purpose={purpose}
      />
      {onEdit && <FileActionDialog action={action} folders={folders} onEdit={onEdit} onClose={() => setAction(null)} />}
    </section>
  );
}

/** Bytes exist somewhere to open: on the server, or on this device while it uploads them. */
export const canOpen = (file: FileItem) =>
  file.status === "uploaded" || (file.status === "pending" && (file.pending || file.upload !== undefined));

/** Where a file is on its way: on this device, uploading, uploaded or rejected (with the reason). */
export function FileStatus({ file, online }: { file: FileItem; online: boolean }) {
  const { upload } = file;
  if (file.status === "rejected") {
    return (
      <span className="file-status file-status--rejected">
        Rejected{file.rejectReason ? `: ${file.rejectReason}` : ""}
      </span>
    );
  }
  if (file.status === "uploaded") return <span className="file-status file-status--uploaded">Uploaded</span>;
  if (upload?.state === "error") {
    return <span className="file-status file-status--rejected">Upload failed{upload.error ? `: ${upload.error}` : ""}</span>;
  }
  const sent = upload ? Math.round(upload.progress * 100) : 0;
  if ((upload || file.pending) && !online) {
    return (
      <span className="file-status">
        <PendingMark>{pendingLabel(false)}{sent > 0 ? ` (${sent}% sent)` : ""}</PendingMark>
      </span>
    );
  }
  if (upload?.state === "uploading") {
    return (
      <span className="file-status">
        <progress className="file-status__progress" max={100} value={sent} aria-label={`Uploading ${file.name}`} />
        <span>Uploading {sent}%</span>
      </span>
    );
  }
  if (upload?.state === "done") return <span className="file-status">Checking the file…</span>;
  if (upload || file.pending) return <span className="file-status"><PendingMark>Waiting to upload</PendingMark></span>;
  return <span className="file-status muted">Being uploaded from another device</span>;
}
