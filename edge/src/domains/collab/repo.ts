/**
 * SQL of collaborative notes: a note's Yjs updates, appended one by one and
 * now and then compacted into one. Every write of a note runs under a
 * transaction-level advisory lock on that note, so its seqs commit in order
 * (a reader that applied seq n never finds a smaller one later) and two
 * processes never seed or compact the same note at once. On PostgreSQL the
 * append notifies `COLLAB_CHANNEL` inside its transaction (delivered on
 * commit); the payload is ids and a number, never note text.
 */
import type { Queryable, Sql } from "../../db/connect.ts";

export const COLLAB_CHANNEL = "note_updates";

export type UpdateRow = { seq: number; update: Uint8Array };

const lock = (tx: Queryable, noteId: string) => tx`select pg_advisory_xact_lock(hashtextextended(${`note:${noteId}`}, 0))`;

export function createCollabRepo(sql: Sql, opts: { notify: boolean }) {
  const rows = (list: { seq: string | number; update: Uint8Array }[]): UpdateRow[] =>
    list.map((r) => ({ seq: Number(r.seq), update: new Uint8Array(r.update) }));

  return {
    /** The note's updates after `afterSeq` (0: all), in order. */
    async since(noteId: string, afterSeq: number): Promise<UpdateRow[]> {
      return rows(await sql<{ seq: string; update: Uint8Array }[]>`
        select seq, update from note_updates where note_id = ${noteId} and seq > ${afterSeq} order by seq`);
    },

    /** Appends one update; answers its seq. */
    async append(noteId: string, update: Uint8Array): Promise<number> {
      return await sql.begin(async (tx) => {
        await lock(tx, noteId);
        const [row] = await tx<{ seq: string }[]>`insert into note_updates (note_id, update) values (${noteId}, ${update}) returning seq`;
        const seq = Number(row.seq);
        if (opts.notify) await tx`select pg_notify(${COLLAB_CHANNEL}, ${JSON.stringify({ noteId, seq })})`;
        return seq;
      });
    },

    /**
     * Writes `seed()` as the first update when the note has none yet (a note
     * written through the REST API before anyone opened it collaboratively).
     */
    async seedIfEmpty(noteId: string, seed: () => Uint8Array | null): Promise<void> {
      await sql.begin(async (tx) => {
        await lock(tx, noteId);
        const [any] = await tx`select 1 from note_updates where note_id = ${noteId} limit 1`;
        if (any) return;
        const update = seed();
        if (update) await tx`insert into note_updates (note_id, update) values (${noteId}, ${update})`;
      });
    },

    async count(noteId: string): Promise<number> {
      const [row] = await sql<{ n: number }[]>`select count(*)::int as n from note_updates where note_id = ${noteId}`;
      return row.n;
    },

    /**
     * Replaces every update of the note by `merge(updates)` (one update) and
     * stores `fields(merged)` into the note's plain `fields`, in one
     * transaction. Answers how many rows were merged (0: nothing to do).
     */
    async compact(noteId: string, opts: {
      merge: (updates: Uint8Array[]) => Uint8Array;
      fields: (merged: Uint8Array) => Record<string, string>;
      now: Date;
    }): Promise<number> {
      return await sql.begin(async (tx) => {
        await lock(tx, noteId);
        const all = rows(await tx<{ seq: string; update: Uint8Array }[]>`
          select seq, update from note_updates where note_id = ${noteId} order by seq`);
        if (all.length === 0) return 0;
        const merged = opts.merge(all.map((r) => r.update));
        if (all.length > 1) {
          await tx`delete from note_updates where note_id = ${noteId} and seq <= ${all[all.length - 1].seq}`;
          await tx`insert into note_updates (note_id, update) values (${noteId}, ${merged})`;
        }
        const text = opts.fields(merged);
        if (Object.keys(text).length) {
          await tx`update encounter_notes set fields = fields || ${tx.json(text as never)}, updated_at = ${opts.now}
            where id = ${noteId} and not (fields @> ${tx.json(text as never)})`;
        }
        return all.length;
      });
    },
  };
}
export type CollabRepo = ReturnType<typeof createCollabRepo>;
