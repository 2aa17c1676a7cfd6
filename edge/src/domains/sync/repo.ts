/** SQL of synced collections: every read is scoped by the actor (scopes.ts); writes go through writer.ts. */
import type { Actor } from "../../access/actor.ts";
import type { Queryable, Sql } from "../../db/connect.ts";
import { type CollectionName, collectionOf } from "../../../../sync/collections/index.ts";
import { PULL_LIMIT_MAX, PULL_PAGE_BYTES_MAX, type PullQuery, type SyncDoc } from "../../../../sync/protocol.ts";
import { approxJsonBytes, nextReadSize } from "./page-size.ts";
import { columnTarget, scopePredicate } from "./scopes.ts";
import { selectFrom, TABLES, toDoc, toDocFor } from "./tables.ts";

export function createSyncRepo(sql: Sql) {
  return {
    /**
     * Documents after the checkpoint that the actor may read, in (seq, id) order: at most `limit`. An
     * ordinary page (`limit` ≤ `PULL_LIMIT_MAX`) is one query and never ends early. A bulk page ends once
     * it holds about `PULL_PAGE_BYTES_MAX` of JSON (`more` then says documents follow); it is read in
     * queries sized from the bytes still allowed (`nextReadSize`), so a page of large documents reads few
     * rows it then leaves out, and no query reads more than an ordinary page.
     */
    async pull(actor: Actor, name: CollectionName, query: PullQuery): Promise<{ documents: SyncDoc[]; more: boolean }> {
      const def = TABLES[name];
      const visible = scopePredicate(sql, actor, collectionOf(name).access.read, columnTarget(sql, def.scopeColumn));
      const read = async (after: { updatedAt: number; id: string }, limit: number) => {
        // A row comparison, not `seq > a or (seq = a and id > b)`: with the OR, PostgreSQL intersects a
        // scan of every later seq with each visible patient's rows (a first page of 20,000 drafts took 0.5 s, 20 ms this way).
        const rows = await sql`${selectFrom(sql, def)}
          where (t.seq, t.id) > (${after.updatedAt}, ${after.id}::uuid)
            and ${visible}
          order by t.seq, t.id
          limit ${limit}`;
        return rows.map((r) => toDocFor(def, r, actor));
      };
      if (query.limit <= PULL_LIMIT_MAX) return { documents: await read(query, query.limit), more: false };
      const documents: (SyncDoc | null)[] = [];
      /** Index in `documents` by id: each query sees the rows as they are then, so a document edited between two reads comes again. */
      const at = new Map<string, number>();
      let bytes = 0;
      let after: { updatedAt: number; id: string } = query;
      /** Known: no row follows the last one read (a short read, read to its end); or some do (a read cut short). */
      let end = false;
      let follow = false;
      while (documents.length < query.limit && bytes < PULL_PAGE_BYTES_MAX) {
        const wanted = nextReadSize({ limit: query.limit, read: documents.length, bytes });
        const chunk = await read(after, wanted);
        let used = 0;
        for (const doc of chunk) {
          const earlier = at.get(doc.id);
          // Its newer copy, later in the order, replaces it (the checkpoint is the last document's).
          if (earlier !== undefined) documents[earlier] = null;
          at.set(doc.id, documents.length);
          documents.push(doc);
          used += 1;
          bytes += approxJsonBytes(doc);
          if (bytes >= PULL_PAGE_BYTES_MAX) break;
        }
        after = documents.at(-1) ?? after;
        follow = used < chunk.length;
        end = !follow && chunk.length < wanted;
        if (follow || end) break;
      }
      const page = documents.filter((doc) => doc !== null);
      // Fewer than the limit, and not for want of rows: say so (a full page says nothing, as an ordinary one).
      const more = page.length < query.limit && !end && (follow || (await read(after, 1)).length > 0);
      return { documents: page, more };
    },

    /** The stored document with this id, and whether the actor may read it; null when there is none. */
    async master(q: Queryable, actor: Actor, name: CollectionName, id: string) {
      const def = TABLES[name];
      const visible = scopePredicate(q, actor, collectionOf(name).access.read, columnTarget(q, def.scopeColumn));
      const [row] = await q`select d.*, (select ${visible} from ${q(def.table)} t where t.id = d.id) as readable
        from (${selectFrom(q, def)} where t.id = ${id}) d`;
      return row ? { doc: toDocFor(def, row, actor), readable: row.readable === true } : null;
    },

    /**
     * The stored documents with these ids, by id, and whether the actor may read each (one query for a
     * push batch; ids with no row are absent).
     */
    async masters(q: Queryable, actor: Actor, name: CollectionName, ids: string[]) {
      const def = TABLES[name];
      const found = new Map<string, { doc: SyncDoc; readable: boolean }>();
      if (ids.length === 0) return found;
      const visible = scopePredicate(q, actor, collectionOf(name).access.read, columnTarget(q, def.scopeColumn));
      const rows = await q`select d.*, (select ${visible} from ${q(def.table)} t where t.id = d.id) as readable
        from (${selectFrom(q, def)} where t.id = any(${ids}::uuid[])) d`;
      for (const row of rows) {
        const doc = toDocFor(def, row, actor);
        found.set(doc.id, { doc, readable: row.readable === true });
      }
      return found;
    },

    /**
     * Rows whose current seq lies in a committed range (the live fan-out), whoever may read them: each as the
     * care team reads it (`doc`) and as a patient reads it (`forPatient`, the same but for chart entries).
     */
    async inSeqRange(name: CollectionName, from: number, to: number): Promise<{ doc: SyncDoc; forPatient: SyncDoc }[]> {
      const def = TABLES[name];
      const rows = await sql`${selectFrom(sql, def)} where t.seq between ${from} and ${to} order by t.seq, t.id`;
      return rows.map((r) => {
        const doc = toDoc(def, r);
        return { doc, forPatient: name === "chart_entries" ? toDocFor(def, r, { role: "patient" }) : doc };
      });
    },
  };
}
export type SyncRepo = ReturnType<typeof createSyncRepo>;
