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
import type { Fragment, Queryable } from "../../db/connect.ts";
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

/** A valid IANA time zone name (checked by the runtime's Intl, so no database round trip). */
function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/** "(video,finished)" → ["video", "finished"] (a row value as text; both parts are plain words). */
const pair = (k: string) => k.slice(1, -1).split(",");

type Counts = { index: Map<string, number>; size: number; rows: { b: string; k: string; n: number }[] };

/** Counts per bucket and group key for one table's timestamp column in the range. */
async function grouped(
  q: Queryable,
  r: Range,
  table: "users" | "consultations" | "chat_messages",
  column: "created_at" | "start_at",
  group: Fragment,
  allBuckets: string[],
): Promise<Counts> {
  const rows = await q<{ b: string; k: string; n: number }[]>`
    select to_char(b, 'YYYY-MM-DD') as b, k, n from (
      select date_trunc(${r.g}, ${q(column)} at time zone ${r.tz}) as b, ${group} as k, count(*)::int as n
      from ${q(table)}
      where ${q(column)} >= ${r.fromTs} and ${q(column)} < ${r.toTs}
        ${table === "users" ? q`` : q`and not deleted`}
      group by 1, 2) counted`;
  return { index: new Map(allBuckets.map((b, i) => [b, i])), size: allBuckets.length, rows };
}

/** One series per listed key; `keyOf` maps a row's group key to a series key (folding finer groups). */
function seriesOf(c: Counts, keys: readonly (readonly [string, string])[], keyOf: (k: string) => string) {
  return keys.map(([key, label]) => {
    const values = new Array<number>(c.size).fill(0);
    for (const row of c.rows) {
      const i = c.index.get(row.b);
      if (i !== undefined && keyOf(row.k) === key) values[i] += row.n;
    }
    return { key, label, values };
  });
}

export function createAnalyticsService(deps: Pick<Deps, "sql">) {
  const { sql } = deps;
  return {
    async compute(query: AnalyticsQuery): Promise<AnalyticsResult> {
      if (!isTimeZone(query.timezone)) {
        throw badRequest("Please correct the highlighted fields", { reason: "VALIDATION_FAILED", fields: { timezone: "Unknown time zone" } });
      }
      const [bounds] = await sql<{ f: Date; t: Date }[]>`select (${query.from}::date::timestamp at time zone ${query.timezone}) as f,
        ((${query.to}::date + 1)::timestamp at time zone ${query.timezone}) as t`;
      const r: Range = { tz: query.timezone, g: query.granularity, fromTs: bounds.f, toTs: bounds.t };
      const all = await buckets(sql, query);
      const chart = (id: string, title: string, series: AnalyticsChart["series"], unit: AnalyticsChart["unit"] = "count"): AnalyticsChart =>
        ({ id, title, unit, buckets: all, series });
      // Independent aggregates run side by side on PostgreSQL's pool (one after another on PGlite).
      const [signups, consultations, messages, commerce] = await Promise.all([
        grouped(sql, r, "users", "created_at", sql`role`, all),
        grouped(sql, r, "consultations", "start_at", sql`(type, status)::text`, all),
        grouped(sql, r, "chat_messages", "created_at", sql`'all'`, all),
        commerceSeries(sql, { from: r.fromTs, to: r.toTs, granularity: r.g, timezone: r.tz }, all),
      ]);
      const charts: AnalyticsChart[] = [
        chart("signups", "Sign-ups by role", seriesOf(signups, ROLES, (k) => k)),
        chart("consultationsByKind", "Consultations by kind", seriesOf(consultations, KINDS, (k) => pair(k)[0])),
        chart("consultationsByStatus", "Consultations by status", seriesOf(consultations, STATUSES, (k) => pair(k)[1])),
        chart("messages", "Chat messages", seriesOf(messages, [["all", "Messages"]], (k) => k)),
      ];
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
