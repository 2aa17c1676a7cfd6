/** SQL for medical-file bytes: chunks appended in order, read back in order. */
import type { Queryable, Sql } from "../../db/connect.ts";

export function createUploadsRepo(sql: Sql) {
  return {
    /** Locks the file row against concurrent appends; null when it does not exist. */
    async lockFile(q: Queryable, id: string) {
      const [row] = await q<{ status: string }[]>`select status from medical_files where id = ${id} for update`;
      return row ?? null;
    },
    async received(q: Queryable, id: string): Promise<number> {
      const [row] = await q<{ n: string }[]>`select coalesce(sum(size), 0)::bigint as n from medical_file_chunks where file_id = ${id}`;
      return Number(row.n);
    },
    /** Uploads of this user that are under way: pending, with a chunk since `since`, other than `exceptId`. */
    async inProgress(q: Queryable, userId: string, since: Date, exceptId: string): Promise<number> {
      const [row] = await q<{ n: number }[]>`
        select count(*)::int as n from medical_files f
        where f.uploaded_by = ${userId} and f.status = 'pending' and f.id <> ${exceptId}
          and exists (select 1 from medical_file_chunks c where c.file_id = f.id and c.created_at > ${since})`;
      return row.n;
    },
    async append(q: Queryable, chunk: { fileId: string; offset: number; data: Uint8Array; at: Date }) {
      await q`insert into medical_file_chunks (file_id, "offset", size, data, created_at)
        values (${chunk.fileId}, ${chunk.offset}, ${chunk.data.byteLength}, ${chunk.data}, ${chunk.at})`;
    },
    /** The first bytes of the content, enough to recognise its type. */
    async head(q: Queryable, id: string, bytes = 4096): Promise<Uint8Array> {
      const rows = await q<{ data: Uint8Array }[]>`
        select substring(data from 1 for ${bytes}) as data from medical_file_chunks
        where file_id = ${id} and "offset" < ${bytes} order by "offset"`;
      const out = new Uint8Array(Math.min(bytes, rows.reduce((n, r) => n + r.data.byteLength, 0)));
      let at = 0;
      for (const r of rows) {
        const part = r.data.subarray(0, out.length - at);
        out.set(part, at);
        at += part.length;
      }
      return out;
    },
    async removeChunks(q: Queryable, id: string) {
      await q`delete from medical_file_chunks where file_id = ${id}`;
    },
    async chunkOffsets(id: string): Promise<number[]> {
      const rows = await sql<{ offset: string }[]>`select "offset" from medical_file_chunks where file_id = ${id} order by "offset"`;
      return rows.map((r) => Number(r.offset));
    },
    async chunk(id: string, offset: number): Promise<Uint8Array> {
      const [row] = await sql<{ data: Uint8Array }[]>`select data from medical_file_chunks where file_id = ${id} and "offset" = ${offset}`;
      return row.data;
    },
  };
}
