/** Every read and write of clinical data lands in the audit log: who, which patient, what, when. */
import type { Actor } from "../../access/actor.ts";
import type { AuditLog } from "../audit/repo.ts";

export type ChartAuditEntry = {
  /** The patient whose chart was touched (null for lists across patients: their ids go in `details.patientIds`). */
  patientId: string | null;
  /** What, as `entity.action`: `encounter.read`, `note.share`, `vitals.import`… */
  what: string;
  /** The record's id when there is one. */
  id?: string | null;
  details?: Record<string, unknown>;
};

export function createChartAudit(audit: AuditLog) {
  const record = (event: "chart.read" | "chart.write") => (actor: Actor, e: ChartAuditEntry) =>
    audit.record({
      event,
      actorId: actor.userId,
      subjectId: e.patientId,
      details: { what: e.what, ...(e.id ? { id: e.id } : {}), role: actor.role, ...e.details },
    });
  /** One chart write per entry, in one statement. */
  const writeMany = (actor: Actor, entries: ChartAuditEntry[]) =>
    audit.recordMany(entries.map((e) => ({
      event: "chart.write" as const,
      actorId: actor.userId,
      subjectId: e.patientId,
      details: { what: e.what, ...(e.id ? { id: e.id } : {}), role: actor.role, ...e.details },
    })));
  return { read: record("chart.read"), write: record("chart.write"), writeMany };
}
export type ChartAudit = ReturnType<typeof createChartAudit>;
