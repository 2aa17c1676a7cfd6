/**
 * Admin management (01 §6, §7 `/admins`): super admins only (the route guard
 * `allow.superAdmin`). Creating an admin by email sends an invitation link to
 * choose a password (the reset link, valid 72 hours). Deleting is refused for
 * oneself and for the last super admin.
 */
import type { Actor } from "../../access/actor.ts";
import type { Deps, RequestMeta } from "../../deps.ts";
import { listOf } from "../../http/envelope.ts";
import { AppError, badRequest, notFound } from "../../http/errors.ts";
import type { AdminsQuery, AdminView, CreateAdminInput } from "../../../../sync/schemas/admin.ts";
import { createLinkTokens } from "../registration/tokens-repo.ts";

type Row = { id: string; email: string; first_name: string; last_name: string; is_super_admin: boolean; is_activated: boolean; created_at: Date };
const toView = (r: Row): AdminView => ({
  id: r.id, email: r.email, firstName: r.first_name, lastName: r.last_name, isSuperAdmin: r.is_super_admin,
  isActivated: r.is_activated, createdAt: r.created_at.toISOString(),
});
const INVITE_HOURS = 72;

export function createAdminsService(deps: Pick<Deps, "sql" | "clock" | "audit" | "mailer" | "config">) {
  const { sql, clock, audit, mailer, config } = deps;
  const links = createLinkTokens(sql);

  return {
    async list(query: AdminsQuery) {
      const pattern = query.search ? `%${query.search.replace(/[\\%_]/g, (m) => `\\${m}`)}%` : null;
      const where = sql`where role = 'admin' and (${pattern}::text is null or email ilike ${pattern}
        or first_name ilike ${pattern} or last_name ilike ${pattern})`;
      const dir = query.direction === "desc" ? sql`desc` : sql`asc`;
      const order = {
        name: sql`lower(last_name) ${dir}, lower(first_name) ${dir}`,
        email: sql`lower(email) ${dir}`,
        createdAt: sql`created_at ${dir}`,
      }[query.sort];
      const rows = await sql<Row[]>`select id, email, first_name, last_name, is_super_admin, is_activated, created_at
        from users ${where} order by ${order}, id offset ${query.offset} limit ${query.limit}`;
      const [{ count }] = await sql<{ count: number }[]>`select count(*)::int as count from users ${where}`;
      return listOf(rows.map(toView), query.offset, query.limit, count);
    },

    async create(actor: Actor, input: CreateAdminInput, meta: RequestMeta): Promise<AdminView> {
      const [row] = await sql<Row[]>`insert into users (role, email, first_name, last_name, is_super_admin, is_activated)
        values ('admin', ${input.email}, ${input.firstName ?? "Admin"}, ${input.lastName ?? ""}, ${input.isSuperAdmin}, false)
        on conflict do nothing
        returning id, email, first_name, last_name, is_super_admin, is_activated, created_at`;
      if (!row) throw badRequest("Email already occupied", { reason: "EMAIL_OCCUPIED", fields: { email: "Email already occupied" } });
      const token = await links.issue(row.id, "reset", new Date(clock.now().getTime() + INVITE_HOURS * 3_600_000));
      await mailer.send({
        to: row.email,
        subject: "You are invited to administer DPC Telehealth",
        text: `Hello,\n\nYou have been made an administrator of DPC Telehealth. Choose your password within ${INVITE_HOURS} hours:\n` +
          `${config.publicOrigin}/resetPassword?token=${encodeURIComponent(token)}\n`,
      });
      await audit.record({
        event: "admin.created", actorId: actor.userId, subjectId: row.id, address: meta.address,
        details: { before: null, after: { email: row.email, isSuperAdmin: row.is_super_admin } },
      });
      return toView(row);
    },

    async remove(actor: Actor, id: string, meta: RequestMeta) {
      if (id === actor.userId) throw new AppError(409, "You cannot delete your own account", { reason: "SELF_DELETE" });
      return await sql.begin(async (tx) => {
        // Serialise deletions so two super admins cannot remove each other at once.
        await tx`select id from users where role = 'admin' and is_super_admin order by id for update`;
        const [target] = await tx<Row[]>`select id, email, first_name, last_name, is_super_admin, is_activated, created_at
          from users where id = ${id} and role = 'admin'`;
        if (!target) throw notFound("No such admin");
        if (target.is_super_admin) {
          const [{ count }] = await tx<{ count: number }[]>`select count(*)::int as count from users where role = 'admin' and is_super_admin`;
          if (count <= 1) throw new AppError(409, "The last super admin cannot be deleted", { reason: "LAST_SUPER_ADMIN" });
        }
        await tx`delete from users where id = ${id}`;
        await tx`insert into audit_log (event, actor_id, subject_id, address, details) values ('admin.deleted', ${actor.userId},
          ${id}, ${meta.address}, ${tx.json({ before: { email: target.email, isSuperAdmin: target.is_super_admin }, after: null })})`;
        return { deleted: true };
      });
    },
  };
}
export type AdminsService = ReturnType<typeof createAdminsService>;
