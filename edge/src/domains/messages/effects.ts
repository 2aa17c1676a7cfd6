/**
 * What happens around every new chat message, whether it was sent through
 * `POST /messages/{chatId}` or pushed by a device that wrote it offline: the
 * sync service and the messages service both run these (after the
 * `chatWriter` create check, the who-may-write rule).
 * - accepts: a patient writing to a practice is its member (the 402 rule,
 *   memberships/requirement.ts), and its `fileIds` are the author's own
 *   complete uploads not yet sent;
 * - created (same transaction): the files join the message, the chat moves to
 *   the top (`lastMessageAt`, server time), the author has read up to it;
 * - committed: `message:received` to every member's sockets (ids only: the
 *   text reaches devices through `sync:chat_messages`, read under their scope).
 */
import type { Actor } from "../../access/actor.ts";
import type { Sql } from "../../db/connect.ts";
import type { Clock } from "../../platform/clock.ts";
import type { Logger } from "../../platform/log.ts";
import type { Events } from "../../realtime/events.ts";
import type { CreateEffects } from "../sync/service.ts";
import { CHAT_EVENTS, type MessageReceivedEvent } from "../../../../sync/schemas/chat.ts";
import type { ChatFiles } from "./files.ts";
import { meetsChatMembership } from "../memberships/requirement.ts";

type MessageDoc = { id: string; chatId: string; authorId: string; fileIds: string[]; createdAt: string; _deleted: boolean };

export function createMessageEffects(deps: { sql: Sql; clock: Clock; events: Events; log: Logger; files: ChatFiles }) {
  const { sql, clock, events, files } = deps;
  const asMessage = (doc: unknown) => doc as MessageDoc;

  const effects = {
    async accepts(w, actor: Actor, doc) {
      const m = asMessage(doc);
      if (m._deleted) return m.fileIds.length === 0;
      // 402 rule (memberships/requirement.ts): the API answers 402 before it gets here; a push is refused.
      return await meetsChatMembership(w.tx, actor, m.chatId) && await files.areOwnTemp(w.tx, actor, m.fileIds);
    },

    async created(w, _actor, doc) {
      const m = asMessage(doc);
      if (m._deleted) return;
      await files.attach(w.tx, m.fileIds, m.chatId, m.id);
      await w.update("chats", m.chatId, { lastMessageAt: clock.now().toISOString() }, ["lastMessageAt"]);
      await w.tx`insert into chat_reads (chat_id, user_id, last_read_n, read_at)
        select chat_id, author_id, n, now() from chat_messages where id = ${m.id}
        on conflict (chat_id, user_id) do update set last_read_n = greatest(chat_reads.last_read_n, excluded.last_read_n),
          read_at = excluded.read_at`;
    },

    async committed(_actor, docs) {
      for (const m of docs.map(asMessage).filter((d) => !d._deleted)) {
        try {
          const [chat] = await sql<{ last_message_at: Date | null; members: string[] }[]>`
            select c.last_message_at, array(select user_id::text from chat_members where chat_id = c.id) as members
            from chats c where c.id = ${m.chatId}`;
          if (!chat) continue;
          const payload: MessageReceivedEvent = {
            chatId: m.chatId,
            messageId: m.id,
            authorId: m.authorId,
            createdAt: m.createdAt,
            lastMessageAt: chat.last_message_at?.toISOString() ?? null,
            fileCount: m.fileIds.length,
          };
          await events.toUsers(chat.members, CHAT_EVENTS.messageReceived, payload);
        } catch (e) {
          deps.log.error("message:received not sent", { error: e instanceof Error ? e.message.slice(0, 200) : String(e) });
        }
      }
    },
  } satisfies CreateEffects;
  return effects;
}
export type MessageEffects = ReturnType<typeof createMessageEffects>;
