import type { MedicalFileDoc } from "../../../../../sync/collections/index.ts";
import { Dialog, Spinner } from "../../../ui/index.ts";

export type FileViewerDialogProps = {
  file: Pick<MedicalFileDoc, "name" | "contentType" | "kind"> | null;
  /** The bytes as an object URL, or null while they are read or downloaded. */
  url: string | null;
  onClose: () => void;
};

const IMAGE_KINDS = new Set(["png", "jpg", "gif"]);

/** Shows an image in place; any file can be opened in a new tab or downloaded. */
export function FileViewerDialog({ file, url, onClose }: FileViewerDialogProps) {
  const isImage = Boolean(file && (IMAGE_KINDS.has(file.kind ?? "") || file.contentType.startsWith("image/")));
  return (
    <Dialog open={file !== null} title={file?.name ?? "File"} onClose={onClose} wide={isImage}>
      {file && !url && <Spinner size={40} label="Preparing the file" />}
      {file && url && (
        <div className="stack">
          {isImage && <img className="file-viewer__image" src={url} alt={file.name} />}
          <div className="row">
            <a className="ui-button ui-button--primary" href={url} download={file.name}>Download</a>
            <a className="ui-button ui-button--secondary" href={url} target="_blank" rel="noopener">Open in a new tab</a>
          </div>
        </div>
      )}
    </Dialog>
  );
}
