/**
 * Collections whose rows are marked `dirty` by database triggers whoever writes (chart entries, note types,
 * practice members; edge/migrations/0093, 0094, 0096) and sequenced here: `flushMarkedRows` gives the marked rows
 * a new seq under the sync writer's lock, so the devices pull them or are told at once. It runs after every
 * request that may have written (a middleware of the API) and before every pull of such a collection, so a write
 * that came another way (a job, a seed) is sent at the latest on the next pull.
 */
import type { Deps } from "../../deps.ts";
import type { CreateEffects } from "./service.ts";
import type { MarkedCollection, SyncWriter } from "./writer.ts";

/** Gives the marked rows new seqs; does nothing (one indexed read) when none is marked. Answers how many. */
export async function flushMarkedRows(sql: Deps["sql"], write: SyncWriter): Promise<number> {
  const [row] = await sql<{ chart_entries: boolean; note_types: boolean; practice_members: boolean }[]>`select
    exists (select 1 from chart_entries where dirty) as chart_entries, exists (select 1 from note_types where dirty) as note_types,
    exists (select 1 from practice_members where dirty) as practice_members`;
  const marked = (["chart_entries", "note_types", "practice_members"] as const).filter((name) => row[name]) as MarkedCollection[];
  if (marked.length === 0) return 0;
  return await write(marked, async (w) => {
    let count = 0;
    for (const name of marked) count += await w.sequenceMarked(name);
    return count;
  });
}

/** The effects of a pull-only marked collection: its marked rows are sequenced before a pull. */
export function createMarkedPullEffects(deps: Pick<Deps, "sql">): CreateEffects {
  return {
    async beforePull(_actor, write) {
      await flushMarkedRows(deps.sql, write);
    },
  };
}
