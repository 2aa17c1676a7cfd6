/** An order's files (results, imaging documents) opened through the API client, and the picker that uploads them. */
import { useRef } from "react";
import type { OrderFile } from "../../../../../sync/schemas/orders.ts";
import { errorMessage } from "../../../lib/api/index.ts";
import { Button, useSnackbar } from "../../../ui/index.ts";
import { formatBytes } from "../lib/format.ts";
import { saveBlob } from "../../../lib/save-blob.ts";

/** `download` fetches a file through the API client (`api.RAW("GET", …)`). */
export function FileList({ files, download, label, onDelete }: {
  files: OrderFile[]; download: (f: OrderFile) => Promise<Response>; label: string; onDelete?: (f: OrderFile) => void;
}) {
  const notify = useSnackbar();
  if (!files.length) return null;
  // Files need the bearer token: fetched through the API client, then opened as a blob.
  const open = async (f: OrderFile) => {
    try {
      const res = await download(f);
      saveBlob(await res.blob(), f.name);
    } catch (e) {
      notify(errorMessage(e), "error");
    }
  };
  return (
    <div>
      <span className="muted">{label}:</span>
      <ul className="orders-files">
        {files.map((f) => (
          <li key={f.id}>
            <Button variant="text" onClick={() => void open(f)}>{f.name}</Button> <span className="muted">({formatBytes(f.size)})</span>
            {onDelete && <Button variant="text" aria-label={`Remove ${f.name}`} onClick={() => onDelete(f)}>Remove</Button>}
          </li>
        ))}
      </ul>
    </div>
  );
}

export function FilePick({ label, onFiles, busy }: { label: string; onFiles: (files: File[]) => void; busy: boolean }) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <input ref={input} type="file" multiple hidden aria-label={label} onChange={(e) => {
        const files = [...(e.target.files ?? [])];
        e.target.value = "";
        if (files.length) onFiles(files);
      }} />
      <Button variant="secondary" loading={busy} onClick={() => input.current?.click()}>Upload results</Button>
    </>
  );
}
