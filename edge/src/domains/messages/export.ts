/**
 * `POST /messages/chat/export/{chatId}`: a PDF of the conversation, every
 * message with its author, time and attachments listed by name, size and type.
 * The call answers at once (202, the export id); the work runs in this process
 * and reports to the requester's sockets: `chat:export:started`, `…:progress`
 * (0..1, per page of messages), `…:success` with `downloadUrl` (an
 * authenticated GET: bearer header or `?token=`), or `…:error`. Only the
 * requester downloads it, while still a member, for an hour.
 */
import type { Actor } from "../../access/actor.ts";
import type { Deps } from "../../deps.ts";
import { notFound } from "../../http/errors.ts";
import { createPdf, type PdfLine } from "../../platform/pdf.ts";
import { CHAT_EVENTS, type ExportStarted } from "../../../../sync/schemas/chat.ts";
import type { ChatFiles } from "./files.ts";
import { createMessagesRepo } from "./repo.ts";

export const EXPORT_TTL_MS = 3_600_000;
const PAGE = 500;

const fmtSize = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : bytes >= 1024 ? `${Math.ceil(bytes / 1024)} KB` : `${bytes} B`;
const fmtTime = (d: Date) => `${d.toISOString().slice(0, 16).replace("T", " ")} UTC`;

export function createChatExports(deps: Pick<Deps, "sql" | "clock" | "events" | "blobs" | "log"> & { files: ChatFiles }) {
  const { sql, clock, events, blobs, files, log } = deps;
  const repo = createMessagesRepo(sql);
  const running = new Set<Promise<void>>();

  async function build(exportId: string, actor: Actor, chatId: string) {
    const emit = (event: string, extra: Record<string, unknown> = {}) =>
      events.toUsers([actor.userId], event, { exportId, chatId, ...extra });
    try {
      await emit(CHAT_EVENTS.exportStarted);
      const [chat] = await sql<{ kind: string; title: string }[]>`select kind, title from chats where id = ${chatId}`;
      const people = await sql<{ id: string; name: string; role: string }[]>`
        select u.id, u.first_name || ' ' || u.last_name as name, u.role from chat_members m join users u on u.id = m.user_id
        where m.chat_id = ${chatId} order by u.last_name, u.first_name`;
      const nameOf = new Map(people.map((p) => [p.id, p.name]));
      const [{ total }] = await sql<{ total: number }[]>`select count(*)::int as total from chat_messages
        where chat_id = ${chatId} and not deleted`;
      const lines: PdfLine[] = [
        { text: `Conversation export${chat?.title ? `: ${chat.title}` : ""}`, bold: true },
        { text: `Members: ${people.map((p) => `${p.name} (${p.role})`).join(", ")}` },
        { text: `Exported ${fmtTime(clock.now())} by ${nameOf.get(actor.userId) ?? "a member"}; ${total} messages` },
        { text: "" },
      ];
      const attachments: string[] = [];
      for (let offset = 0; offset < total || offset === 0; offset += PAGE) {
        const rows = await sql<{ id: string; author_id: string; text: string; created_at: Date }[]>`
          select id, author_id, text, created_at from chat_messages where chat_id = ${chatId} and not deleted
          order by created_at, id offset ${offset} limit ${PAGE}`;
        const fileMap = await files.ofMessages(sql, rows.map((r) => r.id));
        for (const r of rows) {
          lines.push({ text: `${fmtTime(r.created_at)}  ${nameOf.get(r.author_id) ?? "Former member"}`, bold: true });
          if (r.text.trim()) lines.push({ text: r.text });
          for (const f of fileMap.get(r.id) ?? []) {
            const entry = `${f.name} (${fmtSize(f.size)}, ${f.contentType})`;
            lines.push({ text: `  Attachment: ${entry}` });
            attachments.push(entry);
          }
          lines.push({ text: "" });
        }
        if (total > 0) await emit(CHAT_EVENTS.exportProgress, { progress: Math.min(1, (offset + rows.length) / total) });
        if (rows.length < PAGE) break;
      }
      lines.push({ text: `Attachments (${attachments.length})`, bold: true });
      for (const entry of attachments) lines.push({ text: `- ${entry}` });
      if (attachments.length === 0) lines.push({ text: "none" });

      const pdf = await createPdf(lines, { title: "Conversation export" });
      const blobId = await blobs.put({ ownerId: actor.userId, kind: "chatExport", contentType: "application/pdf", data: pdf });
      const expiresAt = new Date(clock.now().getTime() + EXPORT_TTL_MS);
      await sql`update chat_exports set status = 'ready', blob_id = ${blobId}, expires_at = ${expiresAt} where id = ${exportId}`;
      await emit(CHAT_EVENTS.exportSuccess, { downloadUrl: `/api/v1/messages/exports/${exportId}`, expiresAt: expiresAt.toISOString() });
    } catch (e) {
      log.error("chat export failed", { exportId, error: e instanceof Error ? e.message.slice(0, 200) : String(e) });
      await sql`update chat_exports set status = 'failed', error = 'failed' where id = ${exportId}`.catch(() => {});
      await emit(CHAT_EVENTS.exportError, { message: "The export failed. Please try again." }).catch(() => {});
    }
  }

  /** Expired exports and their PDFs go (a few at a time, whenever someone exports). */
  async function sweep() {
    const old = await sql<{ id: string; blob_id: string | null }[]>`delete from chat_exports
      where id in (select id from chat_exports where created_at < ${new Date(clock.now().getTime() - EXPORT_TTL_MS * 2)} limit 20)
      returning id, blob_id`;
    for (const row of old) if (row.blob_id) await blobs.remove(row.blob_id);
  }

  return {
    async start(actor: Actor, chatId: string): Promise<ExportStarted> {
      if (!(await repo.chatOf(sql, actor, chatId))) throw notFound("Chat not found");
      await sweep();
      const exportId = crypto.randomUUID();
      await sql`insert into chat_exports (id, chat_id, user_id, status) values (${exportId}, ${chatId}, ${actor.userId}, 'running')`;
      const job = build(exportId, actor, chatId);
      running.add(job);
      void job.finally(() => running.delete(job));
      return { exportId, chatId };
    },

    /** The PDF, for its requester while they are still a member and it has not expired. */
    async download(actor: Actor, exportId: string) {
      const [row] = await sql<{ blob_id: string | null; chat_id: string; created_at: Date }[]>`
        select e.blob_id, e.chat_id, e.created_at from chat_exports e
        where e.id = ${exportId} and e.user_id = ${actor.userId} and e.status = 'ready' and e.expires_at > ${clock.now()}
          and exists (select 1 from chat_members m where m.chat_id = e.chat_id and m.user_id = ${actor.userId})`;
      const blob = row?.blob_id ? await blobs.get(row.blob_id) : null;
      if (!row || !blob) throw notFound("Export not found");
      return { data: blob.data, filename: `chat-${row.created_at.toISOString().slice(0, 10)}.pdf` };
    },

    /** Waits for the exports running in this process (tests, shutdown). */
    async idle() {
      while (running.size) await Promise.all([...running]);
    },
  };
}
export type ChatExports = ReturnType<typeof createChatExports>;
