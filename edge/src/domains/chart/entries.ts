/**
 * The chart's entries on the care team's devices (sync collection `chart_entries`, issue 31). Triggers on the
 * entries' own tables mark an entry `dirty` at every write, whatever wrote it (edge/migrations/0093); `flush`
 * gives the marked entries a new seq under the sync writer's lock, so the devices pull them or are told at once.
 * It runs after every request that may have written (a middleware of the API) and before every pull, so a write
 * that came another way (a job, a seed) is sent at the latest on the next pull.
 */
import type { Deps } from "../../deps.ts";
import type { CreateEffects } from "../sync/service.ts";
import type { SyncWriter } from "../sync/writer.ts";
import { createChartAudit } from "./audit.ts";

/** Gives the marked entries new seqs; does nothing (one indexed read) when none is marked. */
export async function flushChartEntries(sql: Deps["sql"], write: SyncWriter): Promise<number> {
  const [row] = await sql<{ marked: boolean }[]>`select exists (select 1 from chart_entries where dirty) as marked`;
  if (!row.marked) return 0;
  return await write(["chart_entries"], (w) => w.sequenceMarked("chart_entries"));
}

/** The sync effects of `chart_entries`: entries are sequenced before a pull; a pull page is an audited read. */
export function createChartEntrySyncEffects(deps: Pick<Deps, "sql" | "audit" | "log">): CreateEffects {
  const audit = createChartAudit(deps.audit);
  return {
    async beforePull(_actor, write) {
      await flushChartEntries(deps.sql, write);
    },
    async pulled(actor, docs) {
      const patientIds = [...new Set(docs.map((d) => (d as typeof d & { patientId: string }).patientId))];
      await audit.read(actor, { patientId: null, what: "chart.pull", details: { patientIds, entries: docs.length } })
        .catch((e: unknown) => deps.log.error("audit of a chart pull failed", { error: e instanceof Error ? e.message : String(e) }));
    },
  };
}
