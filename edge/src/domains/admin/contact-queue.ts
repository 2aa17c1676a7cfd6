/**
 * The contact-us queue's link to the support chat: a message sent by a
 * signed-in user was also posted in their support chat (contact/service.ts),
 * where every admin is a member; the admin answers there. Anonymous messages
 * are answered by email (the screen offers the address).
 */
import type { Deps } from "../../deps.ts";
import { notFound } from "../../http/errors.ts";

export function createContactQueueLinks(deps: Pick<Deps, "sql">) {
  const { sql } = deps;
  return {
    async supportChatOf(messageId: string): Promise<{ chatId: string | null }> {
      const [message] = await sql<{ user_id: string | null }[]>`select user_id from contact_messages where id = ${messageId}`;
      if (!message) throw notFound("Message not found");
      if (!message.user_id) return { chatId: null };
      const [chat] = await sql<{ id: string }[]>`select c.id from chats c join chat_members m on m.chat_id = c.id
        where c.kind = 'support' and not c.deleted and m.user_id = ${message.user_id} order by c.created_at limit 1`;
      return { chatId: chat?.id ?? null };
    },
  };
}
