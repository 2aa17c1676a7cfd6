/** Messages kept when no real provider is configured: the demo and tests read them back. */
import type { Sql } from "../db/connect.ts";

export type OutboxMessage = {
  id: number;
  channel: "email" | "sms";
  to: string;
  subject: string;
  text: string;
  createdAt: string;
};

export function createOutbox(sql: Sql) {
  return {
    async put(channel: "email" | "sms", to: string, subject: string, text: string) {
      await sql`insert into outbox (channel, recipient, subject, body) values (${channel}, ${to}, ${subject}, ${text})`;
    },
    async list(opts: { channel?: "email" | "sms"; to?: string; offset: number; limit: number }) {
      const where = sql`where (${opts.channel ?? null}::text is null or channel = ${opts.channel ?? null})
        and (${opts.to ?? null}::text is null or lower(recipient) = lower(${opts.to ?? null}))`;
      const rows = await sql<{ id: number; channel: "email" | "sms"; recipient: string; subject: string; body: string; created_at: Date }[]>`
        select id, channel, recipient, subject, body, created_at from outbox ${where}
        order by id desc offset ${opts.offset} limit ${opts.limit}`;
      const [{ count }] = await sql<{ count: number }[]>`select count(*)::int as count from outbox ${where}`;
      const list: OutboxMessage[] = rows.map((r) => ({
        id: Number(r.id),
        channel: r.channel,
        to: r.recipient,
        subject: r.subject,
        text: r.body,
        createdAt: r.created_at.toISOString(),
      }));
      return { list, totalCount: count };
    },
  };
}
export type Outbox = ReturnType<typeof createOutbox>;
