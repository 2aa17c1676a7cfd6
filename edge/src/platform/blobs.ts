/** File bytes (signatures, insurance copies…) kept in PostgreSQL so every edge process sees them. */
import type { Sql } from "../db/connect.ts";

export type StoredBlob = { id: string; contentType: string; size: number; data: Uint8Array; ownerId: string | null; kind: string };

export function createBlobStore(sql: Sql) {
  return {
    async put(input: { ownerId: string | null; kind: string; contentType: string; data: Uint8Array }): Promise<string> {
      const [row] = await sql<{ id: string }[]>`
        insert into blobs (owner_id, kind, content_type, size, data)
        values (${input.ownerId}, ${input.kind}, ${input.contentType}, ${input.data.byteLength}, ${input.data})
        returning id`;
      return row.id;
    },
    async get(id: string): Promise<StoredBlob | null> {
      const [row] = await sql<{ id: string; content_type: string; size: number; data: Uint8Array; owner_id: string | null; kind: string }[]>`
        select id, content_type, size, data, owner_id, kind from blobs where id = ${id}`;
      return row
        ? { id: row.id, contentType: row.content_type, size: row.size, data: row.data, ownerId: row.owner_id, kind: row.kind }
        : null;
    },
    async remove(id: string) {
      await sql`delete from blobs where id = ${id}`;
    },
  };
}
export type BlobStore = ReturnType<typeof createBlobStore>;
