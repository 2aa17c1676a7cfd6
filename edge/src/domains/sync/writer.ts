/**
 * The only way to write a synced table. `write(collections, fn)` runs `fn` in a
 * transaction that first takes each collection's advisory lock (in one fixed
 * order, so two writers never deadlock), hands out `seq` only under those
 * locks, and before committing NOTIFYs the seq range written per collection.
 * Why the lock makes pulls gap-free: see edge/migrations/0002_sync.sql.
 */
import type postgres from "postgres";
import type { Fragment, Sql } from "../../db/connect.ts";
import type { Change, ChangeFeed } from "../../realtime/change-feed.ts";
import type { CollectionName } from "../../../../sync/collections/index.ts";
import { SYNC_CHANNEL } from "../../../../sync/protocol.ts";
import { LOCK_NAMESPACE, type TableDef, TABLES, toColumns, toRecord } from "./tables.ts";

export type Tx = postgres.TransactionSql;
/** Collections whose rows triggers mark `dirty` and the edge sequences (chart/entries.ts). */
export type MarkedCollection = "chart_entries" | "note_types" | "practice_members";

export type SyncWrite = {
  tx: Tx;
  /** Inserts a document's fields (`updatedAt` is assigned); returns the new seq. */
  insert(name: CollectionName, doc: Record<string, unknown>, fields: readonly string[]): Promise<number>;
  /** Updates some fields of a document and gives it a new seq. */
  update(name: CollectionName, id: string, doc: Record<string, unknown>, fields: readonly string[]): Promise<number>;
  /**
   * Updates many documents, each with its own fields, and gives each a new seq: one statement per set of
   * fields (a push batch's edits of one kind are one statement). Every id must exist.
   */
  updateMany(name: CollectionName, rows: { id: string; doc: Record<string, unknown>; fields: readonly string[] }[]): Promise<void>;
  /**
   * Gives every row of these scope values a new seq, so readers who just gained
   * access (a new chat member, a newly assigned care team) receive rows older
   * than their checkpoint on their next pull or live event.
   */
  touchScope(name: CollectionName, scopeValues: string[]): Promise<number>;
  /**
   * For a table that only tracks changes of data kept elsewhere (`patient_panel`: id, seq, deleted): gives these
   * patients' rows a new seq, making the rows that are missing. Ids that are not patients are skipped.
   */
  touchPatients(name: "patients", patientIds: string[]): Promise<number>;
  /**
   * For a table whose rows are marked `dirty` by triggers (`chart_entries`, `note_types`): gives the marked rows a
   * new seq and clears the mark. Answers how many.
   */
  sequenceMarked(name: MarkedCollection): Promise<number>;
};

export function createSyncWriter(deps: { sql: Sql; changes: ChangeFeed }) {
  const { sql, changes } = deps;

  return async function write<T>(names: CollectionName[], fn: (w: SyncWrite) => Promise<T>): Promise<T> {
    const locked = [...new Set(names)].sort((a, b) => TABLES[a].lockKey - TABLES[b].lockKey);
    const ranges = new Map<CollectionName, { from: number; to: number }>();
    const record = (name: CollectionName, seqs: number[]) => {
      for (const seq of seqs) {
        const r = ranges.get(name);
        ranges.set(name, r ? { from: Math.min(r.from, seq), to: Math.max(r.to, seq) } : { from: seq, to: seq });
      }
    };
    const tableOf = (name: CollectionName): TableDef => {
      if (!locked.includes(name)) throw new Error(`sync write to ${name} without its lock`);
      return TABLES[name];
    };

    const result = await sql.begin(async (tx) => {
      for (const name of locked) await tx`select pg_advisory_xact_lock(${LOCK_NAMESPACE}, ${TABLES[name].lockKey})`;
      const w: SyncWrite = {
        tx,
        async insert(name, doc, fields) {
          const def = tableOf(name);
          const columns = toColumns(tx, def, doc, fields);
          const values = Object.values(columns).map((v) => tx`${v as never}`).reduce((a: Fragment, b) => tx`${a}, ${b}`);
          const [row] = await tx<{ seq: string }[]>`
            insert into ${tx(def.table)} (${tx(Object.keys(columns))}, seq)
            values (${values}, nextval('sync_seq')) returning seq`;
          record(name, [Number(row.seq)]);
          return Number(row.seq);
        },
        async update(name, id, doc, fields) {
          const def = tableOf(name);
          const columns = toColumns(tx, def, doc, fields);
          const [row] = await (Object.keys(columns).length
            ? tx<{ seq: string }[]>`update ${tx(def.table)} set ${tx(columns as never)}, seq = nextval('sync_seq')
                where id = ${id} returning seq`
            : tx<{ seq: string }[]>`update ${tx(def.table)} set seq = nextval('sync_seq') where id = ${id} returning seq`);
          if (!row) throw new Error(`sync update of a missing ${name} row`);
          record(name, [Number(row.seq)]);
          return Number(row.seq);
        },
        async updateMany(name, rows) {
          const def = tableOf(name);
          const groups = new Map<string, { columns: string[]; records: Record<string, unknown>[] }>();
          for (const row of rows) {
            const values = toRecord(def, row.doc, row.fields);
            const columns = Object.keys(values);
            const key = columns.join(",");
            const group = groups.get(key) ?? groups.set(key, { columns, records: [] }).get(key)!;
            group.records.push({ ...values, id: row.id });
          }
          for (const { columns, records } of groups.values()) {
            // The table's own row type converts each value to its column's type.
            const set = [...columns.map((c) => tx`${tx(c)} = v.${tx(c)}`), tx`seq = nextval('sync_seq')`]
              .reduce((a: Fragment, b) => tx`${a}, ${b}`);
            const updated = await tx<{ seq: string }[]>`
              update ${tx(def.table)} t set ${set}
              from jsonb_populate_recordset(null::${tx(def.table)}, ${tx.json(records as never)}) v
              where t.id = v.id returning t.seq`;
            if (updated.length !== records.length) throw new Error(`sync update of ${records.length - updated.length} missing ${name} rows`);
            record(name, updated.map((r) => Number(r.seq)));
          }
        },
        async touchScope(name, scopeValues) {
          const def = tableOf(name);
          if (scopeValues.length === 0) return 0;
          const rows = await tx<{ seq: string }[]>`
            update ${tx(def.table)} set seq = nextval('sync_seq')
            where ${tx(def.scopeColumn)} = any(${scopeValues}::uuid[]) returning seq`;
          record(name, rows.map((r) => Number(r.seq)));
          return rows.length;
        },
        async touchPatients(name, patientIds) {
          const def = tableOf(name);
          if (patientIds.length === 0) return 0;
          const rows = await tx<{ seq: string }[]>`
            insert into ${tx(def.table)} (id, seq)
            select u.id, nextval('sync_seq') from users u where u.id = any(${patientIds}::uuid[]) and u.role = 'patient'
            on conflict (id) do update set seq = nextval('sync_seq') returning seq`;
          record(name, rows.map((r) => Number(r.seq)));
          return rows.length;
        },
        async sequenceMarked(name) {
          const def = tableOf(name);
          // Rows another transaction holds (a write marking them again, not committed) are skipped, not awaited:
          // waiting here, under this collection's lock, for a writer that waits for a row this flush locked would
          // deadlock. That writer's own request sequences them once it commits (or the next pull does).
          const rows = await tx<{ seq: string }[]>`
            update ${tx(def.table)} set seq = nextval('sync_seq'), dirty = false
            where id in (select id from ${tx(def.table)} where dirty for update skip locked) returning seq`;
          record(name, rows.map((r) => Number(r.seq)));
          return rows.length;
        },
      };
      const out = await fn(w);
      for (const [collection, r] of ranges) {
        await tx`select pg_notify(${SYNC_CHANNEL}, ${JSON.stringify({ collection, from: r.from, to: r.to })})`;
      }
      return out;
    });
    const committed: Change[] = [...ranges].map(([collection, r]) => ({ collection, ...r }));
    if (committed.length) changes.committed(committed);
    return result as T;
  };
}
export type SyncWriter = ReturnType<typeof createSyncWriter>;
