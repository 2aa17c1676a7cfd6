/** The admin dashboard's figures (`GET /admin/dashboard`): counts only, no clinical content. */
import type { Deps } from "../../deps.ts";
import type { DashboardFigures } from "../../../../sync/schemas/admin.ts";
import { commerceTotals, openAdminTasks } from "./commerce.ts";

const DAY_MS = 86_400_000;

export function createDashboardService(deps: Pick<Deps, "sql" | "clock">) {
  const { sql, clock } = deps;
  return {
    async figures(): Promise<DashboardFigures> {
      const now = clock.now();
      const weekAgo = new Date(now.getTime() - 7 * DAY_MS);
      const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
      const [row] = await sql<{ pending: number; patients: number; doctors: number; contact: number; due: number }[]>`
        select
          (select count(*)::int from users where role = 'doctor' and application_status = 'initial') as pending,
          (select count(*)::int from users where role = 'patient' and created_at >= ${weekAgo}) as patients,
          (select count(*)::int from users where role = 'doctor' and created_at >= ${weekAgo}) as doctors,
          (select count(*)::int from contact_messages where handled_at is null) as contact,
          (select count(*)::int from users where role = 'doctor' and application_status = 'approved'
             and credentialed_at is not null and credentialed_at + interval '3 years' <= ${now}::timestamptz + interval '30 days') as due`;
      return {
        pendingApplications: row.pending,
        newPatientsThisWeek: row.patients,
        newDoctorsThisWeek: row.doctors,
        openContactMessages: row.contact,
        openAdminTasks: await openAdminTasks(sql),
        commerce: await commerceTotals(sql, monthStart),
        credentialingDue: row.due,
      };
    },
  };
}
