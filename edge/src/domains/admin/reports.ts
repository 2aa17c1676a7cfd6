/**
 * Reports (`GET /reports`): patients with the chosen fields (02 §3) and
 * filters, scoped by access.ts. JSON pages for the preview; CSV streamed page
 * by page for downloads of any size. Commerce fields (membership status, bought, service, lifetime value, gross
 * profit) come from commerce.ts.
 */
import type { Actor } from "../../access/actor.ts";
import type { Deps, RequestMeta } from "../../deps.ts";
import type { Queryable } from "../../db/connect.ts";
import {
  REPORT_FIELD_LABELS,
  type ReportField,
  type ReportQuery,
  type ReportResult,
  type ReportRow,
} from "../../../../sync/schemas/admin.ts";
import { reportScope, type ReportScope } from "./access.ts";
import { patientCommerce } from "./commerce.ts";
import { CSV_BOM, csvCell } from "../../http/csv.ts";
import { centsAsDecimal } from "../../../../sync/rules/money.ts";

type Row = {
  id: string; first_name: string; last_name: string; gender: "Male" | "Female" | null; age: number | null; state: string | null;
  created_at: Date; doctor_name: string | null; vmas: string | null;
};

const CSV_PAGE = 500;

function where(q: Queryable, scope: ReportScope, f: ReportQuery) {
  const pattern = f.search ? `%${f.search.replace(/[\\%_]/g, (m) => `\\${m}`)}%` : null;
  const scoped = scope.kind === "all" ? q`true` : q`p.doctor_id = ${scope.doctorId}`;
  return q`where p.role = 'patient' and ${scoped}
    and (${f.gender ?? null}::text is null or p.gender = ${f.gender ?? null})
    and (${f.doctorId ?? null}::uuid is null or p.doctor_id = ${f.doctorId ?? null})
    and (${f.state ?? null}::text is null or p.state = ${f.state ?? null})
    and (${f.minAge ?? null}::int is null or extract(year from age(p.birth_date))::int >= ${f.minAge ?? null})
    and (${f.maxAge ?? null}::int is null or extract(year from age(p.birth_date))::int <= ${f.maxAge ?? null})
    and (${f.joinedFrom ?? null}::date is null or p.created_at >= ${f.joinedFrom ?? null}::date)
    and (${f.joinedTo ?? null}::date is null or p.created_at < ${f.joinedTo ?? null}::date + 1)
    and (${pattern}::text is null or (p.first_name || ' ' || p.last_name) ilike ${pattern} or p.email ilike ${pattern})`;
}

async function page(q: Queryable, scope: ReportScope, f: ReportQuery, offset: number, limit: number): Promise<Row[]> {
  return await q<Row[]>`select p.id, p.first_name, p.last_name, p.gender, p.state, p.created_at,
      extract(year from age(p.birth_date))::int as age,
      case when d.id is null then null else d.first_name || ' ' || d.last_name end as doctor_name,
      (select string_agg(v.first_name || ' ' || v.last_name, ', ' order by v.last_name, v.first_name)
         from users v where v.role = 'vma' and v.doctor_id = p.doctor_id) as vmas
    from users p left join users d on d.id = p.doctor_id
    ${where(q, scope, f)}
    order by lower(p.last_name), lower(p.first_name), p.id offset ${offset} limit ${limit}`;
}

const money = (cents: number | null | undefined) => (cents === null || cents === undefined ? null : centsAsDecimal(cents));

async function toRows(q: Queryable, rows: Row[], fields: ReportField[]): Promise<{ list: ReportRow[]; commerce: boolean }> {
  const commerce = await patientCommerce(q, rows.map((r) => r.id));
  const list = rows.map((r) => {
    const c = commerce?.get(r.id);
    // Every field (satisfies), then the chosen ones copied: ReportRow keeps the fields optional.
    const all: ReportRow = {
      id: r.id,
      name: `${r.first_name} ${r.last_name}`,
      gender: r.gender,
      age: r.age,
      doctor: r.doctor_name,
      vmas: r.vmas,
      state: r.state,
      joinedAt: r.created_at.toISOString().slice(0, 10),
      membershipStatus: c?.membershipStatus ?? null,
      bought: c?.bought ?? null,
      serviceName: c?.serviceName ?? null,
      serviceDoctor: c?.serviceDoctor ?? null,
      lifetimeValue: money(c?.lifetimeValueCents),
      grossProfit: money(c?.grossProfitCents),
    } satisfies Required<ReportRow>;
    const out: ReportRow = { id: r.id };
    const put = <F extends ReportField>(f: F) => {
      out[f] = all[f];
    };
    for (const f of fields) put(f);
    return out;
  });
  return { list, commerce: !!commerce };
}

export function createReportsService(deps: Pick<Deps, "sql" | "audit">) {
  const { sql, audit } = deps;
  return {
    async preview(actor: Actor, f: ReportQuery): Promise<ReportResult> {
      const scope = reportScope(actor);
      const rows = await page(sql, scope, f, f.offset, f.limit);
      const [{ count }] = await sql<{ count: number }[]>`select count(*)::int as count from users p ${where(sql, scope, f)}`;
      const { list, commerce } = await toRows(sql, rows, f.fields);
      return { fields: f.fields, list, offset: f.offset, limit: f.limit, totalCount: count, commerce };
    },

    /** The whole report as a CSV byte stream, read page by page. */
    async csv(actor: Actor, f: ReportQuery, meta: RequestMeta): Promise<ReadableStream<Uint8Array>> {
      const scope = reportScope(actor);
      await audit.record({ event: "report.downloaded", actorId: actor.userId, address: meta.address, details: { fields: f.fields, scope: scope.kind } });
      const encoder = new TextEncoder();
      let offset = 0;
      let headerSent = false;
      return new ReadableStream<Uint8Array>({
        async pull(controller) {
          if (!headerSent) {
            headerSent = true;
            // A byte-order mark so spreadsheet apps read UTF-8 names correctly.
            controller.enqueue(encoder.encode(`${CSV_BOM}${f.fields.map((x) => csvCell(REPORT_FIELD_LABELS[x])).join(",")}\r\n`));
            return;
          }
          const rows = await page(sql, scope, f, offset, CSV_PAGE);
          offset += rows.length;
          if (rows.length > 0) {
            const { list } = await toRows(sql, rows, f.fields);
            controller.enqueue(encoder.encode(list.map((r) => f.fields.map((x) => csvCell(r[x])).join(",") + "\r\n").join("")));
          }
          if (rows.length < CSV_PAGE) controller.close();
        },
      });
    },
  };
}
export type ReportsService = ReturnType<typeof createReportsService>;
