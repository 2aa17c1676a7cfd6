/** SQL of site notifications and notification settings; every read is the caller's own. */
import type { Queryable, Sql } from "../../db/connect.ts";
import type { NotificationKind, SiteNotificationView } from "../../../../sync/schemas/notifications.ts";

type Row = { id: string; kind: NotificationKind; payload: Record<string, unknown>; created_at: Date; read_at: Date | null };

const toView = (r: Row): SiteNotificationView => ({
  id: r.id,
  notificationId: r.id,
  kind: r.kind,
  payload: r.payload,
  createdAt: r.created_at.toISOString(),
  readAt: r.read_at?.toISOString() ?? null,
  isRead: r.read_at !== null,
});

export function createNotificationsRepo(sql: Sql) {
  /** The user's notifications, less the kinds they turned off for the site. */
  const mine = (userId: string, hidden: readonly string[]) =>
    sql`n.user_id = ${userId} and not (n.kind = any(${[...hidden]}::text[]))`;

  return {
    async list(userId: string, hidden: readonly string[], o: { offset: number; limit: number; unread?: boolean }) {
      const where = sql`where ${mine(userId, hidden)} and (${o.unread ?? null}::boolean is null
        or (n.read_at is null) = ${o.unread ?? null}::boolean)`;
      const rows = await sql<Row[]>`select n.id, n.kind, n.payload, n.created_at, n.read_at from site_notifications n ${where}
        order by n.created_at desc, n.id offset ${o.offset} limit ${o.limit}`;
      const [{ count }] = await sql<{ count: number }[]>`select count(*)::int as count from site_notifications n ${where}`;
      return { list: rows.map(toView), totalCount: count };
    },

    async unreadCount(userId: string, hidden: readonly string[]): Promise<number> {
      const [{ count }] = await sql<{ count: number }[]>`select count(*)::int as count from site_notifications n
        where ${mine(userId, hidden)} and n.read_at is null`;
      return count;
    },

    /** Marks the user's own notifications among `ids` read; others' ids change nothing. */
    async markRead(userId: string, ids: readonly string[], now: Date): Promise<number> {
      const rows = await sql`update site_notifications set read_at = ${now}
        where user_id = ${userId} and id = any(${[...ids]}::uuid[]) and read_at is null returning id`;
      return rows.length;
    },

    /** `q`: a transaction when the notification belongs with other writes (written only if they commit). */
    async insert(userIds: readonly string[], kind: NotificationKind, payload: Record<string, unknown>, now: Date, q: Queryable = sql) {
      if (userIds.length === 0) return [];
      return await q<{ id: string; user_id: string }[]>`insert into site_notifications (user_id, kind, payload, created_at)
        select u, ${kind}, ${q.json(payload as never)}, ${now} from unnest(${[...userIds]}::uuid[]) as u
        returning id, user_id`;
    },

    /**
     * `q`: the caller's transaction when the notification is written inside one. On PGlite (one transaction at a
     * time) a read on the pool would wait for that transaction for ever.
     */
    async storedSettings(userIds: readonly string[], q: Queryable = sql): Promise<Map<string, { role: string; settings: unknown }>> {
      if (userIds.length === 0) return new Map();
      const rows = await q<{ id: string; role: string; settings: unknown }[]>`select u.id, u.role, s.settings
        from users u left join notification_settings s on s.user_id = u.id where u.id = any(${[...userIds]}::uuid[])`;
      return new Map(rows.map((r) => [r.id, { role: r.role, settings: r.settings }]));
    },

    async saveSettings(userId: string, settings: unknown) {
      await sql`insert into notification_settings (user_id, settings, updated_at) values (${userId}, ${sql.json(settings as never)}, now())
        on conflict (user_id) do update set settings = excluded.settings, updated_at = excluded.updated_at`;
    },
  };
}
