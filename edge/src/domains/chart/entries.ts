/**
 * The chart's entries on the care team's devices (sync collection `chart_entries`, issue 31), and the practice's
 * note types (`note_types`). Triggers on the entries' own tables and on note_types mark a row `dirty` at every
 * write, whatever wrote it (edge/migrations/0093, 0094); `flushChartEntries` gives the marked rows a new seq under
 * the sync writer's lock, so the devices pull them or are told at once.
 * It runs after every request that may have written (a middleware of the API) and before every pull, so a write
 * that came another way (a job, a seed) is sent at the latest on the next pull.
 */
import type { Deps } from "../../deps.ts";
import type { CreateEffects } from "../sync/service.ts";
import type { MarkedCollection, SyncWriter } from "../sync/writer.ts";
import { chartWritesOfPushes, createChartAudit } from "./audit.ts";
import { createEntryWrites, type DeviceDraftWrites } from "./entry-writes.ts";
import type { ChartEntryDoc } from "../../../../sync/collections/index.ts";

/**
 * Gives the marked chart entries and note types new seqs; does nothing (one indexed read) when none is marked.
 * Answers how many rows were sequenced.
 */
export async function flushChartEntries(sql: Deps["sql"], write: SyncWriter): Promise<number> {
  const [row] = await sql<{ entries: boolean; types: boolean }[]>`select
    exists (select 1 from chart_entries where dirty) as entries, exists (select 1 from note_types where dirty) as types`;
  const marked: MarkedCollection[] = [...(row.entries ? ["chart_entries" as const] : []), ...(row.types ? ["note_types" as const] : [])];
  if (marked.length === 0) return 0;
  return await write(marked, async (w) => {
    let count = 0;
    for (const name of marked) count += await w.sequenceMarked(name);
    return count;
  });
}

/** Note types are sequenced before a pull, like the entries (a type made past the API reaches the next pull). */
export function createNoteTypeSyncEffects(deps: Pick<Deps, "sql">): CreateEffects {
  return {
    async beforePull(_actor, write) {
      await flushChartEntries(deps.sql, write);
    },
  };
}

/**
 * The sync effects of `chart_entries`: entries are sequenced before a pull; a pull page is an audited read; a new
 * entry pushed by a device is created in its own table (entry-writes.ts) and audited as the chart API's create.
 */
export function createChartEntrySyncEffects(
  deps: Pick<Deps, "sql" | "audit" | "log" | "clock">,
  drafts: DeviceDraftWrites,
): CreateEffects {
  const audit = createChartAudit(deps.audit);
  const writes = createEntryWrites({ clock: deps.clock, drafts });
  const audited = chartWritesOfPushes(deps, {
    created: (doc) => [{ patientId: doc.patientId as string, what: `${doc.kind as string}.create`, id: doc.id, details: { via: "sync" } }],
    edited: () => [],
  });
  return {
    accepts: (w, actor, doc) => writes.accepts(w, actor, doc as unknown as ChartEntryDoc),
    insert: (w, actor, doc) => writes.insert(w, actor, doc as unknown as ChartEntryDoc),
    committed: audited.committed,
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
