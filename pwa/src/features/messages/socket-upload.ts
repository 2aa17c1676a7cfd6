/**
 * Chat attachments over the live channel (edge/docs/chat.md → Files):
 * `upload:attachment` start → chunks of 512 KB in order → the uploaded file;
 * `upload:attachment:cancel` drops it. Each emit waits for its acknowledgement
 * (the HTTP envelope). The type is checked here from the content first
 * (`checkFile`, purpose `chat`), as the server does again.
 */
import { checkFile } from "../../../../sync/files.ts";

export const ATTACHMENT_MAX_BYTES = 60 * 1024 * 1024;
export const ATTACHMENTS_PER_MESSAGE = 10;
export const CHUNK_BYTES = 512 * 1024;

export type Emit = (name: string, ...args: unknown[]) => boolean;
export type UploadedFile = { id: string; name: string; size: number; contentType: string; url: string };

type ChunkAnswer = { received: number; size: number; done: boolean; file?: UploadedFile };
type Envelope = { status: "success"; result: unknown } | { status: "error"; message?: string; code?: number; details?: { offset?: number } };

export class UploadError extends Error {}

/** Sends one event and waits for its acknowledgement; rejects with the server's message. */
function call<T>(emit: Emit, name: string, payload: unknown, timeoutMs = 30_000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new UploadError("The upload timed out. Please try again.")), timeoutMs);
    const sent = emit(name, payload, (answer: Envelope) => {
      clearTimeout(timer);
      if (answer?.status === "success") resolve(answer.result as T);
      else reject(Object.assign(new UploadError(answer?.message || "The upload failed."), { details: answer?.details }));
    });
    if (!sent) {
      clearTimeout(timer);
      reject(new UploadError("No connection: attachments are sent while online."));
    }
  });
}

/** Checks a file for a chat message; a message for the user, or null when it may be sent. */
export async function checkAttachment(file: Blob): Promise<string | null> {
  const head = new Uint8Array(await file.slice(0, 64).arrayBuffer());
  const check = checkFile(head, file.size, "chat", ATTACHMENT_MAX_BYTES, file instanceof File ? file.name : undefined);
  return check.ok ? null : check.message;
}

/**
 * Uploads one file; `onProgress` gets 0..1. Aborting `signal` cancels it on the
 * server and rejects with an `AbortError`. Resolves with the file whose id goes in `fileIds`.
 */
export async function uploadAttachment(
  emit: Emit,
  file: File,
  { onProgress, signal }: { onProgress?: (progress: number) => void; signal?: AbortSignal } = {},
): Promise<UploadedFile> {
  const aborted = () => new DOMException("The upload was cancelled.", "AbortError");
  if (signal?.aborted) throw aborted();
  const { uploadId } = await call<{ uploadId: string }>(emit, "upload:attachment", { action: "start", name: file.name, size: file.size });
  const cancel = () => void call(emit, "upload:attachment:cancel", { uploadId }).catch(() => {});
  try {
    let offset = 0;
    while (offset < file.size) {
      if (signal?.aborted) throw aborted();
      const data = new Uint8Array(await file.slice(offset, offset + CHUNK_BYTES).arrayBuffer());
      const answer: ChunkAnswer = await call<ChunkAnswer>(
        emit,
        "upload:attachment",
        { action: "chunk", uploadId, offset, data },
      ).catch((error: UploadError & { details?: { offset?: number } }) => {
        // The server has another offset (a chunk lost on reconnection): resume from it.
        if (typeof error.details?.offset === "number") return { received: error.details.offset, size: file.size, done: false };
        throw error;
      });
      offset = answer.received;
      onProgress?.(file.size ? answer.received / file.size : 1);
      if (answer.done) {
        if (!answer.file) throw new UploadError("The upload failed.");
        return answer.file;
      }
    }
    throw new UploadError("The upload ended early.");
  } catch (error) {
    cancel();
    throw error;
  }
}
