/**
 * The orders views: an encounter's orders list (`GET /encounters/orders-list/{id}`)
 * and `/orders` (every signed-in role: the patient sees what was shared with them;
 * the doctor and VMA their practice's patients' orders, open ones by default).
 * One UNION over the four tables, each filtered by the access module.
 */
import type { Actor } from "../../access/actor.ts";
import type { Fragment } from "../../db/connect.ts";
import { notFound } from "../../http/errors.ts";
import type { ListResult } from "../../../../sync/envelope.ts";
import type { OrderKind, OrderSummary } from "../../../../sync/schemas/orders.ts";
import { ordersAccess, type OrdersAccess } from "./access.ts";
import type { OrdersDeps } from "./common.ts";

type Row = {
  kind: OrderKind; id: string; encounter_id: string; patient_id: string; patient_name: string; title: string; state: string;
  transmission: OrderSummary["transmission"]; is_shared: boolean; open: boolean; created_at: Date; updated_at: Date; total: number;
};
const toSummary = (r: Row): OrderSummary => ({
  kind: r.kind, id: r.id, encounterId: r.encounter_id, patientId: r.patient_id, patientName: r.patient_name, title: r.title,
  state: r.state, transmission: r.transmission, isShared: r.is_shared, open: r.open, createdAt: r.created_at.toISOString(),
  updatedAt: r.updated_at.toISOString(),
});

export function createOrderLists(deps: OrdersDeps) {
  const { sql, audit } = deps;

  function union(access: OrdersAccess, where: (alias: Fragment) => Fragment): Fragment {
    const w = (t: Parameters<OrdersAccess["orderVisible"]>[0]) => sql`${access.orderVisible(t, sql`r`)} and ${where(sql`r`)}`;
    return sql`
      select 'lab' as kind, r.id, r.encounter_id, r.patient_id, r.name as title,
        case when jsonb_array_length(r.results) > 0 then 'resulted' else 'ordered' end as state, null as transmission,
        r.is_shared, jsonb_array_length(r.results) = 0 as open, r.created_at, r.updated_at
      from labs r where ${w("labs")}
      union all
      select 'imaging', r.id, r.encounter_id, r.patient_id, r.type || ' ' || r.body_part || (case when r.laterality = 'not applicable' then '' else ' (' || r.laterality || ')' end),
        case when jsonb_array_length(r.results) > 0 then 'resulted' else 'ordered' end, null,
        r.is_shared, jsonb_array_length(r.results) = 0, r.created_at, r.updated_at
      from imagings r where ${w("imagings")}
      union all
      select 'referral', r.id, r.encounter_id, r.patient_id, 'Referral to ' || r.specialty, r.status, null,
        r.is_shared, r.status in ('draft', 'sent', 'scheduled'), r.created_at, r.updated_at
      from referrals r where ${w("referrals")}
      union all
      select 'prescription', r.id, r.encounter_id, r.patient_id, r.medication, r.status, r.transmission,
        r.status <> 'draft', r.status = 'draft' or (r.status = 'current' and r.transmission in ('pending', 'error')), r.created_at, r.updated_at
      from prescriptions r where ${w("prescriptions")}`;
  }

  async function page(access: OrdersAccess, where: (alias: Fragment) => Fragment, q: { offset: number; limit: number; kind?: OrderKind; open?: boolean; search?: string }) {
    const search = q.search ? `%${q.search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
    return await sql<Row[]>`
      select o.*, u.first_name || ' ' || u.last_name as patient_name, count(*) over ()::int as total
      from (${union(access, where)}) o join users u on u.id = o.patient_id
      where (${q.kind ?? null}::text is null or o.kind = ${q.kind ?? null})
        and (${q.open ?? null}::boolean is null or o.open = ${q.open ?? null})
        and (${search}::text is null or lower(o.title) like ${search} or lower(u.first_name || ' ' || u.last_name) like ${search})
      order by o.updated_at desc, o.id offset ${q.offset} limit ${q.limit}`;
  }

  return {
    async ofEncounter(actor: Actor, encounterId: string, q: { offset: number; limit: number }): Promise<ListResult<OrderSummary>> {
      const access = ordersAccess(sql, actor);
      const e = await access.encounter(encounterId);
      const rows = await page(access, (r) => sql`${r}.encounter_id = ${encounterId}`, q);
      await audit.read(actor, { patientId: e.patient_id, what: "encounter.orders", id: encounterId });
      return { list: rows.map(toSummary), totalCount: rows[0]?.total ?? 0, offset: q.offset, limit: q.limit };
    },
    async all(actor: Actor, q: { offset: number; limit: number; kind?: OrderKind; state: "open" | "all"; patientId?: string; search?: string }): Promise<ListResult<OrderSummary>> {
      const access = ordersAccess(sql, actor);
      if (!access.isPatient && !access.isCareTeam) throw notFound("No orders");
      if (q.patientId) await access.patient(q.patientId);
      const patientId = q.patientId ?? null;
      // A patient sees every order shared with them (finished ones too); the care team filters.
      const open = access.isPatient ? undefined : q.state === "open" ? true : undefined;
      const rows = await page(access, (r) => sql`(${patientId}::uuid is null or ${r}.patient_id = ${patientId}::uuid)`, { ...q, open });
      await audit.read(actor, { patientId: q.patientId ?? (access.isPatient ? actor.userId : null), what: "orders.list", details: { patientIds: [...new Set(rows.map((r) => r.patient_id))] } });
      return { list: rows.map(toSummary), totalCount: rows[0]?.total ?? 0, offset: q.offset, limit: q.limit };
    },
  };
}
