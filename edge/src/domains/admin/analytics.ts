/**
 * Analytics (`GET /admin/analytics`): counts over time by SQL aggregates —
 * sign-ups by role, consultations by kind and by status, messages, and, when
 * commerce exists, memberships, churn, revenue and fees. Buckets are days,
 * ISO weeks (Monday) or months in the admin's time zone, from `from` to `to`
 * inclusive; every bucket is present (zeros included). Only counts and sums
 * leave the database: no names, no message text, no clinical content.
 * Measured by `npm run bench:analytics` (edge/docs/admin.md).
 */
import type { Deps } from "../../deps.ts";
import type { Queryable } from "../../db/connect.ts";
import { badRequest } from "../../http/errors.ts";
import type { AnalyticsChart, AnalyticsQuery, AnalyticsResult } from "../../../../sync/schemas/admin.ts";
import { commerceSeries } from "./commerce.ts";

const ROLES = [["patient", "Patients"], ["doctor", "Doctors"], ["vma", "VMAs"], ["admin", "Admins"]] as const;
const KINDS = [["video", "Video"], ["chat", "Text chat"], ["async", "Asynchronous"]] as const;
const STATUSES = [["requested", "Requested"], ["accepted", "Accepted"], ["finished", "Finished"], ["canceled", "Canceled"], ["declined", "Declined"]] as const;

type Range = { tz: string; g: string; fromTs: Date; toTs: Date };

async function buckets(q: Queryable, query: AnalyticsQuery): Promise<string[]> {
  const rows = await q<{ b: string }[]>`select to_char(b, 'YYYY-MM-DD') as b from generate_series(
      date_trunc(${query.granularity}, ${query.from}::date::timestamp), ${query.to}::date::timestamp,
      ${`1 ${query.granularity}`}::interval) b`;
  return rows.map((r) => r.b);
}

/** Counts per bucket and group for one table's timestamp column; groups listed in `keys`. */
async function grouped(
  q: Queryable,
  r: Range,
  table: "users" | "consultations" | "chat_messages",
  column: "created_at" | "start_at",
  group: "role" | "type" | "status" | null,
  allBuckets: string[],
  keys: readonly (readonly [string, string])[],
) {
  const groupSql = group ? q(group) : q`'all'`;
  const rows = await q<{ b: string; k: string; n: number }[]>`
    select to_char(date_trunc(${r.g}, ${q(column)} at time zone ${r.tz}), 'YYYY-MM-DD') as b, ${groupSql}::text as k, count(*)::int as n
    from ${q(table)}
    where ${q(column)} >= ${r.fromTs} and ${q(column)} < ${r.toTs}
      ${table === "users" ? q`` : q`and not deleted`}
    group by 1, 2`;
  const index = new Map(allBuckets.map((b, i) => [b, i]));
  return keys.map(([key, label]) => {
    const values = allBuckets.map(() => 0);
    for (const row of rows) if (row.k === key && index.has(row.b)) values[index.get(row.b)!] += row.n;
    return { key, label, values };
  });
}

export function createAnalyticsService(deps: Pick<Deps, "sql">) {
  const { sql } = deps;
  return {
    async compute(query: AnalyticsQuery): Promise<AnalyticsResult> {
      const [tzOk] = await sql<{ ok: boolean }[]>`select exists(select 1 from pg_timezone_names where name = ${query.timezone}) as ok`;
      if (!tzOk.ok) throw badRequest("Please correct the highlighted fields", { reason: "VALIDATION_FAILED", fields: { timezone: "Unknown time zone" } });
      const [bounds] = await sql<{ f: Date; t: Date }[]>`select (${query.from}::date::timestamp at time zone ${query.timezone}) as f,
        ((${query.to}::date + 1)::timestamp at time zone ${query.timezone}) as t`;
      const r: Range = { tz: query.timezone, g: query.granularity, fromTs: bounds.f, toTs: bounds.t };
      const all = await buckets(sql, query);
      const chart = (id: string, title: string, series: AnalyticsChart["series"], unit: AnalyticsChart["unit"] = "count"): AnalyticsChart =>
        ({ id, title, unit, buckets: all, series });
      const charts: AnalyticsChart[] = [
        chart("signups", "Sign-ups by role", await grouped(sql, r, "users", "created_at", "role", all, ROLES)),
        chart("consultationsByKind", "Consultations by kind", await grouped(sql, r, "consultations", "start_at", "type", all, KINDS)),
        chart("consultationsByStatus", "Consultations by status", await grouped(sql, r, "consultations", "start_at", "status", all, STATUSES)),
        chart("messages", "Chat messages", await grouped(sql, r, "chat_messages", "created_at", null, all, [["all", "Messages"]])),
      ];
      const commerce = await commerceSeries(sql, { from: r.fromTs, to: r.toTs, granularity: r.g, timezone: r.tz });
      if (commerce) {
        charts.push(chart("memberships", "Memberships started and churned", [
          { key: "started", label: "Started", values: commerce.started },
          { key: "churned", label: "Churned", values: commerce.churned },
        ]));
        charts.push(chart("revenue", "Revenue and platform fees", [
          { key: "revenue", label: "Revenue", values: commerce.revenueCents },
          { key: "fees", label: "Platform fees", values: commerce.feesCents },
        ], "cents"));
      }
      return { charts, commerce: !!commerce };
    },
  };
}
