/**
 * Chat attachments over the socket (01 §7 "file upload over the channel with a
 * cancel event"). The client sends, each with an acknowledgement callback:
 * - `upload:attachment` `{action: "start", name, size}` → `{uploadId}`;
 * - `upload:attachment` `{action: "chunk", uploadId, offset, data}` (binary,
 *   ≤ 512 KB, in order; a chunk already received is accepted again);
 * - `upload:attachment:cancel` `{uploadId}`.
 * Acknowledgements use the HTTP envelope (`{status: "success", result}` or
 * `{status: "error", message, code, details}`). The server also emits
 * `upload:attachment` to that socket: `progress` (0..1), `uploaded` (with the
 * file: its id goes into `POST /messages/{chatId}` as `fileIds`), `error`,
 * `cancelled`. The type is read from the content when the last chunk arrives.
 */
import type { Socket } from "socket.io";
import type { Actor } from "../access/actor.ts";
import { AppError } from "../http/errors.ts";
import { zodFieldErrors } from "../../../sync/field-errors.ts";
import { type ChatFiles, toFileView } from "../domains/messages/files.ts";
import { CHAT_EVENTS, uploadCancelSchema, uploadChunkSchema, uploadStartSchema, type UploadEvent } from "../../../sync/schemas/chat.ts";
import type { Logger } from "../platform/log.ts";

type Ack = (answer: unknown) => void;

export function handleChatUploads(socket: Socket, actor: Actor, files: ChatFiles, log: Logger) {
  const emit = (event: UploadEvent) => socket.emit(CHAT_EVENTS.uploadAttachment, event);

  /**
   * Runs a step and answers the acknowledgement with the envelope. An error
   * that ends the upload (its content refused) is also emitted as its `error`
   * state; one the client can recover from (an offset to resume from) is not.
   */
  const answer = async (ack: unknown, uploadId: string | null, step: () => Promise<unknown>) => {
    const reply = typeof ack === "function" ? ack as Ack : () => {};
    try {
      reply({ status: "success", result: await step() });
    } catch (e) {
      const known = e instanceof AppError;
      if (!known) log.error("socket upload failed", { error: e instanceof Error ? e.message.slice(0, 200) : String(e) });
      const code = known ? e.status : 500;
      const message = known ? e.message : "Unexpected error. Please try again later.";
      reply({ status: "error", code, message, details: known ? e.details : {} });
      if (uploadId && known && e.details.reason === "UNSUPPORTED_FILE") emit({ uploadId, state: "error", code, message });
    }
  };

  const validate = <T>(schema: { safeParse(v: unknown): { success: true; data: T } | { success: false; error: any } }, input: unknown): T => {
    const parsed = schema.safeParse(input);
    if (!parsed.success) {
      throw new AppError(400, "Please correct the highlighted fields", { reason: "VALIDATION_FAILED", fields: zodFieldErrors(parsed.error) });
    }
    return parsed.data;
  };

  socket.on(CHAT_EVENTS.uploadAttachment, (input: unknown, ack?: unknown) => {
    const action = (input as { action?: unknown } | null)?.action;
    if (action === "start") {
      return answer(ack, null, async () => {
        const { name, size } = validate(uploadStartSchema, input);
        const started = await files.start(actor, { name, size });
        emit({ uploadId: started.uploadId, state: "progress", progress: 0, received: 0, size });
        return started;
      });
    }
    const uploadId = typeof (input as { uploadId?: unknown } | null)?.uploadId === "string"
      ? (input as { uploadId: string }).uploadId
      : null;
    return answer(ack, uploadId, async () => {
      const chunk = validate(uploadChunkSchema, input);
      const { row, done, rejected } = await files.append(actor, chunk.uploadId, chunk.offset, chunk.data);
      if (rejected) throw new AppError(400, rejected, { reason: "UNSUPPORTED_FILE" });
      const size = Number(row.size);
      if (done) {
        const file = toFileView(row);
        emit({ uploadId: row.id, state: "uploaded", progress: 1, file });
        return { received: size, size, done: true, file };
      }
      const received = Number(row.received);
      emit({ uploadId: row.id, state: "progress", progress: received / size, received, size });
      return { received, size, done: false };
    });
  });

  socket.on(CHAT_EVENTS.uploadCancel, (input: unknown, ack?: unknown) =>
    answer(ack, null, async () => {
      const { uploadId } = validate(uploadCancelSchema, input);
      await files.cancel(actor, uploadId);
      emit({ uploadId, state: "cancelled" });
      return { uploadId, cancelled: true };
    }));
}
