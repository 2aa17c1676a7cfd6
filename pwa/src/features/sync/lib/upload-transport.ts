/** The resumable upload API (sync/README.md "Medical-file bytes") through the one API client (token, 401 refresh). */
import type { UploadStatus } from "../../../../../sync/protocol.ts";
import { uploadStatusSchema } from "../../../../../sync/schemas/sync-answers.ts";
import type { ApiClient } from "../../../lib/api/client.ts";
import { syncVersion } from "./sync-api.ts";

export type UploadTransport = {
  status(fileId: string): Promise<UploadStatus>;
  /** Sends `chunk` as bytes `start`..`start + chunk.length - 1` of `total`. */
  put(fileId: string, chunk: Uint8Array, start: number, total: number): Promise<UploadStatus>;
  download(fileId: string): Promise<{ bytes: Uint8Array<ArrayBuffer>; contentType: string }>;
};

export function createUploadTransport(api: ApiClient): UploadTransport {
  return {
    async status(fileId) {
      return uploadStatusSchema.parse(
        await api.GET("/sync/{version}/medical_files/{id}/content/status", { path: { version: syncVersion, id: fileId } }),
      );
    },
    async put(fileId, chunk, start, total) {
      const answer = await api.PUT("/sync/{version}/medical_files/{id}/content", {
        path: { version: syncVersion, id: fileId },
        rawBody: chunk as Uint8Array<ArrayBuffer>,
        headers: {
          "Content-Type": "application/octet-stream",
          "Content-Range": `bytes ${start}-${start + chunk.length - 1}/${total}`,
        },
      });
      return uploadStatusSchema.parse(answer);
    },
    async download(fileId) {
      const response = await api.RAW("GET", "/sync/{version}/medical_files/{id}/content", { path: { version: syncVersion, id: fileId } });
      const bytes = new Uint8Array(await response.arrayBuffer());
      return { bytes, contentType: response.headers.get("content-type") ?? "application/octet-stream" };
    },
  };
}
