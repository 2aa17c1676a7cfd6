import { useEffect, useState } from "react";
import { useLocalData } from "./sync-context.ts";

/**
 * An object URL for a file's bytes: from the device when they are here (this
 * device added the file, or downloaded it before), else downloaded once the
 * server has them and kept, encrypted, for next time. Null while loading.
 */
export function useFileUrl(fileId: string | null): string | null {
  const local = useLocalData();
  const [status, setStatus] = useState<string | null>(null);
  const [url, setUrl] = useState<{ fileId: string; url: string } | null>(null);

  // The server can send the bytes only once the upload is complete: follow the file's status.
  useEffect(() => {
    if (!local || !fileId) return;
    const subscription = local.db.medical_files.findOne(fileId).$.subscribe((doc) => setStatus(doc?.status ?? null));
    return () => subscription.unsubscribe();
  }, [local, fileId]);

  useEffect(() => {
    if (!local || !fileId) return;
    let cancelled = false;
    let created: string | null = null;
    (async () => {
      const doc = await local.db.medical_files.findOne(fileId).exec();
      let bytes = await local.blobs.readFile(fileId);
      let type = doc?.contentType ?? "application/octet-stream";
      if (!bytes) {
        if (status !== "uploaded") return;
        const downloaded = await local.transport.download(fileId);
        bytes = downloaded.bytes;
        type = doc?.contentType ?? downloaded.contentType;
        await local.blobs.putFile(fileId, bytes);
      }
      if (cancelled) return;
      created = URL.createObjectURL(new Blob([bytes], { type }));
      setUrl({ fileId, url: created });
    })().catch((error) => console.warn("The file could not be opened", error));
    return () => {
      cancelled = true;
      if (created) URL.revokeObjectURL(created);
    };
  }, [local, fileId, status]);

  return url && url.fileId === fileId ? url.url : null;
}
