/**
 * Resumable uploads of medical-file bytes. The metadata document is synced
 * first (status `pending`, its declared `size`); then its uploader sends the
 * bytes in order with `PUT .../content` and `Content-Range: bytes start-end/total`.
 * `GET .../content/status` tells where to resume. The chunk that completes the
 * file triggers the checks (size, type from the content) and the status change,
 * which gets a new seq so every device of every reader sees it.
 */
import type { Actor } from "../../access/actor.ts";
import type { Queryable, Sql } from "../../db/connect.ts";
import { AppError, badRequest, conflict, forbidden, notFound } from "../../http/errors.ts";
import type { Clock } from "../../platform/clock.ts";
import { checkFile, damagedFileMessage, sniffFileKind } from "../../../../sync/files.ts";
import { isReadablePdf } from "../../platform/pdf.ts";
import { MEDICAL_FILE_MAX_BYTES, type MedicalFileDoc } from "../../../../sync/collections/index.ts";
import { CONCURRENT_UPLOADS_MAX, UPLOAD_STALE_MS, type UploadStatus } from "../../../../sync/protocol.ts";
import type { SyncRepo } from "./repo.ts";
import { createUploadsRepo } from "./uploads-repo.ts";
import type { SyncWriter } from "./writer.ts";

export type ContentRange = { start: number; end: number; total: number };

export function createUploadService(deps: { sql: Sql; clock: Clock; repo: SyncRepo; write: SyncWriter }) {
  const { sql, clock, repo, write } = deps;
  const chunks = createUploadsRepo(sql);

  /** The file as the actor may see it; anything else is not found. */
  async function readableFile(actor: Actor, id: string): Promise<MedicalFileDoc> {
    const found = await repo.master(sql, actor, "medical_files", id);
    if (!found?.readable || found.doc._deleted) throw notFound("File not found");
    return found.doc as MedicalFileDoc;
  }

  const statusOf = (file: MedicalFileDoc, offset: number): UploadStatus => ({
    offset: file.status === "pending" ? offset : file.size,
    size: file.size,
    status: file.status,
  });

  /**
   * A PDF that starts like one but cannot be read (issue 32): found when its last chunk arrives, from the chunks
   * already stored and this one, before the completing transaction (which then rejects it with the reason).
   */
  async function isDamagedPdf(id: string, start: number, last: Uint8Array): Promise<boolean> {
    const offsets = start === 0 ? [] : await chunks.chunkOffsets(id);
    const parts = [...await Promise.all(offsets.filter((o) => o < start).map((o) => chunks.chunk(id, o))), last];
    if (sniffFileKind(parts[0].subarray(0, 4096)) !== "pdf") return false;
    const bytes = new Uint8Array(parts.reduce((n, p) => n + p.byteLength, 0));
    let at = 0;
    for (const p of parts) {
      bytes.set(p, at);
      at += p.byteLength;
    }
    return !(await isReadablePdf(bytes));
  }

  async function status(actor: Actor, id: string): Promise<UploadStatus> {
    const file = await readableFile(actor, id);
    return statusOf(file, await chunks.received(sql, id));
  }

  return {
    status,

    async append(actor: Actor, id: string, range: ContentRange, data: Uint8Array): Promise<UploadStatus> {
      const file = await readableFile(actor, id);
      if (file.uploadedBy !== actor.userId) throw forbidden("Only the person who added the file sends its content", "NOT_UPLOADER");
      if (range.total !== file.size) {
        throw badRequest("The upload's total size differs from the file's size", { reason: "UPLOAD_SIZE_MISMATCH" });
      }
      if (data.byteLength !== range.end - range.start + 1) {
        throw badRequest("The chunk's length differs from its Content-Range", { reason: "UPLOAD_RANGE_MISMATCH" });
      }
      const completes = range.end + 1 === range.total;
      const now = clock.now();

      const appendChunk = async (q: Queryable) => {
        const locked = await chunks.lockFile(q, id);
        if (!locked || locked.status !== "pending") return false;
        const received = await chunks.received(q, id);
        if (range.start !== received) {
          if (range.end < received) return false; // a chunk we already have: a retry after a lost answer
          throw new AppError(409, "Resume the upload from the offset the server has", { reason: "UPLOAD_OFFSET_MISMATCH", offset: received });
        }
        if (received === 0) {
          const busy = await chunks.inProgress(q, actor.userId, new Date(now.getTime() - UPLOAD_STALE_MS), id);
          if (busy >= CONCURRENT_UPLOADS_MAX) {
            throw new AppError(429, `At most ${CONCURRENT_UPLOADS_MAX} files upload at once. Please wait.`, {
              reason: "TOO_MANY_UPLOADS",
              retryAfterSeconds: 30,
            });
          }
        }
        await chunks.append(q, { fileId: id, offset: range.start, data, at: now });
        return true;
      };

      if (!completes) {
        await sql.begin((tx) => appendChunk(tx));
      } else {
        const damaged = await isDamagedPdf(id, range.start, data);
        // The last chunk takes the sync lock before the row lock, in the same order as a push.
        await write(["medical_files"], async (w) => {
          if (!(await appendChunk(w.tx))) return;
          const purpose = actor.role === "patient" ? "patientUpload" : "note";
          const sniffed = checkFile(await chunks.head(w.tx, id), range.total, purpose, MEDICAL_FILE_MAX_BYTES, file.name);
          const check = sniffed.ok && sniffed.kind === "pdf" && damaged ? { ok: false as const, message: damagedFileMessage("pdf") } : sniffed;
          if (check.ok) {
            const fields = { status: "uploaded", kind: check.kind, contentType: check.contentType, rejectReason: null };
            await w.update("medical_files", id, fields, Object.keys(fields));
          } else {
            await chunks.removeChunks(w.tx, id);
            const fields = { status: "rejected", rejectReason: check.message };
            await w.update("medical_files", id, fields, Object.keys(fields));
          }
        });
      }
      return await status(actor, id);
    },

    /** The bytes, streamed chunk by chunk, for anyone who may read the file once it is uploaded. */
    async download(actor: Actor, id: string) {
      const file = await readableFile(actor, id);
      if (file.status !== "uploaded") throw conflict("The file's content is not available", "CONTENT_NOT_READY");
      const offsets = await chunks.chunkOffsets(id);
      let next = 0;
      const body = new ReadableStream<Uint8Array>({
        async pull(controller) {
          if (next >= offsets.length) return controller.close();
          controller.enqueue(await chunks.chunk(id, offsets[next++]));
        },
      });
      return { file, body };
    },
  };
}
export type UploadService = ReturnType<typeof createUploadService>;
