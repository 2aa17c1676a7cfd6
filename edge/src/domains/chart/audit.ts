/** Every read and write of clinical data lands in the audit log: who, which patient, what, when. */
import type { Actor } from "../../access/actor.ts";
import type { Deps } from "../../deps.ts";
import type { AuditLog } from "../audit/log.ts";
import type { CreateEffects, EditedDoc } from "../sync/service.ts";

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

type SyncDocument = Parameters<NonNullable<CreateEffects["committed"]>>[1][number];

/**
 * A synced collection's push effects that audit, once the push commits, what it created and changed as chart
 * writes: the entries of each document, all in one statement per push. A failed audit is logged, never thrown.
 */
export function chartWritesOfPushes(
  deps: Pick<Deps, "audit" | "log">,
  entries: { created(doc: SyncDocument): ChartAuditEntry[]; edited(edit: EditedDoc): ChartAuditEntry[] },
): CreateEffects {
  const audit = createChartAudit(deps.audit);
  const logFailure = (e: unknown) => deps.log.error("chart audit of a push failed", { error: e instanceof Error ? e.message : String(e) });
  return {
    async committed(actor, docs) {
      await audit.writeMany(actor, docs.flatMap(entries.created)).catch(logFailure);
    },
    async edited(actor, edits) {
      await audit.writeMany(actor, edits.flatMap(entries.edited)).catch(logFailure);
    },
  };
}
