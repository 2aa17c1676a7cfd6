/**
 * The chart's entries on the care team's devices (sync collection `chart_entries`, issue 31). Triggers on the
 * entries' own tables mark a row `dirty` at every write, whatever wrote it (edge/migrations/0093, 0095);
 * `flushMarkedRows` (sync/marked.ts) gives the marked rows a new seq, so the devices pull them or are told at once.
 */
import type { Deps } from "../../deps.ts";
import type { CreateEffects } from "../sync/service.ts";
import { flushMarkedRows } from "../sync/marked.ts";
import { chartWritesOfPushes, createChartAudit } from "./audit.ts";
import { createEntryWrites, type DeviceDraftWrites } from "./entry-writes.ts";
import type { ChartEntryDoc } from "../../../../sync/collections/index.ts";

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
      await flushMarkedRows(deps.sql, write);
    },
    async pulled(actor, docs) {
      const patientIds = [...new Set(docs.map((d) => (d as typeof d & { patientId: string }).patientId))];
      await audit.read(actor, { patientId: null, what: "chart.pull", details: { patientIds, entries: docs.length } })
        .catch((e: unknown) => deps.log.error("audit of a chart pull failed", { error: e instanceof Error ? e.message : String(e) }));
    },
  };
}
