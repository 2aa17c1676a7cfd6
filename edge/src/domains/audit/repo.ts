/** SQL of the security log (./log.ts): entries are inserted, never changed. */
import type { Sql } from "../../db/connect.ts";
import type { AuditEntry, AuditLog, AuditRecord } from "./log.ts";

export function createAuditLog(sql: Sql): AuditLog {
  return {
    async record(e: AuditEntry) {
      await sql`insert into audit_log (event, actor_id, subject_id, principal_id, address, details)
        values (${e.event as string /* a long literal union makes postgres.js's parameter types too deep for tsc */}, ${e.actorId ?? null}, ${e.subjectId ?? null}, ${e.principalId ?? null}, ${e.address ?? null},
          ${sql.json((e.details ?? {}) as never)})`;
    },
    /** Several entries in one statement (a sync push's documents: one entry each). */
    async recordMany(entries: AuditEntry[]) {
      if (entries.length === 0) return;
      const rows = entries.map((e) => ({
        event: e.event, actor_id: e.actorId ?? null, subject_id: e.subjectId ?? null, principal_id: e.principalId ?? null,
        address: e.address ?? null, details: e.details ?? {},
      }));
      await sql`insert into audit_log (event, actor_id, subject_id, principal_id, address, details)
        select event, actor_id, subject_id, principal_id, address, details
        from jsonb_to_recordset(${sql.json(rows as never)})
          as r(event text, actor_id uuid, subject_id uuid, principal_id uuid, address text, details jsonb)`;
    },
    async forSubject(subjectId: string) {
      return await sql<AuditRecord[]>`
        select event, actor_id, details, at from audit_log where subject_id = ${subjectId} order by id`;
    },
  };
}
