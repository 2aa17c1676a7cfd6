/**
 * The live side of sync: for one committed change (a collection and the seq
 * range one transaction wrote), which documents each connected user may read.
 * Readers come from the same scope module as pulls, evaluated now, so a user
 * who lost access since the write receives nothing.
 */
import type { Sql } from "../../db/connect.ts";
import type { Change } from "../../realtime/change-feed.ts";
import { collectionOf } from "../../../../sync/collections/index.ts";
import type { LiveChange, SyncDoc } from "../../../../sync/protocol.ts";
import { createSyncRepo } from "./repo.ts";
import { readersOf } from "./scopes.ts";

export function createSyncFanout(deps: { sql: Sql }) {
  const repo = createSyncRepo(deps.sql);

  /** Per user of `audience`: the change's documents they may read, in seq order, and the checkpoint after them. */
  return async function fanOut(change: Change, audience: ReadonlySet<string>): Promise<Map<string, LiveChange<SyncDoc>>> {
    const out = new Map<string, LiveChange<SyncDoc>>();
    if (audience.size === 0) return out;
    // Rows re-sequenced by a later write are not here: that write's own change delivers them.
    const rows = await repo.inSeqRange(change.collection, change.from, change.to);
    if (rows.length === 0) return out;
    const { scopeField, read } = collectionOf(change.collection).access;
    const scopeOf = (doc: SyncDoc) => (doc as SyncDoc & Record<string, unknown>)[scopeField] as string;
    const readers = await readersOf(deps.sql, read, [...new Set(rows.map((r) => scopeOf(r.doc)))]);
    for (const row of rows) {
      for (const userId of readers.get(scopeOf(row.doc)) ?? []) {
        if (!audience.has(userId)) continue;
        // The patient of a care-team-or-patient row reads it through the patient's view (tables.ts `toDocFor`).
        const doc = read === "careTeamOrPatient" && userId === scopeOf(row.doc) ? row.forPatient : row.doc;
        const entry = out.get(userId) ?? { documents: [], checkpoint: { updatedAt: 0, id: doc.id } };
        entry.documents.push(doc);
        entry.checkpoint = { updatedAt: doc.updatedAt, id: doc.id };
        out.set(userId, entry);
      }
    }
    return out;
  };
}
