/**
 * Contact us (01 §7 `POST /contactus`): a message from anyone, rate-limited per
 * address, lands in the admins' support queue (`GET /admin/contactus`), and
 * every admin gets a site notification (`contactUs.received`). A signed-in
 * non-admin's message is also posted, as theirs, in their support chat, so the
 * conversation can go on there.
 */
import type { Actor } from "../../access/actor.ts";
import type { Deps, RequestMeta } from "../../deps.ts";
import { listOf } from "../../http/envelope.ts";
import { notFound } from "../../http/errors.ts";
import type { ContactMessageView, ContactQueueQuery, ContactReceived, ContactUsInput } from "../../../../sync/schemas/contact-us.ts";
import type { ListResult } from "../../../../sync/envelope.ts";
import type { MessagesService } from "../messages/service.ts";
import type { NotificationsService } from "../notifications/service.ts";

type Row = {
  id: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  user_id: string | null;
  created_at: Date;
  handled_at: Date | null;
  handled_by: string | null;
};
const toView = (r: Row): ContactMessageView => ({
  id: r.id,
  name: r.name,
  email: r.email,
  subject: r.subject,
  message: r.message,
  userId: r.user_id,
  createdAt: r.created_at.toISOString(),
  handledAt: r.handled_at?.toISOString() ?? null,
  handledBy: r.handled_by,
});

export function createContactService(
  deps: Pick<Deps, "sql" | "clock" | "rateLimiter" | "limits" | "log" | "audit"> & { notifications: NotificationsService; messages: MessagesService },
) {
  const { sql, clock, rateLimiter, limits, notifications, messages, log } = deps;

  return {
    async submit(actor: Actor | null, input: ContactUsInput, meta: RequestMeta): Promise<ContactReceived> {
      await rateLimiter.hit(`contactus:address:${meta.address ?? "unknown"}`, limits.contactUsPerAddress);
      const [row] = await sql<{ id: string }[]>`insert into contact_messages (name, email, subject, message, user_id, address)
        values (${input.name}, ${input.email}, ${input.subject}, ${input.message}, ${actor?.userId ?? null}, ${meta.address})
        returning id`;
      const admins = (await sql<{ id: string }[]>`select id from users where role = 'admin' and not is_blocked`).map((r) => r.id);
      await notifications.notify(admins, "contactUs.received", { contactMessageId: row.id, subject: input.subject });
      if (actor && actor.role !== "admin") {
        try {
          const support = await messages.support(actor);
          const text = `Contact us: ${input.subject}\n\n${input.message}`;
          await messages.send(actor, support.chatId, { text, fileIds: [], noClearTemp: false }, []);
        } catch (e) {
          // The queue has the message either way.
          log.warn("contact message not posted in the support chat", { error: e instanceof Error ? e.message.slice(0, 200) : String(e) });
        }
      }
      return { received: true };
    },

    async queue(query: ContactQueueQuery): Promise<ListResult<ContactMessageView>> {
      const pattern = query.search ? `%${query.search.replace(/[\\%_]/g, (m) => `\\${m}`)}%` : null;
      const where = sql`where (${query.status} = 'all' or (handled_at is null) = (${query.status} = 'open'))
        and (${pattern}::text is null or name ilike ${pattern} or email ilike ${pattern} or subject ilike ${pattern})`;
      const rows = await sql<Row[]>`select * from contact_messages ${where}
        order by created_at desc, id offset ${query.offset} limit ${query.limit}`;
      const [{ count }] = await sql<{ count: number }[]>`select count(*)::int as count from contact_messages ${where}`;
      return listOf(rows.map(toView), query.offset, query.limit, count);
    },

    async setHandled(actor: Actor, id: string, handled: boolean): Promise<ContactMessageView> {
      const [before] = await sql<{ handled_at: Date | null }[]>`select handled_at from contact_messages where id = ${id}`;
      const [row] = await sql<Row[]>`update contact_messages
        set handled_at = ${handled ? clock.now() : null}, handled_by = ${handled ? actor.userId : null}
        where id = ${id} returning *`;
      if (!row) throw notFound("Message not found");
      // An admin action: audited with the state before and after (issue 18).
      await deps.audit.record({
        event: "contact.handled", actorId: actor.userId,
        details: { contactMessageId: id, before: { handled: !!before?.handled_at }, after: { handled } },
      });
      return toView(row);
    },
  };
}
export type ContactService = ReturnType<typeof createContactService>;
