/**
 * Contacts (02 §3, §7 "Contacts", `contactsOrder` default name): a practice's
 * address book (specialists, labs, imaging centres, pharmacies), kept by the
 * doctor and the VMAs acting for them; for admins (`/admin/contacts`) the
 * platform's shared directory (practice null), which practices do not see.
 * Referrals and faxes pick from `GET /contacts/dropdown`.
 */
import type { Actor } from "../../access/actor.ts";
import type { Deps, RequestMeta } from "../../deps.ts";
import { notFound } from "../../http/errors.ts";
import { listOf } from "../../http/envelope.ts";
import type { ContactInput, ContactOption, ContactView } from "../../../../sync/schemas/team.ts";
import { practiceOf, principalOf, UUID } from "./practice.ts";

type Row = ContactInput & { id: string; created_at: Date; updated_at: Date };
const COLUMNS = ["name", "organization", "kind", "phone", "fax", "email", "address", "notes"] as const;
const toView = (r: Row): ContactView => ({
  id: r.id, name: r.name, organization: r.organization, kind: r.kind, phone: r.phone, fax: r.fax, email: r.email,
  address: r.address, notes: r.notes, createdAt: r.created_at.toISOString(), updatedAt: r.updated_at.toISOString(),
});

export function createContactsService(deps: Pick<Deps, "sql" | "clock" | "audit">) {
  const { sql, clock, audit } = deps;
  const bookOf = (actor: Actor): string | null => (actor.role === "admin" ? null : practiceOf(actor));
  const inBook = (book: string | null) => (book ? sql`practice_id = ${book}` : sql`practice_id is null`);
  const likeOf = (search?: string) => (search ? `%${search.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%` : null);

  async function contactOf(book: string | null, id: string): Promise<Row> {
    if (!UUID.test(id)) throw notFound("Contact not found");
    const [row] = await sql<Row[]>`select * from contacts where id = ${id} and ${inBook(book)}`;
    if (!row) throw notFound("Contact not found");
    return row;
  }

  return {
    async create(actor: Actor, input: ContactInput, meta: RequestMeta) {
      const book = bookOf(actor);
      const [row] = await sql<Row[]>`insert into contacts ${sql({
        ...Object.fromEntries(COLUMNS.map((c) => [c, input[c]])), practice_id: book, created_by: actor.userId,
        on_behalf_of: principalOf(actor),
      } as never)} returning *`;
      await audit.record({ event: "contact.write", actorId: actor.userId, address: meta.address, details: { what: "contact.create", contactId: row.id } });
      return toView(row);
    },

    /** `POST /contacts/list {offset, limit, search, order}`. */
    async list(actor: Actor, o: { offset: number; limit: number; search?: string; order: "name" | "kind" | "createdAt" }) {
      const book = bookOf(actor);
      const like = likeOf(o.search);
      const where = sql`${inBook(book)} ${like ? sql`and (name ilike ${like} or organization ilike ${like} or kind ilike ${like})` : sql``}`;
      const order = o.order === "kind" ? sql`kind, lower(name)` : o.order === "createdAt" ? sql`created_at desc` : sql`lower(name)`;
      const rows = await sql<Row[]>`select * from contacts where ${where} order by ${order}, id limit ${o.limit} offset ${o.offset}`;
      const [{ count }] = await sql<{ count: number }[]>`select count(*)::int as count from contacts where ${where}`;
      return listOf(rows.map(toView), o.offset, o.limit, count);
    },

    /** `GET /contacts/dropdown {search, kind}`: at most 50, by name. */
    async dropdown(actor: Actor, o: { search?: string; kind?: string }): Promise<ContactOption[]> {
      const like = likeOf(o.search);
      const rows = await sql<Row[]>`select * from contacts where ${inBook(bookOf(actor))}
        ${like ? sql`and (name ilike ${like} or organization ilike ${like})` : sql``}
        ${o.kind ? sql`and kind = ${o.kind}` : sql``}
        order by lower(name), id limit 50`;
      return rows.map((r) => ({ id: r.id, name: r.name, organization: r.organization, kind: r.kind, fax: r.fax, phone: r.phone }));
    },

    async get(actor: Actor, id: string) {
      return toView(await contactOf(bookOf(actor), id));
    },

    async edit(actor: Actor, id: string, input: ContactInput, meta: RequestMeta) {
      const book = bookOf(actor);
      await contactOf(book, id);
      const [row] = await sql<Row[]>`update contacts set ${sql({ ...Object.fromEntries(COLUMNS.map((c) => [c, input[c]])), updated_at: clock.now() } as never)}
        where id = ${id} returning *`;
      await audit.record({ event: "contact.write", actorId: actor.userId, address: meta.address, details: { what: "contact.edit", contactId: id } });
      return toView(row);
    },

    async remove(actor: Actor, id: string, meta: RequestMeta) {
      const book = bookOf(actor);
      await contactOf(book, id);
      await sql`delete from contacts where id = ${id}`;
      await audit.record({ event: "contact.write", actorId: actor.userId, address: meta.address, details: { what: "contact.delete", contactId: id } });
      return { deleted: true };
    },
  };
}
export type ContactsService = ReturnType<typeof createContactsService>;
