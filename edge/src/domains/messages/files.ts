/**
 * Chat attachments (at most 10 per message, 60 MB each, the type read from the
 * content: sync/files.ts purpose `chat`). Two ways in, one state machine:
 * - a multipart `POST /messages/{chatId}`: each file is checked and stored as
 *   the sender's `temp` upload just before the message takes it;
 * - the socket (`upload:attachment`): `start` makes an `uploading` row, chunks
 *   arrive in order, the last one triggers the checks → `temp` (or the upload
 *   is dropped with the reason); `cancel` drops it.
 * A message then takes temp uploads (`attached`, with its chat and id: the
 * chat's members may download them). Bytes live in `chat_file_chunks` per
 * content, so a file kept for another message (noClearTemp) shares them.
 */
import type { Actor } from "../../access/actor.ts";
import type { Queryable, Sql } from "../../db/connect.ts";
import { AppError, badRequest, conflict, notFound } from "../../http/errors.ts";
import type { Clock } from "../../platform/clock.ts";
import { CHAT_FILE_MAX_BYTES, MAX_FILES_AT_ONCE } from "../../../../sync/constants.ts";
import { checkFile } from "../../../../sync/files.ts";
import { type ChatFileView, UPLOAD_CHUNK_BYTES_MAX } from "../../../../sync/schemas/chat.ts";

const CHUNK_BYTES = UPLOAD_CHUNK_BYTES_MAX;
/** Unsent uploads are dropped after a day. */
const TEMP_TTL_MS = 24 * 3_600_000;

export type ChatFileRow = {
  id: string;
  uploader_id: string;
  content_id: string;
  status: "uploading" | "temp" | "attached";
  chat_id: string | null;
  message_id: string | null;
  name: string;
  size: number;
  received: number;
  content_type: string | null;
  kind: string | null;
};

export const fileUrl = (id: string) => `/api/v1/messages/files/${id}`;

export function toFileView(r: Pick<ChatFileRow, "id" | "name" | "size" | "content_type">): ChatFileView {
  return { id: r.id, name: r.name, size: Number(r.size), contentType: r.content_type ?? "application/octet-stream", url: fileUrl(r.id) };
}

const unsupported = (message: string, field = "files") =>
  badRequest(message, { reason: "UNSUPPORTED_FILE", fields: { [field]: message } });

export function createChatFiles(deps: { sql: Sql; clock: Clock }) {
  const { sql, clock } = deps;

  async function dropContentIfUnused(q: Queryable, contentId: string) {
    await q`delete from chat_file_chunks where content_id = ${contentId}
      and not exists (select 1 from chat_files where content_id = ${contentId})`;
  }

  async function remove(q: Queryable, row: Pick<ChatFileRow, "id" | "content_id">) {
    await q`delete from chat_files where id = ${row.id}`;
    await dropContentIfUnused(q, row.content_id);
  }

  /** Drops unsent uploads older than a day (a few at a time, whenever someone uploads). */
  async function sweep() {
    const old = await sql<{ id: string; content_id: string }[]>`select id, content_id from chat_files
      where status in ('uploading', 'temp') and updated_at < ${new Date(clock.now().getTime() - TEMP_TTL_MS)} limit 20`;
    for (const row of old) await remove(sql, row);
  }

  async function ownUpload(actor: Actor, id: string): Promise<ChatFileRow> {
    const [row] = await sql<ChatFileRow[]>`select * from chat_files where id = ${id} and uploader_id = ${actor.userId}
      and status <> 'attached'`;
    if (!row) throw notFound("Upload not found");
    return row;
  }

  return {
    /** A multipart file: checked from its first bytes and size, then stored as the actor's temp upload. */
    async storeTemp(actor: Actor, file: File): Promise<ChatFileRow> {
      if (file.size > CHAT_FILE_MAX_BYTES) throw unsupported(`The file is too large (at most ${CHAT_FILE_MAX_BYTES / 1024 / 1024} MB)`);
      const head = new Uint8Array(await file.slice(0, 4096).arrayBuffer());
      const check = checkFile(head, file.size, "chat", CHAT_FILE_MAX_BYTES, file.name);
      if (!check.ok) throw unsupported(check.message);
      const id = crypto.randomUUID();
      const contentId = crypto.randomUUID();
      const name = (file.name || "file").slice(0, 255);
      await sql`insert into chat_files (id, uploader_id, content_id, status, name, size, received, content_type, kind)
        values (${id}, ${actor.userId}, ${contentId}, 'uploading', ${name}, ${file.size}, 0, ${check.contentType}, ${check.kind})`;
      for (let offset = 0; offset < file.size; offset += CHUNK_BYTES) {
        const data = new Uint8Array(await file.slice(offset, offset + CHUNK_BYTES).arrayBuffer());
        await sql`insert into chat_file_chunks (content_id, "offset", data) values (${contentId}, ${offset}, ${data})`;
      }
      const [row] = await sql<ChatFileRow[]>`update chat_files set status = 'temp', received = size, updated_at = now()
        where id = ${id} returning *`;
      return row;
    },

    /** Socket upload, step 1: a name and a size; answers the upload id (also the file id once sent). */
    async start(actor: Actor, input: { name: string; size: number }): Promise<{ uploadId: string }> {
      await sweep();
      const [{ busy }] = await sql<{ busy: number }[]>`select count(*)::int as busy from chat_files
        where uploader_id = ${actor.userId} and status = 'uploading'`;
      if (busy >= MAX_FILES_AT_ONCE) {
        throw new AppError(429, `At most ${MAX_FILES_AT_ONCE} files upload at once. Please wait.`, { reason: "TOO_MANY_UPLOADS" });
      }
      const id = crypto.randomUUID();
      await sql`insert into chat_files (id, uploader_id, content_id, status, name, size, received)
        values (${id}, ${actor.userId}, ${crypto.randomUUID()}, 'uploading', ${input.name}, ${input.size}, 0)`;
      return { uploadId: id };
    },

    /**
     * Socket upload, step 2: the chunk at `offset` (in order; a chunk already
     * received is accepted again without change). The last one runs the checks.
     */
    async append(actor: Actor, uploadId: string, offset: number, data: Uint8Array) {
      if (data.byteLength === 0 || data.byteLength > CHUNK_BYTES) {
        throw badRequest(`A chunk has 1 to ${CHUNK_BYTES} bytes`, { reason: "UPLOAD_CHUNK_SIZE" });
      }
      return await sql.begin(async (tx) => {
        const [row] = await tx<ChatFileRow[]>`select * from chat_files where id = ${uploadId}
          and uploader_id = ${actor.userId} and status <> 'attached' for update`;
        if (!row) throw notFound("Upload not found");
        const size = Number(row.size);
        const received = Number(row.received);
        if (row.status === "temp" || offset + data.byteLength <= received) return { row, done: row.status === "temp" };
        if (offset !== received) {
          throw new AppError(409, "Resume the upload from the offset the server has", { reason: "UPLOAD_OFFSET_MISMATCH", offset: received });
        }
        if (offset + data.byteLength > size) throw badRequest("The chunk goes past the file's size", { reason: "UPLOAD_RANGE_MISMATCH" });
        await tx`insert into chat_file_chunks (content_id, "offset", data) values (${row.content_id}, ${offset}, ${data})`;
        const now = offset + data.byteLength;
        if (now < size) {
          const [updated] = await tx<ChatFileRow[]>`update chat_files set received = ${now}, updated_at = now()
            where id = ${uploadId} returning *`;
          return { row: updated, done: false };
        }
        const [first] = await tx<{ data: Uint8Array }[]>`select data from chat_file_chunks
          where content_id = ${row.content_id} order by "offset" limit 1`;
        const check = checkFile(first.data.subarray(0, 4096), size, "chat", CHAT_FILE_MAX_BYTES, row.name);
        if (!check.ok) {
          await remove(tx, row);
          return { row, done: true, rejected: check.message };
        }
        const [updated] = await tx<ChatFileRow[]>`update chat_files set received = size, status = 'temp',
          content_type = ${check.contentType}, kind = ${check.kind}, updated_at = now() where id = ${uploadId} returning *`;
        return { row: updated, done: true };
      }) as { row: ChatFileRow; done: boolean; rejected?: string };
    },

    /** Drops an upload not yet sent (in progress or complete). */
    async cancel(actor: Actor, uploadId: string) {
      const row = await ownUpload(actor, uploadId);
      await sql.begin((tx) => remove(tx, row));
    },

    /** Every id is a complete, unsent upload of the actor. */
    async areOwnTemp(q: Queryable, actor: Actor, ids: readonly string[]): Promise<boolean> {
      if (ids.length === 0) return true;
      const unique = [...new Set(ids)];
      if (unique.length !== ids.length) return false;
      const [{ n }] = await q<{ n: number }[]>`select count(*)::int as n from chat_files
        where id = any(${unique}::uuid[]) and uploader_id = ${actor.userId} and status = 'temp'`;
      return n === unique.length;
    },

    /** New temp uploads with the same bytes (noClearTemp: the originals stay for another message). */
    async copies(q: Queryable, ids: readonly string[]): Promise<string[]> {
      const out: string[] = [];
      for (const id of ids) {
        const copy = crypto.randomUUID();
        await q`insert into chat_files (id, uploader_id, content_id, status, name, size, received, content_type, kind)
          select ${copy}, uploader_id, content_id, 'temp', name, size, received, content_type, kind
          from chat_files where id = ${id}`;
        out.push(copy);
      }
      return out;
    },

    /** A new message takes its files (checked by `areOwnTemp` in the same transaction). */
    async attach(q: Queryable, ids: readonly string[], chatId: string, messageId: string) {
      if (ids.length === 0) return;
      await q`update chat_files set status = 'attached', chat_id = ${chatId}, message_id = ${messageId}, updated_at = now()
        where id = any(${[...ids]}::uuid[]) and status = 'temp'`;
    },

    /** Files of these messages, for message views and exports. */
    async ofMessages(q: Queryable, messageIds: readonly string[]): Promise<Map<string, ChatFileView[]>> {
      const out = new Map<string, ChatFileView[]>();
      if (messageIds.length === 0) return out;
      const rows = await q<(ChatFileRow & { message_id: string })[]>`select id, message_id, name, size, content_type
        from chat_files where message_id = any(${[...messageIds]}::uuid[]) and status = 'attached' order by created_at, id`;
      for (const r of rows) {
        const list = out.get(r.message_id) ?? [];
        list.push(toFileView(r));
        out.set(r.message_id, list);
      }
      return out;
    },

    /**
     * The bytes, for members of the chat whose (not deleted) message holds the
     * file, or for the uploader of an unsent upload; anyone else: not found.
     */
    async download(actor: Actor, id: string) {
      const [row] = await sql<ChatFileRow[]>`select f.* from chat_files f
        left join chat_messages m on m.id = f.message_id
        where f.id = ${id} and (
          (f.status = 'attached' and not m.deleted
            and exists (select 1 from chat_members cm where cm.chat_id = f.chat_id and cm.user_id = ${actor.userId}))
          or (f.status = 'temp' and f.uploader_id = ${actor.userId}))`;
      if (!row) throw notFound("File not found");
      if (row.status !== "attached" && row.status !== "temp") throw conflict("The file's content is not available", "CONTENT_NOT_READY");
      const offsets = (await sql<{ offset: string }[]>`select "offset"::text from chat_file_chunks
        where content_id = ${row.content_id} order by "offset"`).map((r) => Number(r.offset));
      let next = 0;
      const body = new ReadableStream<Uint8Array>({
        async pull(controller) {
          if (next >= offsets.length) return controller.close();
          const [chunk] = await sql<{ data: Uint8Array }[]>`select data from chat_file_chunks
            where content_id = ${row.content_id} and "offset" = ${offsets[next++]}`;
          controller.enqueue(chunk.data);
        },
      });
      return { file: toFileView(row), body };
    },
  };
}
export type ChatFiles = ReturnType<typeof createChatFiles>;
